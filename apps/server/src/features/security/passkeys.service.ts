import { randomBytes } from 'node:crypto'
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server'
import { REPORT_MESSAGES } from '@vouched/shared/reports'
import {
  PASSKEY_CHALLENGE_MINUTES,
  PASSKEY_MAX,
  SECURITY_MESSAGES,
  type TPasskey,
  type TPasskeyRegistrationResponse,
  type TPasskeySignInResponse,
} from '@vouched/shared/security'
import { and, asc, count, eq, gt, isNull, lt, sql } from 'drizzle-orm'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { passkeyChallenges, passkeys, users } from '../../db/schema/index'
import { AppError } from '../../core/errors'
import type { UserRow } from '../../core/user-shapes'

/** Passkeys (WebAuthn) for signing in without a password (issue 27, docs/decisions/146). */

const CHALLENGE_MS = PASSKEY_CHALLENGE_MINUTES * 60_000
const RP_NAME = 'Vouched'
/** EdDSA, ES256, RS256: what authenticators make, and the same list checks the registration. */
const ALGORITHMS = [-8, -7, -257]

/** The relying party is the site PUBLIC_URL names: its host is the RP ID, its origin the only one accepted. */
export function relyingParty(config: Pick<Config, 'publicUrl'>) {
  const url = new URL(config.publicUrl)
  return { rpID: url.hostname, origin: url.origin }
}

type Purpose = 'register' | 'sign-in'

const toWire = (row: typeof passkeys.$inferSelect): TPasskey => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
})

/** The member's passkeys, oldest first. */
export async function listPasskeys(db: Db, userId: number): Promise<TPasskey[]> {
  const rows = await db
    .select()
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(asc(passkeys.createdAt), asc(passkeys.id))
  return rows.map(toWire)
}

async function countPasskeys(db: Db, userId: number) {
  const [row] = await db.select({ n: count() }).from(passkeys).where(eq(passkeys.userId, userId))
  return row?.n ?? 0
}

const tooMany = () => new AppError('PASSKEY_LIMIT', SECURITY_MESSAGES.passkeyLimit, 409)

async function storeChallenge(
  db: Db,
  values: { challenge: string; purpose: Purpose; userId: number | null; userHandle?: string },
) {
  // Expired ones of anyone go now: the table holds a few minutes of ceremonies at most.
  await db.delete(passkeyChallenges).where(lt(passkeyChallenges.expiresAt, sql`now()`))
  await db.insert(passkeyChallenges).values({ ...values, expiresAt: new Date(Date.now() + CHALLENGE_MS) })
}

/**
 * Uses up a challenge: one `DELETE … RETURNING` on the shared table, so of two answers carrying it (on
 * any instances) at most one gets the row. Null when it is unknown, used, expired, of the other
 * ceremony or (registration) of another member.
 */
async function consumeChallenge(db: Db, challenge: string, purpose: Purpose, userId: number | null) {
  const [row] = await db
    .delete(passkeyChallenges)
    .where(
      and(
        eq(passkeyChallenges.challenge, challenge),
        eq(passkeyChallenges.purpose, purpose),
        userId === null ? isNull(passkeyChallenges.userId) : eq(passkeyChallenges.userId, userId),
        gt(passkeyChallenges.expiresAt, sql`now()`),
      ),
    )
    .returning()
  return row ?? null
}

/**
 * Runs a `@simplewebauthn/server` check whose challenge verifier uses up the stored challenge. The
 * library's own refusals (a wrong origin, signature, counter or shape) become `refused`; a challenge
 * that is not waiting becomes `expired`; anything else (the database) is thrown as it is.
 */
async function checkCeremony<T>(
  run: (expectedChallenge: (challenge: string) => Promise<boolean>) => Promise<T>,
  consume: (challenge: string) => Promise<boolean>,
  errors: { refused: () => AppError; expired: () => AppError },
): Promise<T> {
  const seen: { challenge: 'unchecked' | 'used' | 'missing'; failure: unknown } = {
    challenge: 'unchecked',
    failure: null,
  }
  const expectedChallenge = async (challenge: string) => {
    try {
      const ok = await consume(challenge)
      seen.challenge = ok ? 'used' : 'missing'
      return ok
    } catch (error) {
      seen.failure = error
      return false
    }
  }
  try {
    return await run(expectedChallenge)
  } catch {
    if (seen.failure) throw seen.failure
    if (seen.challenge === 'missing') throw errors.expired()
    throw errors.refused()
  }
}

