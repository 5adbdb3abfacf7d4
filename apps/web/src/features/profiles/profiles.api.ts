import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type {
  TAddWorkEmailBody,
  TAddWorkEmailResponse,
  TProfile,
  TUpdateProfileBody,
  TVerifyEmailResponse,
} from '@vouched/shared/profiles'
import type { TSelfUser } from '@vouched/shared/users'
import { api } from '../../lib/api-client'
import { sessionKeys } from '../../lib/session'

/** Every profile query starts with 'profiles' (other features invalidate that prefix). */
export const profileKeys = {
  all: ['profiles'] as const,
  detail: (username: string) => ['profiles', username.toLowerCase()] as const,
}

export const profileQuery = (username: string) =>
  queryOptions({
    queryKey: profileKeys.detail(username),
    queryFn: () => api.get<TProfile>(`/api/users/${encodeURIComponent(username)}`),
  })

/** After one's own record changes: the session user (top bar, avatar) and the profiles showing it. */
function useRefreshOwnRecord() {
  const queryClient = useQueryClient()
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: sessionKeys.user }),
      queryClient.invalidateQueries({ queryKey: profileKeys.all }),
    ])
}

export function useUpdateProfile(userId: number) {
  const refresh = useRefreshOwnRecord()
  return useMutation({
    mutationFn: (body: TUpdateProfileBody) => api.patch<TSelfUser>(`/api/users/${userId}/profile`, body),
    onSuccess: refresh,
  })
}

export function useUploadProfilePicture(userId: number) {
  const refresh = useRefreshOwnRecord()
  return useMutation({
    mutationFn: (file: File) =>
      api.upload<TSelfUser>(`/api/users/${userId}/profile-picture`, { profilePicture: file }),
    onSuccess: refresh,
  })
}

export function useAddWorkEmail() {
  return useMutation({
    mutationFn: (body: TAddWorkEmailBody) =>
      api.post<TAddWorkEmailResponse>('/api/users/add-work-email', body),
  })
}

/** On success the user record is fetched again (SPEC.md §2: the dialog's success step refetches it). */
export function useVerifyWorkEmail() {
  const refresh = useRefreshOwnRecord()
  return useMutation({
    mutationFn: (verificationCode: string) =>
      api.post<TVerifyEmailResponse>('/api/users/verify-email', { verificationCode }),
    onSuccess: refresh,
  })
}
