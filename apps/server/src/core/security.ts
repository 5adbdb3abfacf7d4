import { SERVER_MESSAGES } from '@vouched/shared/server.constants'
import helmet from 'helmet'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import { bearerOf } from './api-tokens'
import { AppError } from './errors'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyContextConfig {
    /** The route reads a file from a multipart body; every other route refuses multipart with 415. */
    acceptsFiles?: boolean
  }
}

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Helmet's options; HSTS and upgrade-insecure-requests only where the page itself came over https. */
const securityHeaders = (https: boolean, scriptHashes: string[]) =>
  helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // The hashes admit the client page's own inline scripts, byte for byte (inlineScriptHashes).
        scriptSrc: ["'self'", ...scriptHashes],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: ["'self'"],
        frameAncestors: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    hsts: https,
    // Badge images are meant to be embedded on other sites; the badge routes widen this per reply.
    crossOriginResourcePolicy: { policy: 'same-site' },
  })

/**
 * Whether the browser reached us over https: PUBLIC_URL says so, or the request did (a TLS socket, or
 * X-Forwarded-Proto from a proxy TRUST_PROXY names; Fastify ignores the header from anyone else).
 */
export const isSecureRequest = (request: FastifyRequest) =>
  request.server.config.publicUrl.startsWith('https://') || request.protocol === 'https'

const forbiddenOrigin = () => new AppError('FORBIDDEN_ORIGIN', SERVER_MESSAGES.crossSite, 403)

/**
 * Security headers with a CSP the built client satisfies, the guard against writes another site
 * causes (docs/decisions/088), multipart only where a file is expected, and no-store on JSON answers.
 */
export const securityPlugin = fp(async (app: FastifyInstance, options: { scriptHashes?: string[] }) => {
  const { config } = app
  const publicOrigin = new URL(config.publicUrl).origin
  const publicHttps = config.publicUrl.startsWith('https://')
  // Built once each: @fastify/helmet rebuilt the middleware (parsing every CSP directive) on each request.
  const overHttps = securityHeaders(true, options.scriptHashes ?? [])
  const overHttp = securityHeaders(false, options.scriptHashes ?? [])
  let misconfigurationLogged = false

  app.addHook('onRequest', (request, reply, done) => {
    const https = isSecureRequest(request)
    // Links in mails, badges and QR codes would send members to http while the site is served over TLS.
    if (config.env === 'production' && https && !publicHttps) {
      if (!misconfigurationLogged) {
        misconfigurationLogged = true
        request.log.error(
          'PUBLIC_URL starts with http:// but requests arrive over https: set it to https://…',
        )
      }
      done(new AppError('INSECURE_PUBLIC_URL', SERVER_MESSAGES.misconfigured, 500))
      return
    }
    ;(https ? overHttps : overHttp)(request.raw, reply.raw, () => done())
  })

  app.addHook('onRequest', async (request) => {
    const contentType = request.headers['content-type']
    if (
      contentType?.trimStart().toLowerCase().startsWith('multipart/') &&
      !request.routeOptions.config.acceptsFiles
    ) {
      // A form on another page of the same site can post multipart without a preflight: only routes
      // that read a file take it, so it never reaches a handler that ignores its body.
      throw new AppError('UNSUPPORTED_MEDIA_TYPE', SERVER_MESSAGES.unsupportedContentType, 415)
    }
    if (SAFE_METHODS.has(request.method)) return
    // A request with an API token is authenticated by that header alone, never by the cookie, and no
    // browser adds the header to a cross-site request by itself: there is nothing to forge
    // (docs/decisions/133). A token the session plugin then refuses gets its 401 or 403 there.
    if (bearerOf(request) !== undefined) return
    const origin = request.headers.origin
    if (origin !== undefined) {
      // `null` (a sandboxed frame, a redirected cross-origin form) and any other site are refused.
      if (origin !== publicOrigin && origin !== `${request.protocol}://${request.host}`)
        throw forbiddenOrigin()
      return
    }
    // No Origin: a browser still says where the request came from; curl and servers say neither.
    const site = request.headers['sec-fetch-site']
    if (site !== undefined && site !== 'same-origin') throw forbiddenOrigin()
  })

  // Answers that name the member (or say who is signed in) must not sit in a shared or browser cache;
  // routes meant to be cached (badges, files) set their own Cache-Control and keep it.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!reply.hasHeader('cache-control')) {
      const type = reply.getHeader('content-type')
      if (typeof type === 'string' && type.startsWith('application/json')) {
        reply.header('cache-control', 'no-store')
      }
    }
    done(null, payload)
  })
})