// ---------------------------------------------------------------------------------------------------
// Adding and removing

/**
 * Options for `navigator.credentials.create()`: a discoverable credential (so it signs in without a
 * username) with user verification preferred, none of the member's passkeys again, and a challenge
 * stored for five minutes. The member's passkeys share one random WebAuthn user id.
 */
export async function registrationOptions(
  db: Db,
  config: Config,
  member: { id: number; username: string; fullName: string | null },
) {
  const existing = await db
    .select({
      credentialId: passkeys.credentialId,
      transports: passkeys.transports,
      userHandle: passkeys.userHandle,
    })
    .from(passkeys)
    .where(eq(passkeys.userId, member.id))
  if (existing.length >= PASSKEY_MAX) throw tooMany()
  const userHandle = existing[0]?.userHandle ?? randomBytes(32).toString('base64url')
  const { rpID } = relyingParty(config)
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: member.username,
    userDisplayName: member.fullName ?? member.username,
    userID: new Uint8Array(Buffer.from(userHandle, 'base64url')),
    timeout: CHALLENGE_MS,
    attestationType: 'none',
    excludeCredentials: existing.map((row) => ({ id: row.credentialId, transports: row.transports })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
    supportedAlgorithmIDs: ALGORITHMS,
  })
  await storeChallenge(db, {
    challenge: options.challenge,
    purpose: 'register',
    userId: member.id,
    userHandle,
  })
  return options
}

const registrationRefused = () =>
  new AppError('PASSKEY_REJECTED', SECURITY_MESSAGES.passkeyRejected, 400, 'response')
const registrationExpired = () =>
  new AppError('PASSKEY_CHALLENGE_EXPIRED', SECURITY_MESSAGES.passkeyChallengeExpired, 400, 'response')

/**
 * Verifies the browser's answer to `registrationOptions` (its challenge used up whatever the outcome)
 * and keeps the passkey under `name`. The user must have been verified (PIN, fingerprint, face): a
 * passkey signs in alone, without the password or a second factor.
 */
export async function addPasskey(
  db: Db,
  config: Config,
  userId: number,
  name: string,
  response: TPasskeyRegistrationResponse,
): Promise<TPasskey> {
  const { rpID, origin } = relyingParty(config)
  let userHandle: string | null = null
  const verification = await checkCeremony(
    (expectedChallenge) =>
      verifyRegistrationResponse({
        response: response as RegistrationResponseJSON,
        expectedChallenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        requireUserVerification: true,
        supportedAlgorithmIDs: ALGORITHMS,
      }),
    async (challenge) => {
      const row = await consumeChallenge(db, challenge, 'register', userId)
      userHandle = row?.userHandle ?? null
      return Boolean(row?.userHandle)
    },
    { refused: registrationRefused, expired: registrationExpired },
  )
  if (!verification.verified || !userHandle) throw registrationRefused()
  const { credential, credentialDeviceType, credentialBackedUp } = verification.registrationInfo
  const handle: string = userHandle
  return db.transaction(async (tx) => {
    // The member's row is the lock: two additions at once cannot both pass the limit.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
    if ((await countPasskeys(tx as unknown as Db, userId)) >= PASSKEY_MAX) throw tooMany()
    const [row] = await tx
      .insert(passkeys)
      .values({
        userId,
        credentialId: credential.id,
        publicKey: Buffer.from(credential.publicKey).toString('base64url'),
        counter: credential.counter,
        transports: (response.response.transports ?? []).slice(0, 10),
        userHandle: handle,
        name,
        deviceType: credentialDeviceType,
        backedUp: credentialBackedUp,
      })
      .onConflictDoNothing({ target: passkeys.credentialId })
      .returning()
    if (!row) throw new AppError('PASSKEY_ALREADY_ADDED', SECURITY_MESSAGES.passkeyAlreadyAdded, 409)
    return toWire(row)
  })
}

