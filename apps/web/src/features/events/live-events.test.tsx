import { LIVE_EVENT_DOM_EVENT, LIVE_STATUS_DOM_EVENT } from '@vouched/shared/events.constants'
import { act, renderHook, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import '../../test/setup'
import { useLiveEvents } from './hooks/use-live-events'
import { REOPEN_DELAY_MS, resetLiveEventsForTests } from './live-events'

/** A stand-in for the browser's EventSource that the test drives. */
class FakeEventSource {
  static CONNECTING = 0
  static OPEN = 1
  static CLOSED = 2
  static instances: FakeEventSource[] = []
  readyState = FakeEventSource.CONNECTING
  onerror: ((event: Event) => void) | null = null
  closed = false
  private listeners = new Map<string, Array<(event: MessageEvent) => void>>()
  constructor(
    readonly url: string,
    readonly init?: EventSourceInit,
  ) {
    FakeEventSource.instances.push(this)
  }
  addEventListener(type: string, listener: (event: MessageEvent) => void) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener])
  }
  close() {
    this.closed = true
    this.readyState = FakeEventSource.CLOSED
  }
  emit(type: string, data: unknown = {}) {
    this.readyState = FakeEventSource.OPEN
    const event = new MessageEvent(type, { data: typeof data === 'string' ? data : JSON.stringify(data) })
    for (const listener of this.listeners.get(type) ?? []) listener(event)
  }
  fail(readyState: number) {
    this.readyState = readyState
    this.onerror?.(new Event('error'))
  }
}

const received: unknown[] = []
const statuses: boolean[] = []
const onEvent = (e: Event) => received.push((e as CustomEvent).detail)
const onStatus = (e: Event) => statuses.push((e as CustomEvent<{ connected: boolean }>).detail.connected)

beforeEach(() => {
  FakeEventSource.instances = []
  received.length = 0
  statuses.length = 0
  vi.stubGlobal('EventSource', FakeEventSource)
  window.addEventListener(LIVE_EVENT_DOM_EVENT, onEvent)
  window.addEventListener(LIVE_STATUS_DOM_EVENT, onStatus)
})
afterEach(() => {
  window.removeEventListener(LIVE_EVENT_DOM_EVENT, onEvent)
  window.removeEventListener(LIVE_STATUS_DOM_EVENT, onStatus)
  resetLiveEventsForTests()
  vi.useRealTimers()
})

describe('useLiveEvents', () => {
  it('opens one shared stream with credentials and reports when it is up', async () => {
    const a = renderHook(() => useLiveEvents())
    const b = renderHook(() => useLiveEvents())
    expect(FakeEventSource.instances).toHaveLength(1)
    const es = FakeEventSource.instances[0]!
    expect(es.url).toBe('/api/events')
    expect(es.init).toEqual({ withCredentials: true })
    expect(a.result.current.connected).toBe(false)

    act(() => es.emit('ready'))
    expect(a.result.current.connected).toBe(true)
    expect(b.result.current.connected).toBe(true)
    expect(statuses).toEqual([true])
    expect(document.documentElement.dataset.liveEvents).toBe('connected')

    a.unmount()
    await act(() => new Promise((r) => setTimeout(r, 5)))
    expect(es.closed).toBe(false)
    b.unmount()
    await act(() => new Promise((r) => setTimeout(r, 5)))
    expect(es.closed).toBe(true)
    expect(document.documentElement.dataset.liveEvents).toBe('down')
  })

  it('re-broadcasts valid events on window and drops malformed ones', async () => {
    renderHook(() => useLiveEvents())
    const es = FakeEventSource.instances[0]!
    act(() => {
      es.emit('ready')
      es.emit('notification', { type: 'notification', entityId: 4 })
      es.emit('message', { type: 'message', entityId: 9 })
      es.emit('connection-request', 'not json')
      es.emit('connection-accepted', { type: 'bogus' })
    })
    // The schema is imported with the first event, so the broadcasts come a moment later.
    await waitFor(() =>
      expect(received).toEqual([
        { type: 'notification', entityId: 4 },
        { type: 'message', entityId: 9 },
      ]),
    )
  })

  it('keeps the arrival order while the schema loads', async () => {
    renderHook(() => useLiveEvents())
    const es = FakeEventSource.instances[0]!
    act(() => {
      es.emit('ready')
      es.emit('message', { type: 'message', entityId: 1 })
      es.emit('resync')
      es.emit('notification', { type: 'notification', entityId: 2 })
    })
    await waitFor(() =>
      expect(received).toEqual([
        { type: 'message', entityId: 1 },
        { type: 'resync' },
        { type: 'notification', entityId: 2 },
      ]),
    )
  })

  it('asks features to resync after a drop, and when the server says so', async () => {
    const { result } = renderHook(() => useLiveEvents())
    const es = FakeEventSource.instances[0]!
    act(() => es.emit('ready'))
    act(() => es.fail(FakeEventSource.CONNECTING))
    expect(result.current.connected).toBe(false)
    act(() => es.emit('ready'))
    expect(result.current.connected).toBe(true)
    act(() => es.emit('resync'))
    await waitFor(() => expect(received).toEqual([{ type: 'resync' }, { type: 'resync' }]))
  })

  it('reopens the stream 30 s after the server refused it', () => {
    vi.useFakeTimers()
    const { result } = renderHook(() => useLiveEvents())
    const first = FakeEventSource.instances[0]!
    act(() => first.fail(FakeEventSource.CLOSED))
    expect(result.current.connected).toBe(false)
    expect(first.closed).toBe(true)
    act(() => vi.advanceTimersByTime(REOPEN_DELAY_MS - 1))
    expect(FakeEventSource.instances).toHaveLength(1)
    act(() => vi.advanceTimersByTime(1))
    expect(FakeEventSource.instances).toHaveLength(2)
    act(() => FakeEventSource.instances[1]!.emit('ready'))
    expect(result.current.connected).toBe(true)
  })

  it('stays down (so features poll) where EventSource does not exist', () => {
    vi.stubGlobal('EventSource', undefined)
    const { result } = renderHook(() => useLiveEvents())
    expect(result.current.connected).toBe(false)
  })
})
