import { useEffect, useSyncExternalStore } from 'react'
import { acquireLiveEvents, isLiveConnected, subscribeLiveStatus } from '../live-events'

/**
 * Keeps the signed-in member's live event stream (`GET /api/events`) open while the calling component
 * is mounted, and tells whether it is up. Features listen to the re-broadcast window events
 * (`LIVE_EVENT_DOM_EVENT`) to refresh their caches, and poll while `connected` is false.
 */
export function useLiveEvents() {
  useEffect(() => acquireLiveEvents(), [])
  const connected = useSyncExternalStore(subscribeLiveStatus, isLiveConnected, () => false)
  return { connected }
}
