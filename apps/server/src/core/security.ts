import helmet from 'helmet'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { AppError } from './errors'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** Security headers with a CSP the built client satisfies, and the cross-site write guard. */
export const securityPlugin = fp(async (app: FastifyInstance) => {
  const https = app.config.publicUrl.startsWith('https://')
  // Built once: @fastify/helmet rebuilt the middleware (parsing every CSP directive) on each request.
  const securityHeaders = helmet({
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
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
  app.addHook('onRequest', (request, reply, done) => {
    securityHeaders(request.raw, reply.raw, () => done())
  })

  // SameSite=Lax already keeps the cookie off most cross-site writes; an explicit foreign Origin is refused too.
  app.addHook('onRequest', async (request) => {
    if (SAFE_METHODS.has(request.method)) return
    const origin = request.headers.origin
    if (!origin || origin === 'null') return
    const own = `${request.protocol}://${request.headers.host}`
    if (origin !== own && origin !== app.config.publicUrl) {
      throw new AppError('FORBIDDEN_ORIGIN', 'Cross-site requests are not allowed', 403)
    }
  })
})
