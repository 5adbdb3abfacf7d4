import type { FastifyPluginAsync } from 'fastify'
import { runDigests } from './digest.service'

/**
 * Every `digestIntervalMs` this instance runs the digest job; the database lock lets one instance at a
 * time do it, and the period claims make a second run in the same period a no-op. One run at a time per
 * instance; closing the app waits for the one under way. Off without an interval: test apps call
 * `runDigests` themselves, so nothing runs behind their back.
 */
export const digestScheduler: FastifyPluginAsync = async (app) => {
  const intervalMs = app.config.digestIntervalMs ?? 0
  if (intervalMs <= 0) return
  let running: Promise<unknown> | null = null
  let timer: NodeJS.Timeout | undefined
  app.addHook('onReady', async () => {
    timer = setInterval(() => {
      if (running) return
      running = runDigests(app.db, app.config)
        .then((run) => {
          if (run.queued > 0)
            app.log.info({ members: run.members, queued: run.queued }, 'digest mails queued')
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'digest: run failed'))
        .finally(() => {
          running = null
        })
    }, intervalMs)
    timer.unref()
  })
  app.addHook('onClose', async () => {
    clearInterval(timer)
    await running
  })
}
