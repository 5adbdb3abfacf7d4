import { useQueryClient } from '@tanstack/react-query'
import { LIVE_EVENT_DOM_EVENT, type TLiveEventDetail } from '@vouched/shared/events.constants'
import { useEffect } from 'react'
import { invalidateEndorsementRequests } from '../endorsement-requests.api'

/** Refreshes both request lists when the live stream says a request was sent, answered or canceled. */
export function useEndorsementRequestsLiveRefresh() {
  const queryClient = useQueryClient()
  useEffect(() => {
    const onEvent = (event: Event) => {
      const { type } = (event as CustomEvent<TLiveEventDetail>).detail
      if (type === 'endorsement-request' || type === 'resync') void invalidateEndorsementRequests(queryClient)
    }
    window.addEventListener(LIVE_EVENT_DOM_EVENT, onEvent)
    return () => window.removeEventListener(LIVE_EVENT_DOM_EVENT, onEvent)
  }, [queryClient])
}
