import { SERVER_MESSAGES } from '@vouched/shared/server.constants'
import { randomInt, timingSafeEqual } from 'node:crypto'
import {
  PROFILE_MESSAGES,
  PROFILE_PICTURE_SIZE,
  VERIFICATION_CODE_LENGTH,
  VERIFICATION_CODE_TTL_MINUTES,
  VERIFICATION_MAX_ATTEMPTS,
  type TAddWorkEmailResponse,
  type TProfile,
  type ZUpdateProfileBody,
} from '@vouched/shared/profiles'
import { and, eq, isNotNull, lt, ne, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { users } from '../../db/schema/index'
import { hasBlocked } from '../blocks/blocks.queries'
import { AppError, forbidden, notFound } from '../../core/errors'
import type { Mailer } from '../../core/mail'
import { hashToken } from '../../core/session'
import { reencodePicture, removeUpload, storeUpload, type ReceivedFile } from '../../core/uploads'
import { toPublicUser, type Member } from '../../core/user-shapes'
import type { Viewer } from '../endorsements/endorsements.queries'
import { profileJson } from './profiles.answer'
import { findProfileAnswer } from './profiles.answer-query'
import type { ProfileSnapshots, ProfileView } from './profiles.snapshots'
import { mailTexts } from '../../core/mail-texts'

const round2 = (value: number) => Math.round(value * 100) / 100

/** A member who blocked the viewer does not exist for them (admins still see everyone). */
export const isHiddenFrom = async (db: Db, userId: number, viewer: Viewer) =>
  !viewer.isAdmin && viewer.id !== userId && (await hasBlocked(db, userId, viewer.id))

/**
 * The profile response of SPEC.md §3 with the first page of endorsements, from memory or in one
 * statement: every part reads counters or an index range bounded by the member, so its cost does not
 * grow with the endorsements received.
 */
export async function getProfile(
  profiles: Pick<ProfileSnapshots, 'find'>,
  username: string,
  viewer: Viewer,
): Promise<{ profile: TProfile; json: string }> {
  const found = await profiles.find(username, viewer)
  if (!found) throw notFound('User')
  return profileAnswer(found, viewer)
}

/**
 * The response for the viewer: from memory when a held profile can answer, else the one statement
 * whose JSON PostgreSQL writes (decision 110); a profile is held from its second read (decision 132).
 */
export async function answerProfile(
  db: Db,
  profiles: ProfileSnapshots,
  username: string,
  viewer: Viewer,
): Promise<string> {
  const held = await profiles.fromMemory(username, viewer)
  if (held === null) throw notFound('User')
  return held ? profileAnswer(held, viewer).json : getProfileAnswer(db, username, viewer)
}

function profileAnswer(found: ProfileView, viewer: Viewer): { profile: TProfile; json: string } {
  const { user, firstPage } = found
  const ownerOrAdmin = viewer.id === user.id || viewer.isAdmin
  const reputationScore = round2(user.reputationScore)
  const profile: TProfile = {
    user: {
      ...toPublicUser(user),
      reputationScore,
      activityScore: found.activityScore,
      topHashtags: found.topHashtags,
      medals: found.medals,
      ...(ownerOrAdmin ? { email: user.email, workEmail: user.workEmail } : {}),
    },
    reputationScore,
    categoryScores: found.categoryScores,
    vouches: firstPage.vouches,
    nextCursor: firstPage.nextCursor,
  }
  return { profile, json: profileJson(profile, user, ownerOrAdmin) }
}

/**
 * The same response as getProfile, for a profile read from the database: one statement in which
 * PostgreSQL writes the JSON text, the viewer's likes and block included (decision 110).
 */
export async function getProfileAnswer(db: Db, username: string, viewer: Viewer): Promise<string> {
  const answer = await findProfileAnswer(db, username, viewer)
  if (answer === null) throw notFound('User')
  return answer
}

export const assertOwnProfile = (me: Member, id: number) => {
  if (me.id !== id) throw forbidden(SERVER_MESSAGES.ownProfileOnly)
}

export async function updateProfile(
  db: Db,
  me: Member,
  id: number,
  body: z.output<typeof ZUpdateProfileBody>,
) {
  assertOwnProfile(me, id)
  const values: Partial<typeof users.$inferInsert> = {}
  if (body.fullName !== undefined) values.fullName = body.fullName
  if (body.title !== undefined) values.title = body.title
  if (body.bio !== undefined) values.bio = body.bio
  if (body.location !== undefined) values.location = body.location
  // Nothing to change: the member's row as it is (with their emails, which the answer shows).
  const [row] =
    Object.keys(values).length === 0
      ? await db.select().from(users).where(eq(users.id, id))
      : await db.update(users).set(values).where(eq(users.id, id)).returning()
  return row!
}

/** Re-encodes the picture, stores it under a fresh name, points the member at it and deletes the old file. */
export async function setProfilePicture(db: Db, config: Config, me: Member, file: ReceivedFile) {
  const picture = await reencodePicture(file.buffer, PROFILE_PICTURE_SIZE, PROFILE_MESSAGES.pictureUnreadable)
  const stored = await storeUpload(db, config, { ...picture, userId: me.id, kind: 'profile-picture' })
  const [before] = await db.select({ picture: users.profilePicture }).from(users).where(eq(users.id, me.id))
  const [row] = await db
    .update(users)
    .set({ profilePicture: stored.url })
    .where(eq(users.id, me.id))
    .returning()
  if (before?.picture && before.picture !== stored.url) await removeUpload(db, config, before.picture)
  return row!
}

const newCode = () =>
  randomInt(0, 10 ** VERIFICATION_CODE_LENGTH)
    .toString()
    .padStart(VERIFICATION_CODE_LENGTH, '0')

/**
 * Whether the code may come back in the answer (the demo hint): only without SMTP and outside
 * production, where the outbox folder is the mail. In production anyone could verify any address.
 */
const showsCodeInAnswer = (config: Config) => !config.smtpUrl && config.env !== 'production'

/**
 * Starts a work email verification: a 6-digit code, stored hashed, valid 30 minutes for 5 attempts,
 * mailed to the address. Without SMTP, production answers 503 rather than writing the code where no
 * one reads it.
 */
export async function addWorkEmail(
  db: Db,
  mailer: Mailer,
  config: Config,
  me: Member,
  email: string,
): Promise<TAddWorkEmailResponse> {
  if (me.isEmailVerified) throw new AppError('ALREADY_VERIFIED', PROFILE_MESSAGES.alreadyVerified, 409)
  if (!config.smtpUrl && config.env === 'production') {
    throw new AppError('MAIL_UNAVAILABLE', PROFILE_MESSAGES.mailUnavailable, 503)
  }
  const [taken] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        sql`lower(${users.workEmail}) = ${email.toLowerCase()}`,
        eq(users.isEmailVerified, true),
        ne(users.id, me.id),
      ),
    )
    .limit(1)
  if (taken) throw new AppError('WORK_EMAIL_TAKEN', PROFILE_MESSAGES.workEmailTaken, 409, 'email')

  const code = newCode()
  await db
    .update(users)
    .set({
      workEmail: email,
      verificationCode: hashToken(code),
      verificationCodeExpiry: new Date(Date.now() + VERIFICATION_CODE_TTL_MINUTES * 60_000),
      verificationAttempts: 0,
    })
    .where(eq(users.id, me.id))
  try {
    const texts = mailTexts(me.locale)
    await mailer.send({
      to: email,
      subject: texts.workEmailCode.subject,
      // Nothing the member wrote (not even their name) goes to an address not yet proven theirs.
      text: [texts.greeting, '', ...texts.workEmailCode.lines(code)].join('\n'),
    })
  } catch {
    throw new AppError('MAIL_FAILED', SERVER_MESSAGES.verificationMailFailed, 503)
  }
  return {
    message: SERVER_MESSAGES.verificationCodeSent(email),
    email,
    ...(showsCodeInAnswer(config) ? { verificationCode: code } : {}),
  }
}

