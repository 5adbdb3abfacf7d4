import { createHash, randomBytes, randomInt } from 'node:crypto'
import {
  RECOVERY_CODE_COUNT,
  SECURITY_MESSAGES,
  TOTP_DIGITS,
  TOTP_PERIOD_SECONDS,
  TWO_FACTOR_CHALLENGE_MINUTES,
  type TSecondFactorBody,
} from '@vouched/shared/security'
import { and, count, desc, eq, gt, isNotNull, isNull, lt, ne, or, sql } from 'drizzle-orm'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { Secret, TOTP } from 'otpauth'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import {
  sessions,
  signInDevices,
  twoFactorChallenges,
  twoFactorRecoveryCodes,
  twoFactorSettings,
  users,
} from '../../db/schema/index'
import { AppError } from '../../core/errors'
import type { BackgroundMail } from '../../core/mail'
import type { FailureGuard } from '../../core/rate-limit'
import { createSecretBox, type SecretBox } from '../../core/secret-box'
import { createSession, deleteSession, hashToken, setSessionCookie, userAgentOf } from '../../core/session'
import type { UserRow } from '../../core/user-shapes'
import { mailSecurityEvent } from './security.mails.service'

/** The cookie that carries a pending sign-in between the password and the second factor. */
export const CHALLENGE_COOKIE = 'vouched_2fa'
const CHALLENGE_PATH = '/api/login'
const CHALLENGE_MS = TWO_FACTOR_CHALLENGE_MINUTES * 60_000
/** Wrong codes one pending sign-in takes before it is dropped and the password is asked again. */
export const CHALLENGE_ATTEMPTS = 5
const ISSUER = 'Vouched'
/** Crockford-like: no 0/o, 1/l/i, so a code read off paper is typed right. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789'

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex')

/** The box two-factor secrets are sealed in: its key comes from SESSION_SECRET (docs/decisions/141). */
export const twoFactorBox = (config: Config): SecretBox =>
  createSecretBox(config.sessionSecret, 'two-factor-secret')

const totpFor = (secret: Secret, username: string) =>
  new TOTP({
    issuer: ISSUER,
    label: username,
    algorithm: 'SHA1',
    digits: TOTP_DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret,
  })

/** The 30-second step a code belongs to, when it is right within a step either side of now. */
function stepOfCode(secretBase32: string, code: string): number | null {
  const totp = totpFor(Secret.fromBase32(secretBase32), '')
  const delta = totp.validate({ token: code, window: 1 })
  if (delta === null) return null
  return TOTP.counter({ period: TOTP_PERIOD_SECONDS }) + delta
}

// ---------------------------------------------------------------------------------------------------
// Sessions and sign-in

type SignInContext = {
  db: Db
  config: Config
  backgroundMail: BackgroundMail
}

/**
 * Opens a session for a member whose credentials (and second factor) were checked: a fresh session id
 * on every sign-in (a planted cookie never becomes a signed-in one), the browser noted, and a mail when
 * it is one the member never signed in with (docs/decisions/142). `quiet` skips the mail (registration).
 */
export async function signIn(
  app: SignInContext,
  request: FastifyRequest,
  reply: FastifyReply,
  userId: number,
  { quiet = false }: { quiet?: boolean } = {},
) {
  if (request.sessionId) await deleteSession(app.db, request.sessionId)
  const userAgent = userAgentOf(request)
  setSessionCookie(reply, await createSession(app.db, userId, userAgent), app.config)
  const newDevice = await noteDevice(app.db, userId, userAgent)
  if (newDevice && !quiet) {
    mailSecurityEvent(app.db, app.backgroundMail, app.config, userId, { kind: 'new-device', userAgent })
  }
}

/**
 * Records the browser among the member's; true when it is new to a member who had signed in before
 * (the first browser ever noted, including the one of members from before devices were noted, is not news).
 */
