import { SERVER_MESSAGES } from '@vouched/shared/server.constants'
import { randomBytes, timingSafeEqual } from 'node:crypto'
import { AUTH_MESSAGES, type registerBody } from '@vouched/shared/auth'
import { REPORT_MESSAGES } from '@vouched/shared/reports'
import { isReservedUsername } from '@vouched/shared/users'
import type { z } from 'zod'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { users } from '../../db/schema/index'
import { deleteMemberApiTokens } from '../../core/api-tokens'
import { AppError } from '../../core/errors'
import type { Mailer } from '../../core/mail'
import type { FailureGuard } from '../../core/rate-limit'
import {
  assertPasswordFitsOwner,
  hashPassword,
  verifyAgainstNothing,
  verifyPassword,
} from '../../core/password'
import { deleteUserSessions, hashToken } from '../../core/session'
import type { UserRow } from '../../core/user-shapes'
import { findUserByEmail, findUserByLogin, findUserByUsername, updateUser } from './auth.queries'
import { mailTexts } from '../../core/mail-texts'

const RESET_TOKEN_TTL_MS = 60 * 60 * 1000

const isUniqueViolation = (error: unknown, constraint: string) => {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } }
  const inner = e.cause ?? e
  return inner.code === '23505' && (inner.constraint ?? '').includes(constraint)
}

const usernameTaken = () => new AppError('USERNAME_TAKEN', AUTH_MESSAGES.usernameTaken, 409, 'username')
const emailTaken = () => new AppError('EMAIL_TAKEN', AUTH_MESSAGES.emailTaken, 409, 'email')

export async function registerMember(
  db: Db,
  body: z.output<ReturnType<typeof registerBody>>,
): Promise<UserRow> {
  if (isReservedUsername(body.username)) {
    throw new AppError('USERNAME_RESERVED', AUTH_MESSAGES.usernameReserved, 409, 'username')
  }
  if (await findUserByUsername(db, body.username)) throw usernameTaken()
  if (await findUserByEmail(db, body.email)) throw emailTaken()
  try {
    const [row] = await db
      .insert(users)
      .values({
        username: body.username,
        email: body.email,
        password: await hashPassword(body.password),
        fullName: body.fullName,
        title: body.title ?? null,
        bio: body.bio ?? null,
        location: body.location ?? null,
      })
      .returning()
    return row!
  } catch (error) {
    // Two registrations racing for the same name: the unique index decides.
    if (isUniqueViolation(error, 'username')) throw usernameTaken()
    if (isUniqueViolation(error, 'email')) throw emailTaken()
    throw error
  }
}

/**
 * What the per-account sign-in limit counts under: the account, whichever of its identifiers was
 * typed. An identifier of no account counts under itself, so it locks nobody out, and it meets
 * the same 429 as an account would (the limit tells nothing about which accounts exist).
 */
export const loginLimitKey = (user: { id: number } | null, login: string) =>
  user ? `account:${user.id}` : `unknown:${login.trim().toLowerCase()}`

export async function authenticate(
  db: Db,
  login: string,
  password: string,
  failures: FailureGuard,
): Promise<UserRow> {
  const user = await findUserByLogin(db, login)
  const key = loginLimitKey(user, login)
  await failures.check(key)
  const ok = user ? await verifyPassword(password, user.password) : await verifyAgainstNothing(password)
  if (!user || !ok) {
    await failures.fail(key)
    throw new AppError('INVALID_CREDENTIALS', AUTH_MESSAGES.invalidLogin, 401, 'username')
  }
  await failures.clear(key)
  // Said only to someone who knows the password: a suspended member learns why they cannot sign in.
  if (user.suspendedAt) {
    throw new AppError(
      'ACCOUNT_SUSPENDED',
      REPORT_MESSAGES.suspendedLogin(user.suspensionReason ?? SERVER_MESSAGES.suspensionFallback),
      403,
    )
  }
  return user
}

/** Mails a single-use reset link when the email is known; says nothing either way. */
export async function requestPasswordReset(db: Db, mailer: Mailer, config: Config, email: string) {
  const user = await findUserByEmail(db, email)
  if (!user) return
  const token = randomBytes(32).toString('base64url')
  await updateUser(db, user.id, {
    resetToken: hashToken(token),
    resetTokenExpiry: new Date(Date.now() + RESET_TOKEN_TTL_MS),
  })
  const link = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}&email=${encodeURIComponent(user.email)}`
  // In the member's saved language (English without one): the mail has no browser to ask.
  const texts = mailTexts(user.locale)
  await mailer.send({
    to: user.email,
    subject: texts.passwordReset.subject,
    // Nothing the member wrote (not even their name): the address was never proven to be theirs.
    text: [texts.greeting, '', ...texts.passwordReset.lines(link)].join('\n'),
  })
}

export async function resetPassword(db: Db, token: string, email: string, password: string) {
  const user = await findUserByEmail(db, email)
  const valid =
    user?.resetToken &&
    user.resetTokenExpiry &&
    user.resetTokenExpiry.getTime() > Date.now() &&
    timingSafeEqual(Buffer.from(user.resetToken), Buffer.from(hashToken(token)))
  if (!user || !valid) {
    throw new AppError('INVALID_RESET_TOKEN', AUTH_MESSAGES.invalidResetLink, 400, 'token')
  }
  // Only now, for the holder of a valid link: the username is not in the body.
  assertPasswordFitsOwner(password, user, 'password')
  await updateUser(db, user.id, {
    password: await hashPassword(password),
    resetToken: null,
    resetTokenExpiry: null,
  })
  await deleteUserSessions(db, user.id)
  // Whoever needed a reset may have lost control of the account: their scripts' tokens go too.
  await deleteMemberApiTokens(db, user.id)
}

/** ADMIN_PASSWORD makes sure the `admin` account exists, is an admin and has that password. */
export async function ensureAdminAccount(db: Db, config: Config) {
  if (!config.adminPassword) return
  const password = await hashPassword(config.adminPassword)
  const existing = await findUserByUsername(db, 'admin')
  if (existing) {
    await updateUser(db, existing.id, {
      password,
      isAdmin: true,
      ...(config.adminEmail ? { email: config.adminEmail } : {}),
    })
    return
  }
  await db.insert(users).values({
    username: 'admin',
    email: config.adminEmail ?? 'admin@vouched.local',
    password,
    fullName: 'Vouched Admin',
    isAdmin: true,
  })
}
