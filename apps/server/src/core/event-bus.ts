import { LIVE_EVENT_TYPES, type TLiveEvent } from '@vouched/shared/events'
import type { FastifyBaseLogger } from 'fastify'
import type { Database } from '../db/client'
import { listenChannel, type Listener } from './db-listener'
import { EVENTS_CHANNEL } from './events'

export type Subscriber = {
  /** An event for the subscribed member, from any server instance. */
  onEvent: (event: TLiveEvent) => void
  /** The listener lost its database for a while: events may have been missed, refetch everything. */
  onResync: () => void
}

export type EventBus = {
  /** Resolves once this instance listens, so nothing committed afterwards is missed; returns the unsubscribe. */
  subscribe: (userId: number, subscriber: Subscriber) => Promise<() => void>
  /** Local subscribers of a member (tests and diagnostics). */
  subscriberCount: (userId?: number) => number
  close: () => Promise<void>
}

const KNOWN_TYPES = new Set<string>(LIVE_EVENT_TYPES)

/**
 * One LISTEN per server instance on the `vouched_events` channel, fanned out to this instance's
 * subscribers by member id. It starts with the first subscriber and stops with the app.
 */
export function createEventBus(database: Database, log: FastifyBaseLogger): EventBus {
  const subscribers = new Map<number, Set<Subscriber>>()
  let listener: Promise<Listener> | undefined
  let closed = false

  const dispatch = (payload: string) => {
    let message: { userId?: unknown; type?: unknown; entityId?: unknown }
    try {
      message = JSON.parse(payload) as typeof message
    } catch {
      return
    }
    if (typeof message.userId !== 'number' || typeof message.type !== 'string') return
    if (!KNOWN_TYPES.has(message.type)) return
    const targets = subscribers.get(message.userId)
    if (!targets) return
    const event = {
      type: message.type as TLiveEvent['type'],
      ...(typeof message.entityId === 'number' ? { entityId: message.entityId } : {}),
    }
    for (const subscriber of targets) subscriber.onEvent(event)
  }

  const resyncAll = () => {
    for (const set of subscribers.values()) for (const subscriber of set) subscriber.onResync()
  }

  const start = () =>
    listenChannel(database, EVENTS_CHANNEL, { onMessage: dispatch, onResync: resyncAll }, log, 'live events')

  return {
    async subscribe(userId, subscriber) {
      if (closed) throw new Error('The event bus is closed')
      if (!listener) {
        listener = start()
        // A failed start is retried by the next subscriber instead of being remembered.
        listener.catch(() => {
          listener = undefined
        })
      }
      await listener
      let set = subscribers.get(userId)
      if (!set) subscribers.set(userId, (set = new Set()))
      set.add(subscriber)
      return () => {
        set.delete(subscriber)
        if (set.size === 0 && subscribers.get(userId) === set) subscribers.delete(userId)
      }
    },
    subscriberCount(userId) {
      if (userId !== undefined) return subscribers.get(userId)?.size ?? 0
      let total = 0
      for (const set of subscribers.values()) total += set.size
      return total
    },
    async close() {
      closed = true
      subscribers.clear()
      const running = listener
      listener = undefined
      if (running) await (await running.catch(() => undefined))?.close()
    },
  }
}