/** Removes one of the member's passkeys; another member's (or an unknown) id is 404. Returns its name. */
export async function removePasskey(db: Db, userId: number, id: number) {
  const [deleted] = await db
    .delete(passkeys)
    .where(and(eq(passkeys.userId, userId), eq(passkeys.id, id)))
    .returning({ name: passkeys.name })
  if (!deleted) throw new AppError('NOT_FOUND', SECURITY_MESSAGES.passkeyNotFound, 404)
  return deleted.name
}

// ---------------------------------------------------------------------------------------------------
// Signing in

/**
 * Options for `navigator.credentials.get()` with no allow list: the browser offers the passkeys it
 * holds for this site, and the answer names the member. The challenge belongs to nobody yet.
 */
export async function signInOptions(db: Db, config: Config) {
  const options = await generateAuthenticationOptions({
    rpID: relyingParty(config).rpID,
    userVerification: 'preferred',
    timeout: CHALLENGE_MS,
  })
  await storeChallenge(db, { challenge: options.challenge, purpose: 'sign-in', userId: null })
  return options
}

const signInRefused = () => new AppError('PASSKEY_REJECTED', SECURITY_MESSAGES.passkeyRejected, 401)
const signInExpired = () =>
  new AppError('PASSKEY_CHALLENGE_EXPIRED', SECURITY_MESSAGES.passkeyChallengeExpired, 401)

/**
 * Checks a passkey sign-in and returns its member: a known credential, the signature over a waiting
 * challenge (used up, so a replayed answer is refused), this site's origin and RP ID, the user
 * verified, and a signature counter that moved on when the authenticator keeps one.
 */
export async function verifyPasskeySignIn(
  db: Db,
  config: Config,
  response: TPasskeySignInResponse,
): Promise<UserRow> {
  const [passkey] = await db.select().from(passkeys).where(eq(passkeys.credentialId, response.id))
  if (!passkey) throw new AppError('PASSKEY_UNKNOWN', SECURITY_MESSAGES.passkeyUnknown, 401)
  const { rpID, origin } = relyingParty(config)
  const verification = await checkCeremony(
    (expectedChallenge) =>
      verifyAuthenticationResponse({
        response: response as AuthenticationResponseJSON,
        expectedChallenge,
        expectedOrigin: origin,
        expectedRPID: rpID,
        credential: {
          id: passkey.credentialId,
          publicKey: new Uint8Array(Buffer.from(passkey.publicKey, 'base64url')),
          counter: passkey.counter,
          transports: passkey.transports,
        },
        requireUserVerification: true,
      }),
    async (challenge) => Boolean(await consumeChallenge(db, challenge, 'sign-in', null)),
    { refused: signInRefused, expired: signInExpired },
  )
  if (!verification.verified) throw signInRefused()
  // The authenticator says whose credential it is; it must be the member the passkey was added for.
  const userHandle = response.response.userHandle
  if (userHandle !== undefined && userHandle !== passkey.userHandle) throw signInRefused()
  const { newCounter, credentialDeviceType, credentialBackedUp } = verification.authenticationInfo
  // Conditional on the counter read: of two answers racing with one counter value, one moves it.
  const [used] = await db
    .update(passkeys)
    .set({
      counter: newCounter,
      lastUsedAt: new Date(),
      deviceType: credentialDeviceType,
      backedUp: credentialBackedUp,
    })
    .where(and(eq(passkeys.id, passkey.id), eq(passkeys.counter, passkey.counter)))
    .returning({ userId: passkeys.userId })
  if (!used) throw signInRefused()
  const [user] = await db.select().from(users).where(eq(users.id, used.userId))
  if (!user) throw signInRefused()
  if (user.suspendedAt) {
    throw new AppError(
      'ACCOUNT_SUSPENDED',
      REPORT_MESSAGES.suspendedLogin(user.suspensionReason ?? 'a violation of the community rules'),
      403,
    )
  }
  return user
}
