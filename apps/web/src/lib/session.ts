import type { PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser'
import { queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { TLoginBody, TRegisterBody } from '@vouched/shared/auth'
import type { TPasskeySignInBody, TSecondFactorBody, TTwoFactorRequired } from '@vouched/shared/security'
import type { TSelfUser } from '@vouched/shared/users'
import { api, ApiError } from './api-client'

export const sessionKeys = {
  user: ['session', 'user'] as const,
}

/** GET /api/user: the signed-in member, or null when the server answers 401 (SPEC.md §6). */
export const currentUserQuery = queryOptions({
  queryKey: sessionKeys.user,
  queryFn: async (): Promise<TSelfUser | null> => {
    try {
      return await api.get<TSelfUser>('/api/user')
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) return null
      throw error
    }
  },
})

/** `user` is undefined while loading, null when signed out. */
export function useCurrentUser() {
  const query = useQuery(currentUserQuery)
  return { ...query, user: query.data }
}

/**
 * A new identity must not see what the previous one had cached: drop every query but the session,
 * then put the new user (or null) in place.
 */
function switchIdentity(queryClient: QueryClient, user: TSelfUser | null) {
  queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.user[0] })
  queryClient.setQueryData(sessionKeys.user, user)
}

/** The password step's answer: the member, or word that a second factor is awaited (no session yet). */
export type TLoginResult = TSelfUser | TTwoFactorRequired

export const needsSecondFactor = (result: TLoginResult): result is TTwoFactorRequired =>
  'twoFactorRequired' in result && result.twoFactorRequired

export function useLogin() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: TLoginBody) => api.post<TLoginResult>('/api/login', body),
    onSuccess: (result) => {
      if (!needsSecondFactor(result)) switchIdentity(queryClient, result)
    },
  })
}

/** The second step of a sign-in with two-factor on: a code or a recovery code completes it. */
export function useCompleteTwoFactor() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: TSecondFactorBody) => api.post<TSelfUser>('/api/login/two-factor', body),
    onSuccess: (user) => switchIdentity(queryClient, user),
  })
}

/**
 * Signs in with a passkey alone: the server's challenge, the browser's prompt listing the passkeys this
 * device holds for the site, then the answer, which names the member. No password, no second step.
 */
export function usePasskeySignIn() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: async () => {
      // Loaded when used: every page reads the session, few sign in with a passkey.
      const [{ startAuthentication }, optionsJSON] = await Promise.all([
        import('@simplewebauthn/browser'),
        api.post<PublicKeyCredentialRequestOptionsJSON>('/api/login/passkey/options'),
      ])
      const response = await startAuthentication({ optionsJSON })
      const body: TPasskeySignInBody = { response: response as TPasskeySignInBody['response'] }
      return api.post<TSelfUser>('/api/login/passkey', body)
    },
    onSuccess: (user) => switchIdentity(queryClient, user),
  })
}

export function useRegister() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: TRegisterBody) => api.post<TSelfUser>('/api/register', body),
    onSuccess: (user) => switchIdentity(queryClient, user),
  })
}

export function useLogout() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => api.post<{ success: true }>('/api/logout'),
    onSuccess: () => switchIdentity(queryClient, null),
  })
}

/** For features that change the member's own record (profile edit, picture, work email). */
export function useRefreshCurrentUser() {
  const queryClient = useQueryClient()
  return () => queryClient.invalidateQueries({ queryKey: sessionKeys.user })
}
