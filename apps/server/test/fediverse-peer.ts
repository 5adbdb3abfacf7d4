import { randomUUID } from 'node:crypto'
import { createServer, type IncomingMessage, type Server } from 'node:http'
import { createFederation, type generateCryptoKeyPair, MemoryKvStore } from '@fedify/fedify'
import { Accept, Activity, Endpoints, Follow, Person, Undo, type Actor } from '@fedify/vocab'
import { buildTestApp } from './build-test-app'
import { freePort } from './start-server'

/** One request a peer's inbox received: the exact bytes another server delivered. */
export type Delivery = { path: string; body: string; json: Record<string, unknown> }

/**
 * A fediverse server for tests: a real fedify instance on 127.0.0.1 (another port, another origin) with
 * actors that sign what they send and check the signatures of what they receive, as Mastodon does.
 * It records every request its inboxes receive, raw, before fedify reads it, and every activity fedify
 * accepted after checking its signature.
 */
export async function startPeer({
  port: fixedPort,
  software = 'fedify-peer',
  acceptFollows = false,
}: {
  port?: number
  /** The software name its NodeInfo gives (`vouched` to pass for another Vouched instance). */
  software?: string
  /** Answers each Follow of its actors with an Accept, as Mastodon does for unlocked accounts. */
  acceptFollows?: boolean
} = {}) {
  const port = fixedPort ?? (await freePort())
  const origin = `http://127.0.0.1:${port}`
  const federation = createFederation<void>({
    kv: new MemoryKvStore(),
    origin,
    // Both servers are on this machine.
    allowPrivateAddress: true,
  })
  type KeyPair = Awaited<ReturnType<typeof generateCryptoKeyPair>>
  const keys = new Map<string, KeyPair>()
  const keyOf = async (identifier: string) => {
    let pair = keys.get(identifier)
    if (!pair) {
      pair = (await crypto.subtle.generateKey(
        {
          name: 'RSASSA-PKCS1-v1_5',
          modulusLength: 2048,
          publicExponent: new Uint8Array([1, 0, 1]),
          hash: 'SHA-256',
        },
        true,
        ['sign', 'verify'],
      )) as KeyPair
      keys.set(identifier, pair)
    }
    return pair
  }
  federation
    .setActorDispatcher('/users/{identifier}', async (ctx, identifier) => {
      const [pair] = await ctx.getActorKeyPairs(identifier)
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: identifier,
        name: `Peer ${identifier}`,
        summary: `<p>Hello from <b>${identifier}</b></p><script>alert(1)</script>`,
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        publicKey: pair?.cryptographicKey ?? null,
      })
    })
    .setKeyPairsDispatcher(async (_ctx, identifier) => [await keyOf(identifier)])
  federation.setNodeInfoDispatcher('/nodeinfo/2.1', () => ({
    software: { name: software, version: '1.0.0' },
    protocols: ['activitypub'],
    usage: { users: {}, localPosts: 0, localComments: 0 },
  }))

  const deliveries: Delivery[] = []
  const accepted: { type: string; json: Record<string, unknown> }[] = []
  federation.setInboxListeners('/users/{identifier}/inbox', '/inbox').on(Activity, async (ctx, activity) => {
    accepted.push({
      type: activity.constructor.name,
      json: (await activity.toJsonLd({ format: 'compact' })) as Record<string, unknown>,
    })
    const target = activity instanceof Follow && activity.objectId ? ctx.parseUri(activity.objectId) : null
    if (acceptFollows && activity instanceof Follow && target?.type === 'actor') {
      const follower = await activity.getActor(ctx)
      if (!follower) return
      await ctx.sendActivity(
        { identifier: target.identifier },
        follower,
        new Accept({
          id: new URL(`/accepts/${randomUUID()}`, origin),
          actor: activity.objectId,
          object: activity,
        }),
      )
    }
  })

  const readBody = async (request: IncomingMessage) => {
    const chunks: Buffer[] = []
    for await (const chunk of request) chunks.push(chunk as Buffer)
    return Buffer.concat(chunks)
  }
  const server: Server = createServer((request, response) => {
    void (async () => {
      const body = await readBody(request)
      const url = new URL(request.url ?? '/', origin)
      if (request.method === 'POST') {
        const text = body.toString('utf8')
        deliveries.push({ path: url.pathname, body: text, json: JSON.parse(text) as Record<string, unknown> })
      }
      const headers = new Headers()
      for (const [name, value] of Object.entries(request.headers)) {
        if (typeof value === 'string') headers.set(name, value)
      }
      const answer = await federation.fetch(
        new Request(url, {
          method: request.method,
          headers,
          body: request.method === 'GET' || request.method === 'HEAD' ? undefined : body,
        }),
        { contextData: undefined },
      )
      response.writeHead(answer.status, Object.fromEntries(answer.headers))
      response.end(Buffer.from(await answer.arrayBuffer()))
    })().catch(() => {
      response.writeHead(500)
      response.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))

  const ctx = federation.createContext(new URL(origin), undefined)
  const lookup = async (uriOrHandle: string) => {
    const found = await ctx.lookupObject(uriOrHandle)
    if (!found || !('inboxId' in found)) throw new Error(`No actor at ${uriOrHandle}`)
    return found as Actor
  }

  return {
    origin,
    actorUri: (identifier: string) => ctx.getActorUri(identifier).href,
    /** Signs and sends any activity as one of its actors, e.g. one a real server would never send. */
    async send(identifier: string, target: string, activity: Activity) {
      await ctx.sendActivity({ identifier }, await lookup(target), activity)
    },
    deliveries,
    accepted,
    lookup,
    /** `identifier` on this peer follows the actor found at `target` (a URL or `@user@host`). */
    async follow(identifier: string, target: string) {
      const object = await lookup(target)
      const follow = new Follow({
        id: new URL(`/follows/${randomUUID()}`, origin),
        actor: ctx.getActorUri(identifier),
        object: object.id,
      })
      await ctx.sendActivity({ identifier }, object, follow)
      return follow
    },
    async unfollow(identifier: string, target: string, follow: Follow) {
      const object = await lookup(target)
      await ctx.sendActivity(
        { identifier },
        object,
        new Undo({
          id: new URL(`/undos/${randomUUID()}`, origin),
          actor: ctx.getActorUri(identifier),
          object: follow,
        }),
      )
    },
    ctx,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type Peer = Awaited<ReturnType<typeof startPeer>>

/**
 * An app with FEDERATION=on listening on 127.0.0.1, its PUBLIC_URL its real address, so that peers can
 * fetch its actors and keys and deliver to its inboxes.
 */
export async function startFederatedApp() {
  const port = await freePort()
  const t = await buildTestApp({
    federation: true,
    federationPrivateAddresses: true,
    publicUrl: `http://127.0.0.1:${port}`,
  })
  await t.app.listen({ port, host: '127.0.0.1' })
  return t
}
