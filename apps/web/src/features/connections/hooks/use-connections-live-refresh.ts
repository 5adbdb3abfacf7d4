import { useQueryClient } from '@tanstack/react-query'
import { LIVE_EVENT_DOM_EVENT, type TLiveEventDetail } from '@vouched/shared/events.constants'
import { useEffect } from 'react'
import { connectionKeys, invalidateConnections } from '../connections.api'

/** Refreshes requests and connections when the live stream says something changed between two members. */
export function useConnectionsLiveRefresh() {
  const queryClient = useQueryClient()
  useEffect(() => {
    const onEvent = (event: Event) => {
      const { type } = (event as CustomEvent<TLiveEventDetail>).detail
      if (type === 'connection-request') {
        void queryClient.invalidateQueries({ queryKey: connectionKeys.pending })
        void queryClient.invalidateQueries({ queryKey: connectionKeys.sent })
        void queryClient.invalidateQueries({ queryKey: connectionKeys.checks })
      } else if (type === 'connection-accepted' || type === 'connection-removed') {
        void invalidateConnections(queryClient, { profiles: type === 'connection-accepted' })
      } else if (type === 'resync') {
        void invalidateConnections(queryClient)
      }
    }
    window.addEventListener(LIVE_EVENT_DOM_EVENT, onEvent)
    return () => window.removeEventListener(LIVE_EVENT_DOM_EVENT, onEvent)
  }, [queryClient])
}