async function noteDevice(db: Db, userId: number, userAgent: string | null) {
  const hash = sha256(userAgent ?? '')
  const inserted = await db
    .insert(signInDevices)
    .values({ userId, userAgentHash: hash })
    .onConflictDoNothing()
    .returning({ hash: signInDevices.userAgentHash })
  if (inserted.length === 0) return false
  const [known] = await db.select({ n: count() }).from(signInDevices).where(eq(signInDevices.userId, userId))
  return (known?.n ?? 0) > 1
}

/** The member's live sessions, most recently seen first, the current one marked. */
export async function listSessions(db: Db, userId: number, currentSessionId: string | null) {
  const rows = await db
    .select({
      id: sessions.id,
      publicId: sessions.publicId,
      userAgent: sessions.userAgent,
      createdAt: sessions.createdAt,
      lastSeenAt: sessions.lastSeenAt,
    })
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, sql`now()`)))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.publicId))
  return rows.map((row) => ({
    id: row.publicId,
    userAgent: row.userAgent,
    createdAt: row.createdAt.toISOString(),
    lastSeenAt: row.lastSeenAt.toISOString(),
    current: row.id === currentSessionId,
  }))
}

/**
 * Ends one of the member's sessions; another member's (or an unknown) id is 404. The database's word
 * on the deletion makes every instance forget the session at once. True when it was the current one.
 */
export async function revokeSession(
  db: Db,
  userId: number,
  publicId: number,
  currentSessionId: string | null,
) {
  const [deleted] = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), eq(sessions.publicId, publicId)))
    .returning({ id: sessions.id })
  if (!deleted) throw new AppError('NOT_FOUND', SECURITY_MESSAGES.sessionNotFound, 404)
  return deleted.id === currentSessionId
}

/** Ends every session of the member but this one; returns how many ended. */
export async function revokeOtherSessions(db: Db, userId: number, currentSessionId: string | null) {
  const ended = await db
    .delete(sessions)
    .where(
      currentSessionId
        ? and(eq(sessions.userId, userId), ne(sessions.id, currentSessionId))
        : eq(sessions.userId, userId),
    )
    .returning({ id: sessions.id })
  return ended.length
}

// ---------------------------------------------------------------------------------------------------
// Two-factor state

async function findTwoFactor(db: Db, userId: number) {
  const [row] = await db.select().from(twoFactorSettings).where(eq(twoFactorSettings.userId, userId))
  return row ?? null
}

export async function isTwoFactorEnabled(db: Db, userId: number) {
  const [row] = await db
    .select({ userId: twoFactorSettings.userId })
    .from(twoFactorSettings)
    .where(and(eq(twoFactorSettings.userId, userId), isNotNull(twoFactorSettings.enabledAt)))
    .limit(1)
  return Boolean(row)
}

export async function countRecoveryCodes(db: Db, userId: number) {
  const [row] = await db
    .select({ n: count() })
    .from(twoFactorRecoveryCodes)
    .where(eq(twoFactorRecoveryCodes.userId, userId))
  return row?.n ?? 0
}

/**
 * A new secret waiting for its confirming code; replaces any earlier one still waiting. Refused while
 * two-factor is on: a second setup would let whoever holds a session replace the member's app.
 */
export async function startSetup(db: Db, config: Config, member: { id: number; username: string }) {
  const existing = await findTwoFactor(db, member.id)
  if (existing?.enabledAt)
    throw new AppError('TWO_FACTOR_ALREADY_ENABLED', SECURITY_MESSAGES.alreadyEnabled, 409)
  const secret = new Secret({ size: 20 })
  const sealed = twoFactorBox(config).seal(secret.base32)
  await db
    .insert(twoFactorSettings)
    .values({ userId: member.id, pendingSecret: sealed })
    .onConflictDoUpdate({ target: twoFactorSettings.userId, set: { pendingSecret: sealed } })
  return { secret: secret.base32, otpauthUrl: totpFor(secret, member.username).toString() }
}

const makeRecoveryCode = () => {
  const chars = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)])
  return `${chars.slice(0, 5).join('')}-${chars.slice(5).join('')}`
}
/** How a recovery code is kept: as typed, less dashes and spaces, lower case, then sha256. */
const recoveryHash = (code: string) => sha256(code.replace(/[\s-]/g, '').toLowerCase())

