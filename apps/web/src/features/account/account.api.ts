import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  TChangePasswordBody,
  TDeleteAccountBody,
  TPreference,
  TPreferences,
} from '@vouched/shared/account'
import type { TApiTokenList, TCreateApiTokenBody, TCreatedApiToken } from '@vouched/shared/api-tokens'
import type { TMessage } from '@vouched/shared/auth'
import type { TOk } from '@vouched/shared/errors'
import type { TAccountSettings, TUpdateAccountSettingsBody } from '@vouched/shared/endorsement-review'
import { api } from '../../lib/api-client'
import { sessionKeys } from '../../lib/session'

export const accountKeys = {
  preferences: ['account', 'notification-preferences'] as const,
  settings: ['account', 'settings'] as const,
  tokens: ['account', 'tokens'] as const,
}

/** The archive is a download: a plain link lets the browser save it with the server's file name. */
export const EXPORT_URL = '/api/account/export'

export const preferencesQuery = () =>
  queryOptions({
    queryKey: accountKeys.preferences,
    queryFn: () => api.get<TPreferences>('/api/account/notification-preferences'),
  })

export function useSavePreferences() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (preferences: TPreference[]) =>
      api.put<TPreferences>('/api/account/notification-preferences', { preferences }),
    onSuccess: (saved) => queryClient.setQueryData(accountKeys.preferences, saved),
  })
}

export const useChangePassword = () =>
  useMutation({
    mutationFn: (body: TChangePasswordBody) => api.post<TMessage>('/api/account/password', body),
  })

/** Once the account is gone nothing cached may stay: every query is dropped and the session is null. */
export function useDeleteAccount() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: TDeleteAccountBody) => api.delete<TMessage>('/api/account', body),
    onSuccess: () => {
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== sessionKeys.user[0] })
      queryClient.setQueryData(sessionKeys.user, null)
    },
  })
}

export const settingsQuery = () =>
  queryOptions({
    queryKey: accountKeys.settings,
    queryFn: () => api.get<TAccountSettings>('/api/account/settings'),
  })

export function useSaveSettings() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: TUpdateAccountSettingsBody) =>
      api.patch<TAccountSettings>('/api/account/settings', body),
    onSuccess: (saved) => queryClient.setQueryData(accountKeys.settings, saved),
  })
}

export const apiTokensQuery = () =>
  queryOptions({
    queryKey: accountKeys.tokens,
    queryFn: () => api.get<TApiTokenList>('/api/account/tokens'),
  })

/** The answer carries the token itself, the only time it is shown: the caller keeps it for display. */
export function useCreateApiToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: TCreateApiTokenBody) => api.post<TCreatedApiToken>('/api/account/tokens', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.tokens }),
  })
}

export function useRevokeApiToken() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: number) => api.delete<TOk>(`/api/account/tokens/${id}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.tokens }),
  })
}
