import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query'
import type { TOk } from '@vouched/shared/errors'
import type {
  TPushPublicKey,
  TPushSubscribeBody,
  TPushSubscription,
  TPushUnsubscribeBody,
} from '@vouched/shared/push'
import { api } from '../../lib/api-client'
import { currentSubscription } from '../../lib/push-device'

export const pushKeys = {
  publicKey: ['push', 'public-key'] as const,
  /** This browser's subscription as the server holds it (null: not subscribed). */
  device: ['push', 'device'] as const,
}

export const publicKeyQuery = () =>
  queryOptions({
    queryKey: pushKeys.publicKey,
    queryFn: () => api.get<TPushPublicKey>('/api/push/public-key'),
    staleTime: Infinity,
  })

/** Registers or updates this device; without `types` the server keeps the device's switches. */
export function useSaveDevice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: TPushSubscribeBody) => api.post<TPushSubscription>('/api/push/subscriptions', body),
    onSuccess: (saved) => queryClient.setQueryData(pushKeys.device, saved),
  })
}

export function useRemoveDevice() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: TPushUnsubscribeBody) => api.delete<TOk>('/api/push/subscriptions', body),
    onSettled: () => queryClient.setQueryData(pushKeys.device, null),
  })
}

/**
 * This browser's subscription as the server holds it. A browser that has one sends it again (without
 * switches, so the server keeps them): the server's copy follows key changes, and one it removed after
 * a 404/410, or with a reset database, comes back while the browser still holds it.
 */
export const deviceQuery = () =>
  queryOptions({
    queryKey: pushKeys.device,
    queryFn: async (): Promise<TPushSubscription | null> => {
      const subscription = await currentSubscription()
      if (!subscription) return null
      return api.post<TPushSubscription>('/api/push/subscriptions', { subscription })
    },
    staleTime: Infinity,
  })
