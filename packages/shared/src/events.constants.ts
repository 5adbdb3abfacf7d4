import type { TLiveEvent } from './events'

/** Server-Sent Events of `GET /api/events`: the event name is the type, the data is this JSON. */
export const LIVE_EVENT_TYPES = [
  'notification',
  'connection-request',
  'connection-accepted',
  'connection-removed',
  'message',
  'message-status',
  'endorsement-request',
] as const

export type TLiveEventType = (typeof LIVE_EVENT_TYPES)[number]

/**
 * Sent by the server when its database listener reconnected (events may have been missed):
 * clients refetch what they show.
 */
export const RESYNC_EVENT = 'resync'

/** Sent once when the stream is open and listening. */
export const READY_EVENT = 'ready'

/** Seconds between the comment lines that keep proxies from closing an idle stream. */
export const HEARTBEAT_MS = 25_000

/** How long a browser waits before reconnecting a dropped stream. */
export const EVENTS_RETRY_MS = 5_000

/**
 * In the browser, the live events feature re-broadcasts every event (and `resync`) as a window
 * `CustomEvent` of this name with the event as `detail`, so any web feature can react to it
 * (e.g. messaging refetches a thread on `message`) without importing another feature.
 */
export const LIVE_EVENT_DOM_EVENT = 'vouched:live-event'

export type TLiveEventDetail = TLiveEvent | { type: typeof RESYNC_EVENT }

/** Dispatched on window whenever the stream opens or drops; `detail` is `{ connected }`. */
export const LIVE_STATUS_DOM_EVENT = 'vouched:live-status'

export type TLiveStatusDetail = { connected: boolean }

/**
 * The current state, readable at any time (a component mounting after the last status event):
 * `document.documentElement.dataset.liveEvents` is 'connected' or 'down'.
 */
export const LIVE_STATUS_DATASET_KEY = 'liveEvents'
