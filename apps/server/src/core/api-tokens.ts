import { SERVER_MESSAGES } from '@vouched/shared/server.constants'
import { createHash, randomBytes } from 'node:crypto'
import { API_TOKEN_MESSAGES, API_TOKEN_PREFIX, type TApiTokenScope } from '@vouched/shared/api-tokens'
import { REPORT_MESSAGES } from '@vouched/shared/reports'
import { and, eq, isNull, lt, or, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import type { Db } from '../db/client'
import { apiTokens, users } from '../db/schema/index'
import { AppError } from './errors'
import { memberColumns, toMember, type Member } from './user-shapes'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyContextConfig {
    /**
     * A personal API token may call this route (a `read` token only with GET or HEAD). Routes without
     * it are session-only, so a route added later refuses tokens until it opts in (docs/decisions/133).
     */
    apiTokens?: boolean
    /** The route reads the Authorization header itself (metrics): it is never taken for an API token. */
    ownAuthorization?: boolean
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyRequest {
    /** The personal API token the request came with, when it came with one instead of a session. */
    apiToken: { id: number; scope: TApiTokenScope } | null
  }
}

/** lastUsedAt is written at most this often per token: a script polling every second costs no write each. */
const LAST_USED_EVERY_MS = 60_000

const SAFE_METHODS = new Set(['GET', 'HEAD'])

/** `vch_` and 256 random bits. */
export const generateApiToken = () => `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`

/** What is stored and looked up: SHA-256 suffices for 256 random bits, no slow hash is needed. */
export const hashApiToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * The token of an `Authorization: Bearer …` header (the scheme ignores case), '' for a Bearer header
 * without one, undefined without a Bearer header. Other schemes (Basic from a password-protected
 * staging proxy) are left alone: those requests stay cookie requests.
 */
export function bearerOf(request: FastifyRequest): string | undefined {
  if (request.routeOptions.config.ownAuthorization) return undefined
  const header = request.headers.authorization
  if (header === undefined) return undefined
  const match = /^bearer(?:\s+(.*))?$/i.exec(header.trim())
  return match ? (match[1] ?? '').trim() : undefined
}

/** Revokes every token of a member: a changed or reset password ends their scripts' access too. */
export async function deleteMemberApiTokens(db: Db, userId: number) {
  await db.delete(apiTokens).where(eq(apiTokens.userId, userId))
}

const unauthenticated = (message: string) => new AppError('UNAUTHENTICATED', message, 401)

/**
 * Resolves the bearer token of a request into its member, refusing it where tokens do not reach. Runs
 * instead of the session cookie: a request with a token is never also a cookie request, which is why
 * such requests may skip the cross-site check (a browser never adds the header by itself).
 */
export function createApiTokenAuth(app: FastifyInstance) {
  // No cache in front: a revoked token must stop at once on every instance, and this is one indexed read.
  const findToken = app.db
    .select({
      id: apiTokens.id,
      scope: apiTokens.scope,
      expiresAt: apiTokens.expiresAt,
      lastUsedAt: apiTokens.lastUsedAt,
      user: memberColumns,
    })
    .from(apiTokens)
    .innerJoin(users, eq(users.id, apiTokens.userId))
    .where(eq(apiTokens.tokenHash, sql.placeholder('hash')))
    .limit(1)
    .prepare('api_token_user')

  return async function authenticate(request: FastifyRequest, token: string): Promise<Member | null> {
    const { config, url } = request.routeOptions
    // No route: the answer is a 404 whoever asks.
    if (url === undefined) return null
    // Checked before the token is even looked up: where tokens do not reach, no token does.
    if (!config.apiTokens) throw new AppError('TOKEN_NOT_ALLOWED', API_TOKEN_MESSAGES.notAllowed, 403)
    if (!token) throw unauthenticated(API_TOKEN_MESSAGES.malformed)
    if (!token.startsWith(API_TOKEN_PREFIX)) throw unauthenticated(API_TOKEN_MESSAGES.invalid)
    // Looked up by its hash: the secret itself is never compared, so its bytes leak nothing through timing.
    const [row] = await findToken.execute({ hash: hashApiToken(token) })
    if (!row) throw unauthenticated(API_TOKEN_MESSAGES.invalid)
    const now = Date.now()
    if (row.expiresAt && row.expiresAt.getTime() <= now) throw unauthenticated(API_TOKEN_MESSAGES.expired)
    if (row.user.suspendedAt) {
      // The holder knows the secret, as a member signing in knows the password: they may learn why.
      throw new AppError(
        'ACCOUNT_SUSPENDED',
        REPORT_MESSAGES.suspendedLogin(row.user.suspensionReason ?? SERVER_MESSAGES.suspensionFallback),
        403,
      )
    }
    const scope = row.scope as TApiTokenScope
    if (scope !== 'read-write' && !SAFE_METHODS.has(request.method)) {
      throw new AppError('TOKEN_SCOPE', API_TOKEN_MESSAGES.readOnly, 403)
    }
    if (!row.lastUsedAt || now - row.lastUsedAt.getTime() >= LAST_USED_EVERY_MS) {
      // The condition repeats the check so that instances racing on one token write once.
      await app.db
        .update(apiTokens)
        .set({ lastUsedAt: new Date(now) })
        .where(
          and(
            eq(apiTokens.id, row.id),
            or(
              isNull(apiTokens.lastUsedAt),
              lt(apiTokens.lastUsedAt, new Date(now - LAST_USED_EVERY_MS + 1)),
            ),
          ),
        )
    }
    request.apiToken = { id: row.id, scope }
    // A token carries the member, never their admin powers: an admin's script sees what a member sees.
    return { ...toMember(row.user), isAdmin: false }
  }
}
