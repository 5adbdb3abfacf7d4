import { useQueryClient } from '@tanstack/react-query'
import { LIVE_EVENT_DOM_EVENT, type TLiveEventDetail } from '@vouched/shared/events.constants'
import { useEffect } from 'react'
import { notificationKeys } from '../notifications.api'

/** Refetches the notifications when the live stream announces one (or asks for a resync). */
export function useNotificationsLiveRefresh() {
  const queryClient = useQueryClient()
  useEffect(() => {
    const onEvent = (event: Event) => {
      const { type } = (event as CustomEvent<TLiveEventDetail>).detail
      if (type === 'notification' || type === 'resync') {
        void queryClient.invalidateQueries({ queryKey: notificationKeys.all })
      }
    }
    window.addEventListener(LIVE_EVENT_DOM_EVENT, onEvent)
    return () => window.removeEventListener(LIVE_EVENT_DOM_EVENT, onEvent)
  }, [queryClient])
}
