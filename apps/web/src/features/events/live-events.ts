import {
  LIVE_EVENT_DOM_EVENT,
  LIVE_EVENT_TYPES,
  LIVE_STATUS_DATASET_KEY,
  LIVE_STATUS_DOM_EVENT,
  READY_EVENT,
  RESYNC_EVENT,
  type TLiveEventDetail,
  type TLiveStatusDetail,
} from '@vouched/shared/events.constants'

/** The stream's URL (same origin: the session cookie goes with it). */
export const EVENTS_URL = '/api/events'
/** After the server refused the stream (signed out, restarting), try again this much later. */
export const REOPEN_DELAY_MS = 30_000

/*
 * One EventSource per tab, shared by every component that uses it (reference counted), re-broadcast
 * as window CustomEvents (LIVE_EVENT_DOM_EVENT) so each feature refreshes its own caches.
 */
let source: EventSource | null = null
let users = 0
/** Bumped by the test reset so releases from before it are ignored. */
let generation = 0
let connected = false
let hasBeenReady = false
let reopenTimer: ReturnType<typeof setTimeout> | undefined
let closeTimer: ReturnType<typeof setTimeout> | undefined
const statusListeners = new Set<() => void>()

function broadcast(detail: TLiveEventDetail) {
  window.dispatchEvent(new CustomEvent<TLiveEventDetail>(LIVE_EVENT_DOM_EVENT, { detail }))
}

/*
 * The event schema is zod, which the signed-in top bar's first load would otherwise carry (~25 kB
 * gzip) for a stream that is usually quiet then: it is fetched with the first event instead. Every
 * broadcast goes through one promise chain, so what arrives while the schema loads still reaches
 * the features in arrival order (a resync never overtakes the event before it).
 */
const importSchema = () => import('@vouched/shared/events')
let loadSchema: ReturnType<typeof importSchema> | undefined
let queue: Promise<void> = Promise.resolve()

/** Broadcasts what `next` resolves to once everything received before it is out, if `es` is still the stream. */
function enqueue(es: EventSource, next: () => Promise<TLiveEventDetail | null> | TLiveEventDetail) {
  queue = queue.then(async () => {
    const detail = await next()
    // A stream closed meanwhile is not listened to any more (a reopened one resyncs).
    if (detail && source === es) broadcast(detail)
  })
}

async function parseLiveEvent(data: unknown): Promise<TLiveEventDetail | null> {
  try {
    const { ZLiveEvent } = await (loadSchema ??= importSchema())
    const parsed = ZLiveEvent.safeParse(data)
    return parsed.success ? parsed.data : null
  } catch {
    // The chunk did not load (offline, a new deploy): drop this event; the next one tries again.
    loadSchema = undefined
    return null
  }
}

function setConnected(next: boolean) {
  if (connected === next) return
  connected = next
  document.documentElement.dataset[LIVE_STATUS_DATASET_KEY] = next ? 'connected' : 'down'
  window.dispatchEvent(
    new CustomEvent<TLiveStatusDetail>(LIVE_STATUS_DOM_EVENT, { detail: { connected: next } }),
  )
  statusListeners.forEach((listener) => listener())
}

function open() {
  if (source || typeof window === 'undefined' || typeof window.EventSource === 'undefined') return
  const es = new window.EventSource(EVENTS_URL, { withCredentials: true })
  source = es
  es.addEventListener(READY_EVENT, () => {
    setConnected(true)
    // Back after a drop: whatever happened meanwhile was not streamed, so refetch.
    if (hasBeenReady) enqueue(es, () => ({ type: RESYNC_EVENT }))
    hasBeenReady = true
  })
  es.addEventListener(RESYNC_EVENT, () => enqueue(es, () => ({ type: RESYNC_EVENT })))
  for (const type of LIVE_EVENT_TYPES) {
    es.addEventListener(type, (message) => {
      let data: unknown
      try {
        data = JSON.parse((message as MessageEvent<string>).data)
      } catch {
        return
      }
      enqueue(es, () => parseLiveEvent(data))
    })
  }
  es.onerror = () => {
    setConnected(false)
    // CONNECTING: the browser retries by itself. CLOSED: it gave up (an error status); we retry later.
    if (es.readyState === window.EventSource.CLOSED) {
      es.close()
      if (source === es) source = null
      scheduleReopen()
    }
  }
}

function scheduleReopen() {
  if (reopenTimer || users === 0) return
  reopenTimer = setTimeout(() => {
    reopenTimer = undefined
    if (users > 0) open()
  }, REOPEN_DELAY_MS)
}

function close() {
  clearTimeout(reopenTimer)
  reopenTimer = undefined
  source?.close()
  source = null
  hasBeenReady = false
  setConnected(false)
}

/** Starts (or shares) the stream; the returned function releases it. */
export function acquireLiveEvents(): () => void {
  users += 1
  clearTimeout(closeTimer)
  document.documentElement.dataset[LIVE_STATUS_DATASET_KEY] ??= connected ? 'connected' : 'down'
  open()
  let released = false
  const mine = generation
  return () => {
    if (released || mine !== generation) return
    released = true
    users -= 1
    // A remount in the same tick (StrictMode, route change) keeps the stream instead of reopening it.
    if (users === 0) closeTimer = setTimeout(() => users === 0 && close(), 0)
  }
}

export const isLiveConnected = () => connected

export function subscribeLiveStatus(listener: () => void) {
  statusListeners.add(listener)
  return () => void statusListeners.delete(listener)
}

/** Tests: forget the shared stream. */
export function resetLiveEventsForTests() {
  generation += 1
  users = 0
  clearTimeout(closeTimer)
  close()
}