/** Checks a code: 400 when wrong or expired, 429 once 5 attempts are spent, until a new code is requested. */
export async function verifyWorkEmail(db: Db, me: Member, code: string) {
  // Counting the attempt and reading the code in one statement: parallel guesses cannot exceed the limit.
  const [attempt] = await db
    .update(users)
    .set({ verificationAttempts: sql`${users.verificationAttempts} + 1` })
    .where(
      and(
        eq(users.id, me.id),
        isNotNull(users.verificationCode),
        lt(users.verificationAttempts, VERIFICATION_MAX_ATTEMPTS),
      ),
    )
    .returning({ code: users.verificationCode, expiry: users.verificationCodeExpiry })
  if (!attempt) {
    const [row] = await db.select({ code: users.verificationCode }).from(users).where(eq(users.id, me.id))
    if (!row?.code)
      throw new AppError('NO_PENDING_CODE', PROFILE_MESSAGES.codeMissing, 400, 'verificationCode')
    throw new AppError('TOO_MANY_ATTEMPTS', PROFILE_MESSAGES.codeTooManyAttempts, 429, 'verificationCode')
  }
  if (!attempt.expiry || attempt.expiry.getTime() < Date.now()) {
    throw new AppError('CODE_EXPIRED', PROFILE_MESSAGES.codeExpired, 400, 'verificationCode')
  }
  if (!timingSafeEqual(Buffer.from(attempt.code!), Buffer.from(hashToken(code)))) {
    throw new AppError('INVALID_CODE', PROFILE_MESSAGES.codeInvalid, 400, 'verificationCode')
  }
  await db
    .update(users)
    .set({
      isEmailVerified: true,
      verificationCode: null,
      verificationCodeExpiry: null,
      verificationAttempts: 0,
    })
    .where(eq(users.id, me.id))
  return { verified: true as const, message: SERVER_MESSAGES.workEmailVerified }
}
