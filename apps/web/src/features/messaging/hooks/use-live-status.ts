import {
  LIVE_EVENT_DOM_EVENT,
  LIVE_STATUS_DOM_EVENT,
  type TLiveStatusDetail,
} from '@vouched/shared/events.constants'
import { useEffect, useState } from 'react'

/**
 * Whether the live event stream is up, as last announced on window (any event arriving proves it too).
 * Until then callers treat it as down and poll (the SPEC.md §9 fallback).
 */
export function useLiveStatus() {
  const [connected, setConnected] = useState(false)
  useEffect(() => {
    const onStatus = (event: Event) =>
      setConnected((event as CustomEvent<TLiveStatusDetail>).detail.connected)
    const onEvent = () => setConnected(true)
    window.addEventListener(LIVE_STATUS_DOM_EVENT, onStatus)
    window.addEventListener(LIVE_EVENT_DOM_EVENT, onEvent)
    return () => {
      window.removeEventListener(LIVE_STATUS_DOM_EVENT, onStatus)
      window.removeEventListener(LIVE_EVENT_DOM_EVENT, onEvent)
    }
  }, [])
  return connected
}
