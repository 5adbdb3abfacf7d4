import type { FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { AppError } from '../../core/errors'
import { rateLimit } from '../../core/rate-limit'
import { createSecretBox } from '../../core/secret-box'
import { createVouchedFederation, type VouchedFederation } from './federation'
import { isBlockedAccount } from './federation.followers'
import { createActorKeys } from './federation.keys'
import { DbKvStore } from './federation.kv'
import { createPublisher, type Publisher } from './federation.publisher'
import { markEveryPublisher } from './federation.queries'
import { DbMessageQueue } from './federation.queue'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyInstance {
    /** The instance as an ActivityPub server (features/federation); its queue runs only with FEDERATION=on. */
    federation: { fedify: VouchedFederation; publisher: Publisher; queue: DbMessageQueue; kv: DbKvStore }
  }
}

export type FederationPluginOptions = {
  /** How often the publisher looks for marked members and the queue for messages. */
  pollMs?: number
}

export type FederationRoutesOptions = {
  /** The client's page, served at a profile URL to whoever asks for HTML (content negotiation). */
  indexHtml?: string | undefined
}

/** Activities are signed over their exact bytes (the Digest header): bodies reach fedify unparsed. */
const INBOX_BODY_LIMIT = 256 * 1024

/** Fedify's answer when nothing of its own matches: the route falls back to its other meaning. */
const NOT_FEDERATION = new Response(null, { status: 404 })

const wantsActivityStreams = (request: FastifyRequest) =>
  /application\/(activity\+json|ld\+json)/.test(request.headers.accept ?? '')

/** A Fastify request as the web Request fedify reads: the same method, URL, headers and raw body. */
export function toWebRequest(request: FastifyRequest, publicUrl: string): Request {
  const origin = request.headers.host ? `${request.protocol}://${request.headers.host}` : publicUrl
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item)
    else if (value !== undefined) headers.set(name, String(value))
  }
  const body = Buffer.isBuffer(request.body) ? new Uint8Array(request.body) : undefined
  return new Request(new URL(request.url, origin), {
    method: request.method,
    headers,
    body: request.method === 'GET' || request.method === 'HEAD' ? undefined : body,
  })
}

/** Sends fedify's web Response through Fastify: status, headers and body. */
export async function sendWebResponse(reply: FastifyReply, response: Response) {
  reply.code(response.status)
  response.headers.forEach((value, name) => {
    reply.header(name, value)
  })
  return reply.send(Buffer.from(await response.arrayBuffer()))
}

/**
 * The instance's fedify, its storage and publisher, shared by the routes and the tests (decorated on
 * the root instance); with FEDERATION=on its queue and publisher run from start-up to close.
 */
export const federationPlugin = fp<FederationPluginOptions>(async (app, options) => {
  const { config } = app
  const pollMs = options.pollMs ?? 1_000
  const kv = new DbKvStore(app.db)
  const queue = new DbMessageQueue(app.db, {
    pollMs,
    box: createSecretBox(config.sessionSecret, 'federation-queue'),
    onError: (error) => app.log.error({ err: error }, 'federation: queue message failed'),
  })
  const fedify = createVouchedFederation({
    db: app.db,
    config,
    log: app.log,
    keys: createActorKeys(app.db, config.sessionSecret),
    kv,
    queue,
    isRefusedFollower: (userId, actorUri) => isBlockedAccount(app.db, userId, actorUri.href),
  })
  const publisher = createPublisher(app.db, fedify, config.publicUrl, app.log)
  app.decorate('federation', { fedify, publisher, queue, kv })

  if (!config.federation) return
  const stop = new AbortController()
  let publishing: Promise<void> = Promise.resolve()
  app.addHook('onReady', async () => {
    await markEveryPublisher(app.db)
    void fedify.startQueue(undefined, { signal: stop.signal })
    const tick = () => {
      publishing = publisher.drain().catch((error: unknown) => {
        app.log.error({ err: error }, 'federation: publishing failed')
      })
      void publishing.then(() => {
        if (!stop.signal.aborted) timer = setTimeout(tick, pollMs)
      })
    }
    let timer = setTimeout(tick, 0)
    stop.signal.addEventListener('abort', () => clearTimeout(timer), { once: true })
  })
  app.addHook('onClose', async () => {
    stop.abort()
    await publishing
  })
})

/**
 * ActivityPub, WebFinger and NodeInfo behind Fastify routes (docs/decisions/149): each route hands the
 * request to fedify, which answers it, or says it has nothing (FEDERATION off, a member who does not
 * publish, a browser asking a profile URL for HTML), when the route answers as it would without
 * federation. Signatures are fedify's to check; these routes need no session.
 */
export const federationRoutes: FastifyPluginAsyncZod<FederationRoutesOptions> = async (app, options) => {
  const { config } = app
  const { fedify } = app.federation

  // Inside this plugin only: JSON bodies (ActivityStreams, JSON-LD or plain) are checked but stay raw
  // bytes for fedify; any other type is refused with 415 as everywhere else.
  app.removeAllContentTypeParsers()
  app.addContentTypeParser(
    ['application/activity+json', 'application/ld+json', 'application/json'],
    { parseAs: 'buffer', bodyLimit: INBOX_BODY_LIMIT },
    (_request, body, done) => {
      try {
        JSON.parse((body as Buffer).toString('utf8'))
        done(null, body)
      } catch {
        done(new AppError('INVALID_JSON', 'Request body is not valid JSON', 400), undefined)
      }
    },
  )

  const notFound = (request: FastifyRequest) =>
    new AppError('NOT_FOUND', `No route for ${request.method} ${request.url.split('?')[0]}`, 404)

  /** Fedify's answer, or null when it has none for this request. */
  async function federate(request: FastifyRequest): Promise<Response | null> {
    if (!config.federation) return null
    const response = await fedify.fetch(toWebRequest(request, config.publicUrl), {
      contextData: undefined,
      onNotFound: () => NOT_FEDERATION,
      onNotAcceptable: () => NOT_FEDERATION,
    })
    return response === NOT_FEDERATION ? null : response
  }

  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const response = await federate(request)
    if (!response) throw notFound(request)
    return sendWebResponse(reply, response)
  }
  // Server-to-server: no session and no cookie is read; API tokens have nothing to reach here.
  const routeConfig = { config: { apiTokens: true } }
  // Each delivery may make fedify fetch its sender's key: a server may deliver a lot, not endlessly.
  const deliveries = rateLimit(app, { name: 'federation.inbox', max: 600, timeWindow: '1 minute' })
  const inboxConfig = { ...routeConfig, onRequest: [deliveries] }
  app.get('/.well-known/webfinger', routeConfig, handler)
  app.get('/.well-known/nodeinfo', routeConfig, handler)
  app.get('/nodeinfo/2.1', routeConfig, handler)
  app.get('/federation/users/:username/followers', routeConfig, handler)
  app.get('/federation/users/:username/vouches/:vouchId', routeConfig, handler)
  app.post('/federation/users/:username/inbox', inboxConfig, handler)
  app.post('/federation/inbox', inboxConfig, handler)

  // The profile URL is the actor's id: servers asking for ActivityStreams get the actor, people the page.
  app.get('/profile/:username', routeConfig, async (request, reply) => {
    reply.header('Vary', 'Accept')
    const response = await federate(request)
    if (response) return sendWebResponse(reply, response)
    // A server asking for an actor that is not there is told so, not handed the client's page.
    if (!options.indexHtml || wantsActivityStreams(request)) throw notFound(request)
    return reply.type('text/html; charset=utf-8').header('Cache-Control', 'no-cache').send(options.indexHtml)
  })
}
