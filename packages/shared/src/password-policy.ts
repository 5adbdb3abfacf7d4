import type { z } from 'zod'

/**
 * What a new password must not be, beyond the lengths of SPEC.md §5. Said the same way by the server
 * and the forms. The dictionary check lives in `password-meter.ts`, which the web client loads lazily.
 */
export const PASSWORD_MESSAGES = {
  blank: 'Password cannot be only spaces',
  common: 'This password is too common or too easy to guess. Please choose another one.',
  containsUsername: 'Password must not contain your username',
  containsEmail: 'Password must not contain your email address',
} as const

/** zxcvbn's scale: 0 too guessable, 1 very guessable, 2 somewhat guessable, 3 safely unguessable, 4 very unguessable. */
export type PasswordScore = 0 | 1 | 2 | 3 | 4

export type PasswordStrength = { score: PasswordScore; common: boolean }

/**
 * Measures a password against the common-password dictionary; `userInputs` are the member's own words
 * (username, email, name), which count as easy to guess. Synchronous on the server, a promise on the
 * client while the dictionary downloads.
 */
export type PasswordMeter = (
  password: string,
  userInputs: readonly string[],
) => PasswordStrength | Promise<PasswordStrength>

/** Who the password is for, as far as the caller knows. */
export type PasswordOwner = { username?: string | undefined; email?: string | undefined }

/**
 * Parts of an identity shorter than this are only compared whole: a one-letter email local part
 * would otherwise forbid every password containing that letter.
 */
const CONTAINED_MIN = 3

const fold = (text: string) => text.normalize('NFKC').toLowerCase()

const localPart = (email: string) => email.slice(0, Math.max(email.lastIndexOf('@'), 0)) || email

function includesIdentity(password: string, identity: string | undefined) {
  const part = fold(identity?.trim() ?? '')
  if (!part) return false
  return part.length >= CONTAINED_MIN ? password.includes(part) : password === part
}

/** The rules that need no dictionary: whitespace only, the username, the email or its local part. */
export function passwordRuleProblem(password: string, owner: PasswordOwner): string | null {
  if (password.trim() === '') return PASSWORD_MESSAGES.blank
  const folded = fold(password)
  if (includesIdentity(folded, owner.username)) return PASSWORD_MESSAGES.containsUsername
  if (
    owner.email &&
    (includesIdentity(folded, owner.email) || includesIdentity(folded, localPart(owner.email)))
  )
    return PASSWORD_MESSAGES.containsEmail
  return null
}

/** The member's own words, which make a password easy to guess for whoever knows them. */
export const userInputsOf = (owner: PasswordOwner): string[] =>
  [owner.username, owner.email, owner.email ? localPart(owner.email) : undefined].filter(
    (value): value is string => Boolean(value?.trim()),
  )

/** Every rule; measures only when the cheap rules pass. Synchronous with a synchronous meter. */
export function passwordProblem(
  password: string,
  owner: PasswordOwner,
  meter: (password: string, userInputs: readonly string[]) => PasswordStrength,
): string | null
export function passwordProblem(
  password: string,
  owner: PasswordOwner,
  meter: PasswordMeter,
): string | null | Promise<string | null>
export function passwordProblem(
  password: string,
  owner: PasswordOwner,
  meter: PasswordMeter,
): string | null | Promise<string | null> {
  const problem = passwordRuleProblem(password, owner)
  if (problem) return problem
  const strength = meter(password, userInputsOf(owner))
  const verdict = (s: PasswordStrength) => (s.common ? PASSWORD_MESSAGES.common : null)
  return strength instanceof Promise ? strength.then(verdict) : verdict(strength)
}

/** A zod `superRefine` for a body holding a new password: the problem is put on `field`. */
export function refineNewPassword<T>(
  meter: PasswordMeter,
  read: (body: T) => { password: string; owner: PasswordOwner },
  field: string,
) {
  return (body: T, ctx: z.RefinementCtx<T>): void | Promise<void> => {
    const { password, owner } = read(body)
    const report = (message: string | null) => {
      if (message) ctx.addIssue({ code: 'custom', message, path: [field] })
    }
    const problem = passwordProblem(password, owner, meter)
    return problem instanceof Promise ? problem.then(report) : report(problem)
  }
}
