import { SERVER_MESSAGES } from '@vouched/shared/server.constants'
import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, lt, ne, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { sessions, users } from '../db/schema/index'
import { bearerOf, createApiTokenAuth } from './api-tokens'
import { AppError } from './errors'
import { createSessionCache, type SessionCache } from './session-cache'
import { memberColumns, toMember, type Member } from './user-shapes'

export const SESSION_COOKIE = 'vouched_session'
const SESSION_DAYS = 30

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyRequest {
    /** The signed-in member: never their password hash, codes, tokens or emails. */
    user: Member | null
    /** The hashed id of the session the request came with, when it has one. */
    sessionId: string | null
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyInstance {
    sessionCache: SessionCache
  }
}

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/** How long a User-Agent is kept: enough to name any real browser, too little to store a payload. */
export const USER_AGENT_MAX = 512
/** A session's last-seen time moves at most this often: a write per request would cost every request. */
export const LAST_SEEN_EVERY_MS = 5 * 60_000

/** The request's User-Agent as sessions keep it, or null when it sent none. */
export const userAgentOf = (request: FastifyRequest) => {
  const value = request.headers['user-agent']?.trim()
  return value ? value.slice(0, USER_AGENT_MAX) : null
}

/** Starts a session and returns the token for the cookie; only its hash is stored. */
export async function createSession(
  db: Db,
  userId: number,
  userAgent: string | null = null,
): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
    userAgent,
    expiresAt: new Date(Date.now() + SESSION_DAYS * 86_400_000),
  })
  return token
}

export async function deleteSession(db: Db, sessionId: string) {
  await db.delete(sessions).where(eq(sessions.id, sessionId))
}

/** Signs a member out everywhere, optionally except the session in hand. */
export async function deleteUserSessions(db: Db, userId: number, exceptSessionId?: string) {
  await db
    .delete(sessions)
    .where(
      exceptSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, exceptSessionId))
        : eq(sessions.userId, userId),
    )
}

export function setSessionCookie(reply: FastifyReply, token: string, config: Config) {
  reply.setCookie(SESSION_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    // Behind a TLS-terminating proxy the request says https even when PUBLIC_URL was left at http.
    secure: config.publicUrl.startsWith('https://') || reply.request.protocol === 'https',
    signed: true,
    maxAge: SESSION_DAYS * 86_400,
  })
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' })
}

export function requireMember(request: FastifyRequest): Member {
  if (!request.user) throw new AppError('UNAUTHENTICATED', SERVER_MESSAGES.signInRequired, 401)
  return request.user
}

export function requireAdmin(request: FastifyRequest): Member {
  const user = requireMember(request)
  if (!user.isAdmin) throw new AppError('FORBIDDEN', SERVER_MESSAGES.adminsOnly, 403)
  return user
}

/**
 * Resolves the session cookie, or a personal API token (`Authorization: Bearer …`, which then stands
 * alone: the cookie is not read), into request.user on every request.
 */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null)
  app.decorateRequest('sessionId', null)
  app.decorateRequest('apiToken', null)
  const authenticateApiToken = createApiTokenAuth(app)
  // Built once: every signed-in request runs it, and building a query costs more than running it.
  const findSessionUser = app.db
    .select({ user: memberColumns, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('session_user')
  // The condition makes instances racing for one session write once per interval between them.
  const touchSession = app.db
    .update(sessions)
    .set({ lastSeenAt: sql`now()` })
    .where(
      and(
        eq(sessions.id, sql.placeholder('id')),
        lt(sessions.lastSeenAt, sql`now() - make_interval(secs => ${LAST_SEEN_EVERY_MS / 1000})`),
      ),
    )
    .prepare('session_touch')
  const { sessionCacheSize } = app.config
  const invalidation = app.cacheInvalidation
  const cache = createSessionCache(invalidation, sessionCacheSize)
  app.decorate('sessionCache', cache)
  app.addHook('onRequest', async (request) => {
    const bearer = bearerOf(request)
    if (bearer !== undefined) {
      request.user = await authenticateApiToken(request, bearer)
      return
    }
    const raw = request.cookies[SESSION_COOKIE]
    if (!raw) return
    // Keyed by the signed value itself: only a value that passed the signature check is held.
    const session = await cache.find(raw, async () => {
      const unsigned = request.unsignCookie(raw)
      if (!unsigned.valid || !unsigned.value) return undefined
      const id = hashToken(unsigned.value)
      const [row] = await findSessionUser.execute({ id })
      // A suspended member's sessions are deleted with the suspension; one racing it is refused here.
      if (!row || row.user.suspendedAt) return undefined
      return {
        sessionId: id,
        member: toMember(row.user),
        expiresAt: row.expiresAt.getTime(),
        lastSeenAt: row.lastSeenAt.getTime(),
      }
    })
    if (!session) return
    request.user = session.member
    request.sessionId = session.sessionId
    const now = Date.now()
    if (now - session.lastSeenAt >= LAST_SEEN_EVERY_MS) {
      // Noted on the held entry first, so that the requests behind this one do not write too.
      session.lastSeenAt = now
      await touchSession.execute({ id: session.sessionId })
    }
  })
  // The database's word on a change reaches every instance a moment after the commit, but whoever
  // made it must see it in their very next request: this instance forgets their session (and with it
  // their member's fields) and reads for them from the database a few seconds.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.user && request.method !== 'GET' && request.method !== 'HEAD') {
      cache.forgetMember(request.user.id)
      invalidation.noteWriter(request.user.id)
    }
    done(null, payload)
  })
})
