import { useQueryClient } from '@tanstack/react-query'
import { LIVE_EVENT_DOM_EVENT, type TLiveEventDetail } from '@vouched/shared/events.constants'
import { useEffect } from 'react'
import { invalidateMessaging, markDelivered } from '../messaging.api'

/**
 * Mount once per tab. A 'message' event (entityId: the conversation) is this client receiving the
 * message: it is marked delivered, then every messaging query refreshes (an open thread then marks it
 * read). A 'message-status' event means the other side received or read ours.
 */
export function useMessagingLiveRefresh() {
  const queryClient = useQueryClient()
  useEffect(() => {
    const onEvent = (event: Event) => {
      const detail = (event as CustomEvent<TLiveEventDetail>).detail
      if (detail.type === 'message') {
        const conversationId = detail.entityId
        const delivered = conversationId
          ? markDelivered(conversationId).catch(() => undefined)
          : Promise.resolve()
        void delivered.then(() => invalidateMessaging(queryClient))
      } else if (detail.type === 'message-status' || detail.type === 'resync') {
        void invalidateMessaging(queryClient)
      }
    }
    window.addEventListener(LIVE_EVENT_DOM_EVENT, onEvent)
    return () => window.removeEventListener(LIVE_EVENT_DOM_EVENT, onEvent)
  }, [queryClient])
}
