import type { PublicKeyCredentialCreationOptionsJSON } from '@simplewebauthn/browser'
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { TOk } from '@vouched/shared/errors'
import type {
  TAccountSecurity,
  TAddPasskeyBody,
  TPasskey,
  TRecoveryCodes,
  TRevokedSessions,
  TSecondFactorBody,
  TTwoFactorCodeBody,
  TTwoFactorSetup,
} from '@vouched/shared/security'
import { api } from '../../lib/api-client'
import { sessionKeys } from '../../lib/session'

export const securityKeys = {
  all: ['account', 'security'] as const,
}

/** Two-factor state and the member's signed-in sessions (GET /api/account/security). */
export const securityQuery = () =>
  queryOptions({
    queryKey: securityKeys.all,
    queryFn: () => api.get<TAccountSecurity>('/api/account/security'),
  })

/** A new secret to scan; nothing changes until `useEnableTwoFactor` confirms a code from it. */
export const useStartTwoFactorSetup = () =>
  useMutation({
    mutationFn: () => api.post<TTwoFactorSetup>('/api/account/two-factor/setup'),
  })

export function useEnableTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: TTwoFactorCodeBody) =>
      api.post<TRecoveryCodes>('/api/account/two-factor/enable', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  })
}

export function useDisableTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: TSecondFactorBody) => api.post<TOk>('/api/account/two-factor/disable', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  })
}

export function useRevokeSession() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.delete<TOk>(`/api/account/sessions/${id}`),
    onSuccess: (_result, id) => {
      const current = queryClient
        .getQueryData<TAccountSecurity>(securityKeys.all)
        ?.sessions.find((session) => session.id === id)?.current
      // Signing this very session out is signing out.
      if (current) {
        queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.user[0] })
        queryClient.setQueryData(sessionKeys.user, null)
        return
      }
      return queryClient.invalidateQueries({ queryKey: securityKeys.all })
    },
  })
}

export function useRevokeOtherSessions() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post<TRevokedSessions>('/api/account/sessions/revoke-others'),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  })
}

/**
 * Adds a passkey: the server's options, the browser's prompt (the device asks for a fingerprint, face or
 * PIN), then the answer with the name the member chose.
 */
export function useAddPasskey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async (name: string) => {
      // Loaded when used, as the sign-in loads it (lib/session.ts).
      const [{ startRegistration }, optionsJSON] = await Promise.all([
        import('@simplewebauthn/browser'),
        api.post<PublicKeyCredentialCreationOptionsJSON>('/api/account/passkeys/options'),
      ])
      const response = await startRegistration({ optionsJSON })
      const body: TAddPasskeyBody = { name, response: response as TAddPasskeyBody['response'] }
      return api.post<TPasskey>('/api/account/passkeys', body)
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  })
}

export function useRemovePasskey() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.delete<TOk>(`/api/account/passkeys/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: securityKeys.all }),
  })
}
