import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import {
  deliverPushes,
  findOrCreateVapidKeys,
  takePushesMaybeQueued,
  vapidSubject,
  webPushSender,
  type PushSender,
  type VapidKeys,
} from './push.service'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyInstance {
    pushDelivery: PushDelivery
  }
}

export type PushDelivery = {
  /** The VAPID keys, read (or made) once per instance. */
  keys: () => Promise<VapidKeys>
  /** Sends what is queued, soon, off the caller's path; calls while a round runs add one more round. */
  kick: () => void
  /** Sends what is queued now and resolves when nothing is left (tests, and the close). */
  drain: () => Promise<number>
}

/** How often each instance looks for pushes nobody sent: retries, or those of an instance that stopped. */
const SWEEP_MS = 30_000
const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Web Push delivery (docs/decisions/147). A notification queues its pushes in its own statement; the
 * instance that took the write sends them right after answering it (the write's `onResponse`), so the
 * other instances, which hear the notification's live event too, never send it. Each instance also
 * sweeps the queue every 30 s for retries. A failure is logged, never the write's.
 */
export const pushDeliveryPlugin = fp(
  async (app: FastifyInstance) => {
    let keys: Promise<VapidKeys> | undefined
    const loadKeys = () => {
      if (!keys) {
        keys = findOrCreateVapidKeys(app.db)
        keys.catch(() => (keys = undefined))
      }
      return keys
    }
    let sender: PushSender | undefined

    let running: Promise<number> | null = null
    let again = false
    let closed = false
    const round = async (): Promise<number> => {
      sender ??= webPushSender(await loadKeys(), vapidSubject(app.config))
      let sent = 0
      do {
        again = false
        sent += await deliverPushes(app.db, sender, app.log)
      } while (again && !closed)
      return sent
    }
    const start = () => {
      running = round()
        .catch((error: unknown) => {
          app.log.warn({ err: error }, 'push delivery failed')
          return 0
        })
        .finally(() => {
          running = null
        })
      return running
    }
    const delivery: PushDelivery = {
      keys: loadKeys,
      kick() {
        if (closed) return
        if (running) again = true
        else void start()
      },
      async drain() {
        if (running) {
          again = true
          await running
        }
        return start()
      },
    }
    app.decorate('pushDelivery', delivery)

    // A successful write that built a notification's statement may have queued pushes; other writes
    // leave the queue alone and cost nothing more.
    app.addHook('onResponse', async (request, reply) => {
      if (SAFE_METHODS.has(request.method) || reply.statusCode >= 400) return
      if (takePushesMaybeQueued()) delivery.kick()
    })

    // Tests send by hand (drain) or through the writes they make; nothing sweeps behind their back.
    const timer = app.config.env === 'test' ? undefined : setInterval(() => delivery.kick(), SWEEP_MS)
    timer?.unref()
    app.addHook('onClose', async () => {
      closed = true
      if (timer) clearInterval(timer)
      await running
    })
  },
  { name: 'push-delivery' },
)