const wrongCode = (field: 'code' | 'recoveryCode' = 'code') =>
  new AppError(
    field === 'code' ? 'INVALID_TWO_FACTOR_CODE' : 'INVALID_RECOVERY_CODE',
    field === 'code' ? SECURITY_MESSAGES.wrongCode : SECURITY_MESSAGES.wrongRecoveryCode,
    400,
    field,
  )

/**
 * Accepts a code once: the step it belongs to must come after the last one accepted, and claiming it
 * is one conditional update, so two requests racing with one code cannot both pass.
 */
async function claimStep(db: Db, userId: number, step: number) {
  const claimed = await db
    .update(twoFactorSettings)
    .set({ lastStep: step })
    .where(
      and(
        eq(twoFactorSettings.userId, userId),
        or(isNull(twoFactorSettings.lastStep), lt(twoFactorSettings.lastStep, step)),
      ),
    )
    .returning({ userId: twoFactorSettings.userId })
  return claimed.length > 0
}

/**
 * Turns two-factor on with the pending secret once a code from it is right; returns ten recovery codes,
 * shown this once (only their hashes are kept).
 */
export async function enableTwoFactor(db: Db, config: Config, userId: number, code: string) {
  const row = await findTwoFactor(db, userId)
  if (row?.enabledAt) throw new AppError('TWO_FACTOR_ALREADY_ENABLED', SECURITY_MESSAGES.alreadyEnabled, 409)
  const secret = row?.pendingSecret ? twoFactorBox(config).open(row.pendingSecret) : null
  if (!secret) throw new AppError('TWO_FACTOR_SETUP_MISSING', SECURITY_MESSAGES.setupFirst, 409)
  const step = stepOfCode(secret, code)
  if (step === null) throw wrongCode()
  const recoveryCodes = Array.from({ length: RECOVERY_CODE_COUNT }, makeRecoveryCode)
  const enabled = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(twoFactorSettings)
      .set({ secret: row!.pendingSecret, pendingSecret: null, enabledAt: new Date(), lastStep: step })
      .where(and(eq(twoFactorSettings.userId, userId), isNull(twoFactorSettings.enabledAt)))
      .returning({ userId: twoFactorSettings.userId })
    if (!updated) return false
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId))
    await tx
      .insert(twoFactorRecoveryCodes)
      .values(recoveryCodes.map((value) => ({ userId, codeHash: recoveryHash(value) })))
    return true
  })
  if (!enabled) throw new AppError('TWO_FACTOR_ALREADY_ENABLED', SECURITY_MESSAGES.alreadyEnabled, 409)
  return recoveryCodes
}

/**
 * Checks a second factor of a member who has two-factor on: a code (once, within a step of now) or a
 * recovery code (used up). Throws 400 naming the field when it is wrong.
 */
export async function verifySecondFactor(db: Db, config: Config, userId: number, body: TSecondFactorBody) {
  const row = await findTwoFactor(db, userId)
  if (!row?.enabledAt || !row.secret)
    throw new AppError('TWO_FACTOR_NOT_ENABLED', SECURITY_MESSAGES.notEnabled, 409)
  if (body.recoveryCode !== undefined) {
    const used = await db
      .delete(twoFactorRecoveryCodes)
      .where(
        and(
          eq(twoFactorRecoveryCodes.userId, userId),
          eq(twoFactorRecoveryCodes.codeHash, recoveryHash(body.recoveryCode)),
        ),
      )
      .returning({ id: twoFactorRecoveryCodes.id })
    if (used.length === 0) throw wrongCode('recoveryCode')
    return
  }
  const secret = twoFactorBox(config).open(row.secret)
  const step = secret && body.code ? stepOfCode(secret, body.code) : null
  if (step === null) throw wrongCode()
  if (!(await claimStep(db, userId, step))) {
    throw new AppError('TWO_FACTOR_CODE_USED', SECURITY_MESSAGES.codeUsed, 400, 'code')
  }
}

