import type {
  MessageQueue,
  MessageQueueDepth,
  MessageQueueEnqueueOptions,
  MessageQueueListenOptions,
} from '@fedify/fedify'
import { AsyncLocalStorage } from 'node:async_hooks'
import { sql } from 'drizzle-orm'
import type { SecretBox } from '../../core/secret-box'
import type { Db } from '../../db/client'
import { federationQueue } from '../../db/schema/index'

export type DbMessageQueueOptions = {
  /** How often an idle listener looks for messages another instance enqueued. */
  pollMs?: number
  /** How long a taken message is held; one whose process stopped runs again after it. */
  leaseMs?: number
  /** Called when a handler throws (fedify catches delivery failures itself and re-enqueues them). */
  onError?: (error: unknown) => void
  /**
   * Seals every message at rest: fedify's delivery messages carry the sender's private keys in the
   * clear (docs/decisions/149). A message that no longer opens (SESSION_SECRET changed) is dropped.
   */
  box?: SecretBox
}

/** After a handler threw: 1 s, 2 s, 4 s, … capped at one hour. */
export const backoffMs = (attempts: number) => Math.min(60 * 60_000, 1_000 * 2 ** Math.max(0, attempts - 1))

const UNREADABLE = Symbol('unreadable')

type Claimed = { id: number; message: unknown; attempts: number }

/**
 * Fedify's message queue in our database (docs/decisions/149): outgoing deliveries survive a restart.
 * A listener takes one due message at a time for a lease, runs it and deletes it; a message whose
 * handler threw waits a growing delay. Messages sharing an ordering key run one after another, in the
 * order they were enqueued. Several instances may listen on the same table (`skip locked`).
 */
export class DbMessageQueue implements MessageQueue {
  readonly nativeRetrial = false
  private readonly pollMs: number
  private readonly leaseMs: number
  private readonly wakers = new Set<() => void>()
  private readonly scope = new AsyncLocalStorage<Db>()

  constructor(
    private readonly db: Db,
    private readonly options: DbMessageQueueOptions = {},
  ) {
    this.pollMs = options.pollMs ?? 1_000
    this.leaseMs = options.leaseMs ?? 5 * 60_000
  }

  /**
   * Runs `send` with every message it enqueues written through `tx`: they are sent only if that
   * transaction commits, and not before (an actor's Delete goes out once its row is gone).
   */
  within<T>(tx: Db, send: () => Promise<T>): Promise<T> {
    return this.scope.run(tx, send)
  }

  async enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    await this.enqueueMany([message], options)
  }

  async enqueueMany(messages: readonly unknown[], options?: MessageQueueEnqueueOptions): Promise<void> {
    if (messages.length === 0) return
    const delayMs = options?.delay ? Math.max(0, options.delay.total('millisecond')) : 0
    await (this.scope.getStore() ?? this.db).insert(federationQueue).values(
      messages.map((message) => ({
        message: this.options.box
          ? { sealed: this.options.box.seal(JSON.stringify(message)) }
          : (message as object),
        orderingKey: options?.orderingKey ?? null,
        runAt: sql`now() + ${`${Math.round(delayMs)} milliseconds`}::interval`,
      })),
    )
    for (const wake of this.wakers) wake()
  }

  async getDepth(): Promise<MessageQueueDepth> {
    const [row] = await this.db
      .select({
        queued: sql<number>`count(*) filter (where ${federationQueue.lockedUntil} is null or ${federationQueue.lockedUntil} < now())::int`,
        ready: sql<number>`count(*) filter (where ${federationQueue.runAt} <= now() and (${federationQueue.lockedUntil} is null or ${federationQueue.lockedUntil} < now()))::int`,
        delayed: sql<number>`count(*) filter (where ${federationQueue.runAt} > now())::int`,
      })
      .from(federationQueue)
    return { queued: row?.queued ?? 0, ready: row?.ready ?? 0, delayed: row?.delayed ?? 0 }
  }

  /** Takes the next due message for a lease, or null. */
  async claim(): Promise<Claimed | null> {
    const result = await this.db.execute(sql`
      update federation_queue set locked_until = now() + ${`${this.leaseMs} milliseconds`}::interval,
        attempts = attempts + 1
      where id = (
        select q.id from federation_queue q
        where q.run_at <= now() and (q.locked_until is null or q.locked_until < now())
          and (q.ordering_key is null or not exists (
            select 1 from federation_queue earlier
            where earlier.ordering_key = q.ordering_key and earlier.id < q.id))
        order by q.run_at, q.id
        limit 1
        for update skip locked)
      returning id, message, attempts`)
    const row = (result as unknown as { rows: { id: string | number; message: unknown; attempts: number }[] })
      .rows[0]
    return row ? { id: Number(row.id), message: this.open(row.message), attempts: row.attempts } : null
  }

  private open(stored: unknown): unknown {
    const box = this.options.box
    if (!box) return stored
    const sealed = (stored as { sealed?: unknown } | null)?.sealed
    const plain = typeof sealed === 'string' ? box.open(sealed) : null
    return plain === null ? UNREADABLE : JSON.parse(plain)
  }

  async listen(
    handler: (message: unknown) => Promise<void> | void,
    options?: MessageQueueListenOptions,
  ): Promise<void> {
    const signal = options?.signal
    while (!signal?.aborted) {
      const claimed = await this.claim().catch((error: unknown) => {
        this.options.onError?.(error)
        return null
      })
      if (!claimed) {
        await this.idle(signal)
        continue
      }
      try {
        if (claimed.message === UNREADABLE)
          throw new Error('federation: a queued message no longer opens; dropped')
        await handler(claimed.message)
        await this.db.execute(sql`delete from federation_queue where id = ${claimed.id}`)
      } catch (error) {
        this.options.onError?.(error)
        if (claimed.message === UNREADABLE) {
          await this.db.execute(sql`delete from federation_queue where id = ${claimed.id}`).catch(() => {})
          continue
        }
        await this.db
          .execute(
            sql`update federation_queue set locked_until = null,
              run_at = now() + ${`${backoffMs(claimed.attempts)} milliseconds`}::interval
              where id = ${claimed.id}`,
          )
          .catch(() => {})
      }
    }
  }

  /** Waits for the poll interval, a local enqueue or the end of listening, whichever comes first. */
  private idle(signal: AbortSignal | undefined): Promise<void> {
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer)
        this.wakers.delete(done)
        signal?.removeEventListener('abort', done)
        resolve()
      }
      const timer = setTimeout(done, this.pollMs)
      this.wakers.add(done)
      signal?.addEventListener('abort', done, { once: true })
    })
  }
}
