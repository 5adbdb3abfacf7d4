import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, ne, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { sessions, users } from '../db/schema/index'
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

/** Starts a session and returns the token for the cookie; only its hash is stored. */
export async function createSession(db: Db, userId: number): Promise<string> {
  const token = randomBytes(32).toString('base64url')
  await db.insert(sessions).values({
    id: hashToken(token),
    userId,
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
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'You need to sign in first', 401)
  return request.user
}

export function requireAdmin(request: FastifyRequest): Member {
  const user = requireMember(request)
  if (!user.isAdmin) throw new AppError('FORBIDDEN', 'Only admins can do this', 403)
  return user
}

/** Resolves the session cookie into request.user on every request. */
export const sessionPlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('user', null)
  app.decorateRequest('sessionId', null)
  // Built once: every signed-in request runs it, and building a query costs more than running it.
  const findSessionUser = app.db
    .select({ user: memberColumns, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('session_user')
  const { sessionCacheSize } = app.config
  const invalidation = app.cacheInvalidation
  const cache = createSessionCache(invalidation, sessionCacheSize)
  app.decorate('sessionCache', cache)
  app.addHook('onRequest', async (request) => {
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
      return { sessionId: id, member: toMember(row.user), expiresAt: row.expiresAt.getTime() }
    })
    if (!session) return
    request.user = session.member
    request.sessionId = session.sessionId
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