/** Turns two-factor off after a second factor; the secret and the recovery codes go. */
export async function disableTwoFactor(db: Db, config: Config, userId: number, body: TSecondFactorBody) {
  await verifySecondFactor(db, config, userId, body)
  await db.transaction(async (tx) => {
    await tx.delete(twoFactorRecoveryCodes).where(eq(twoFactorRecoveryCodes.userId, userId))
    await tx.delete(twoFactorSettings).where(eq(twoFactorSettings.userId, userId))
  })
}

// ---------------------------------------------------------------------------------------------------
// Pending sign-ins

/** Starts a pending sign-in for a member whose password was right; returns the cookie's token. */
export async function createChallenge(db: Db, userId: number) {
  const token = randomBytes(32).toString('base64url')
  // Expired ones of anyone go now: the table holds a few minutes of sign-ins at most.
  await db.delete(twoFactorChallenges).where(lt(twoFactorChallenges.expiresAt, sql`now()`))
  await db.insert(twoFactorChallenges).values({
    id: hashToken(token),
    userId,
    expiresAt: new Date(Date.now() + CHALLENGE_MS),
  })
  return token
}

export function setChallengeCookie(reply: FastifyReply, token: string, config: Config) {
  reply.setCookie(CHALLENGE_COOKIE, token, {
    path: CHALLENGE_PATH,
    httpOnly: true,
    sameSite: 'strict',
    secure: config.publicUrl.startsWith('https://') || reply.request.protocol === 'https',
    signed: true,
    maxAge: CHALLENGE_MS / 1000,
  })
}

export const clearChallengeCookie = (reply: FastifyReply) =>
  reply.clearCookie(CHALLENGE_COOKIE, { path: CHALLENGE_PATH })

const challengeExpired = () => new AppError('TWO_FACTOR_EXPIRED', SECURITY_MESSAGES.challengeExpired, 401)

/**
 * Completes a pending sign-in with its second factor and returns the member. Wrong factors count per
 * account (`failures`) and per pending sign-in: the fifth wrong one ends it, so the password is asked
 * again. The pending sign-in is used up by its success.
 */
export async function completeChallenge(
  db: Db,
  config: Config,
  request: FastifyRequest,
  body: TSecondFactorBody,
  failures: FailureGuard,
): Promise<UserRow> {
  const raw = request.cookies[CHALLENGE_COOKIE]
  const unsigned = raw ? request.unsignCookie(raw) : null
  if (!unsigned?.valid || !unsigned.value) throw challengeExpired()
  const id = hashToken(unsigned.value)
  const [challenge] = await db
    .select()
    .from(twoFactorChallenges)
    .where(and(eq(twoFactorChallenges.id, id), gt(twoFactorChallenges.expiresAt, sql`now()`)))
  if (!challenge) throw challengeExpired()
  const key = `account:${challenge.userId}`
  await failures.check(key)
  try {
    await verifySecondFactor(db, config, challenge.userId, body)
  } catch (error) {
    if (!(error instanceof AppError) || error.status !== 400) throw error
    await failures.fail(key)
    const [counted] = await db
      .update(twoFactorChallenges)
      .set({ attempts: sql`${twoFactorChallenges.attempts} + 1` })
      .where(eq(twoFactorChallenges.id, id))
      .returning({ attempts: twoFactorChallenges.attempts })
    if (!counted || counted.attempts >= CHALLENGE_ATTEMPTS) {
      await db.delete(twoFactorChallenges).where(eq(twoFactorChallenges.id, id))
    }
    // A failed sign-in, as a wrong password is (DECISIONS.md §5).
    throw new AppError(error.code, error.message, 401, error.field)
  }
  const [used] = await db
    .delete(twoFactorChallenges)
    .where(eq(twoFactorChallenges.id, id))
    .returning({ userId: twoFactorChallenges.userId })
  if (!used) throw challengeExpired()
  await failures.clear(key)
  const [user] = await db.select().from(users).where(eq(users.id, used.userId))
  // Deleted or suspended during the few minutes between the password and the code.
  if (!user || user.suspendedAt) throw challengeExpired()
  return user
}
