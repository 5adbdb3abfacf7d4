import { useQuery } from '@tanstack/react-query'
import { PUSH_TYPES, type TPushType, type TPushTypes } from '@vouched/shared/push'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { isApiError } from '../../../lib/api-client'
import { deviceQuery, publicKeyQuery, useRemoveDevice, useSaveDevice } from '../push.api'
import {
  currentSubscription,
  notificationPermission,
  pushSupport,
  requestNotificationPermission,
  subscribeBrowser,
  unsubscribeBrowser,
  type PushPermission,
} from '../../../lib/push-device'

const ALL_ON = Object.fromEntries(PUSH_TYPES.map((type) => [type, true])) as TPushTypes

/**
 * Web Push on this device: whether the browser can, what the member allowed, the subscription the server
 * holds for it, and the three things the member does (turn on, switch a type, turn off).
 */
export function useDevicePush() {
  const { t } = useTranslation('push')
  const supported = pushSupport() === 'supported'
  const [permission, setPermission] = useState<PushPermission>(() =>
    supported ? notificationPermission() : 'default',
  )
  const [working, setWorking] = useState(false)
  const device = useQuery({ ...deviceQuery(), enabled: supported })
  const publicKey = useQuery({ ...publicKeyQuery(), enabled: supported })
  const save = useSaveDevice()
  const remove = useRemoveDevice()

  /** Marks the device busy while an action runs; the caller says what its outcome tells the member. */
  const run = async <T>(action: () => Promise<T>): Promise<T> => {
    setWorking(true)
    try {
      return await action()
    } finally {
      setWorking(false)
    }
  }

  /** Asks for permission, subscribes the browser and registers it; resolves with the member's answer. */
  const turnOn = () =>
    run(async () => {
      const answer = await requestNotificationPermission()
      setPermission(answer)
      if (answer !== 'granted') return answer
      const key = publicKey.data?.publicKey ?? (await publicKey.refetch()).data?.publicKey
      if (!key) throw new Error(t('deviceNotifications.noPublicKey'))
      const subscription = await subscribeBrowser(key)
      await save.mutateAsync({ subscription, types: ALL_ON })
      return answer
    })

  const setType = (type: TPushType, on: boolean) =>
    run(async () => {
      const subscription = await currentSubscription()
      if (!subscription || !device.data) return
      await save.mutateAsync({ subscription, types: { ...device.data.types, [type]: on } })
    })

  const turnOff = () =>
    run(async () => {
      const endpoint = (await unsubscribeBrowser()) ?? device.data?.endpoint
      // Already gone on the server (a 404 or 410 from the push service removed it): nothing left to do.
      if (endpoint) {
        await remove.mutateAsync({ endpoint }).catch((error: unknown) => {
          if (!(isApiError(error) && error.status === 404)) throw error
        })
      }
    })

  return {
    supported,
    permission,
    loading: supported && device.isPending,
    loadFailed: device.isError,
    device: device.data ?? null,
    busy: working || save.isPending || remove.isPending,
    turnOn,
    setType,
    turnOff,
  }
}
