import { createHash, randomBytes } from 'node:crypto'
import { and, eq, gt, ne, sql } from 'drizzle-orm'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { sessions, users } from '../db/schema/index'
import { AppError } from './errors'
import { createBlockSets, type BlockSets } from './block-sets'
import { createIdentityFeed, type IdentityFeed } from './identity-feed'
import { createSessionCache, type SessionCache } from './session-cache'
import type { UserRow } from './user-shapes'

export const SESSION_COOKIE = 'vouched_session'
const SESSION_DAYS = 30

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyRequest {
    user: UserRow | null
    /** The hashed id of the session the request came with, when it has one. */
    sessionId: string | null
  }
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyInstance {
    sessionCache: SessionCache
    /** Viewers' blocks, for the caches that cut what they serve per viewer. */
    blockSets: BlockSets
    /** What the in-memory caches (sessions, popular members, profiles, searches) must forget. */
    identityFeed: IdentityFeed
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

export function requireMember(request: FastifyRequest): UserRow {
  if (!request.user) throw new AppError('UNAUTHENTICATED', 'You need to sign in first', 401)
  return request.user
}

export function requireAdmin(request: FastifyRequest): UserRow {
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
    .select({ user: users, expiresAt: sessions.expiresAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql`now()`)))
    .limit(1)
    .prepare('session_user')
  const { sessionCacheSize, profileCacheSize, searchCacheSize } = app.config
  const feed = createIdentityFeed(
    app.database,
    app.log,
    sessionCacheSize > 0 || profileCacheSize > 0 || searchCacheSize > 0,
  )
  const cache = createSessionCache(feed, sessionCacheSize)
  app.decorate('identityFeed', feed)
  app.decorate('sessionCache', cache)
  app.decorate('blockSets', createBlockSets(app.db, feed, sessionCacheSize))
  app.addHook('onClose', () => feed.close())
  await feed.started
  app.addHook('onRequest', async (request) => {
    const raw = request.cookies[SESSION_COOKIE]
    if (!raw) return
    // Keyed by the signed value itself: only a value that once passed the signature check is held.
    const cached = cache.get(raw)
    if (cached) {
      request.user = cached.user
      request.sessionId = cached.sessionId
      return
    }
    const unsigned = request.unsignCookie(raw)
    if (!unsigned.valid || !unsigned.value) return
    const id = hashToken(unsigned.value)
    const mark = cache.mark()
    const [row] = await findSessionUser.execute({ id })
    // A suspended member's sessions are deleted with the suspension; one racing it is refused here.
    if (!row || row.user.suspendedAt) return
    request.user = row.user
    request.sessionId = id
    cache.set(raw, { sessionId: id, user: row.user, expiresAt: row.expiresAt.getTime() }, mark)
  })
  // The database's word on a change reaches every instance a moment after the commit, but whoever
  // made it must see it in their very next request: this instance forgets them before its answer leaves.
  app.addHook('onSend', (request, _reply, payload, done) => {
    if (request.user && request.method !== 'GET' && request.method !== 'HEAD') feed.announce(request.user.id)
    done(null, payload)
  })
})
