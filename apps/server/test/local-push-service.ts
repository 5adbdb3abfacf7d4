import { createRequire } from 'node:module'
import type { Server } from 'node:http'
import { createServer } from 'node:net'

/**
 * A real Web Push service on this machine: `web-push-testing` (its HTTP server and model, started in
 * this process on a free port). It hands out subscriptions as a browser's push manager would, checks the
 * VAPID signature of every push, decrypts it, and answers 410 for a subscription it was told expired.
 */
type Model = object
type TestingServer = { startServer: () => void; _server?: Server }
const require = createRequire(import.meta.url)
const { PushApiModel } = require('web-push-testing/src/PushApiModel.js') as { PushApiModel: new () => Model }
const WebPushTestingServer = require('web-push-testing/src/server.js') as new (
  model: Model,
  port: number,
) => TestingServer

export type LocalSubscription = {
  endpoint: string
  keys: { p256dh: string; auth: string }
  clientHash: string
}

async function freePort() {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as { port: number }
  await new Promise((resolve) => probe.close(resolve))
  return port
}

export async function startLocalPushService() {
  const port = await freePort()
  const server = new WebPushTestingServer(new PushApiModel(), port)
  server.startServer()
  const base = `http://localhost:${port}`
  const call = async <T>(path: string, body: object = {}) => {
    const res = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`)
    const json = res.headers.get('content-type')?.includes('json')
    return (json ? await res.json() : (await res.text(), {})) as T
  }
  for (let tries = 0; ; tries++) {
    try {
      await call('/status')
      break
    } catch (error) {
      if (tries > 50) throw error
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
  }
  return {
    /** A subscription for the application server key, as `pushManager.subscribe` makes one. */
    subscribe: async (applicationServerKey: string) =>
      (
        await call<{ data: LocalSubscription }>('/subscribe', {
          applicationServerKey,
          userVisibleOnly: 'true',
        })
      ).data,
    /** The decrypted payloads the subscription received, oldest first. */
    messages: async (subscription: LocalSubscription) =>
      (
        await call<{ data: { messages: string[] } }>('/get-notifications', {
          clientHash: subscription.clientHash,
        })
      ).data.messages,
    /** From now on the service answers 410 Gone for the subscription, as for a browser that left. */
    expire: (subscription: LocalSubscription) => call(`/expire-subscription/${subscription.clientHash}`),
    close: () =>
      new Promise<void>((resolve) => {
        if (!server._server) return resolve()
        server._server.closeAllConnections()
        server._server.close(() => resolve())
      }),
  }
}

export type LocalPushService = Awaited<ReturnType<typeof startLocalPushService>>
