import { z } from 'zod'
import {
  FULL_NAME_MAX,
  FULL_NAME_MIN,
  USERNAME_MAX,
  USERNAME_MIN,
  USERNAME_PATTERN,
  printable,
  ZBio,
  ZLocation,
  ZTitle,
} from './users'
import { PASSWORD_MIN, RESET_PASSWORD_MIN, PASSWORD_MAX, EMAIL_MAX, AUTH_MESSAGES } from './auth.constants'
import { refineNewPassword, type PasswordMeter } from './password-policy'

export * from './auth.constants'

const ZPassword = z
  .string()
  .min(PASSWORD_MIN, AUTH_MESSAGES.passwordMin)
  .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`)

export const ZEmail = z.string().trim().max(EMAIL_MAX, AUTH_MESSAGES.email).pipe(z.email(AUTH_MESSAGES.email))

export const ZUsername = z
  .string()
  .trim()
  .min(USERNAME_MIN, AUTH_MESSAGES.usernameMin)
  .max(USERNAME_MAX, `Username must be at most ${USERNAME_MAX} characters`)
  .regex(USERNAME_PATTERN, AUTH_MESSAGES.usernameChars)

/**
 * Sign-in checks only that both fields are filled: any other failure, a 5-character password or a
 * 2-letter username included, is the one invalid-credentials message of SPEC.md §5, from the server
 * (docs/decisions/096-one-way-to-write-each-thing.md). The length rules belong to choosing a password.
 */
export const ZLoginBody = z.object({
  /** A username or an email address. */
  username: z
    .string()
    .trim()
    .min(1, AUTH_MESSAGES.loginUsernameRequired)
    .max(EMAIL_MAX, AUTH_MESSAGES.invalidLogin),
  password: z
    .string()
    .min(1, AUTH_MESSAGES.loginPasswordRequired)
    .max(PASSWORD_MAX, AUTH_MESSAGES.invalidLogin),
})

export type TLoginBody = z.input<typeof ZLoginBody>

const ZRegisterFields = z
  .object({
    username: ZUsername,
    email: ZEmail,
    password: ZPassword,
    passwordConfirm: z.string().min(1, AUTH_MESSAGES.passwordConfirmRequired),
    fullName: printable(
      z
        .string()
        .trim()
        .min(FULL_NAME_MIN, AUTH_MESSAGES.fullNameRequired)
        .max(FULL_NAME_MAX, `Full name must be at most ${FULL_NAME_MAX} characters`),
      'Full name',
    ),
    title: ZTitle,
    bio: ZBio,
    location: ZLocation,
  })
  .refine((body) => body.password === body.passwordConfirm, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['passwordConfirm'],
  })

/**
 * The registration body with the password rules of `password-policy.ts`; the meter is the
 * dictionary check (`password-meter.ts`), passed in so the web client can load it lazily.
 */
export const registerBody = (meter: PasswordMeter) =>
  ZRegisterFields.superRefine(
    refineNewPassword(
      meter,
      (body: z.output<typeof ZRegisterFields>) => ({
        password: body.password,
        owner: { username: body.username, email: body.email },
      }),
      'password',
    ),
  )

export type TRegisterBody = z.input<typeof ZRegisterFields>

export const ZForgotPasswordBody = z.object({ email: ZEmail })

export type TForgotPasswordBody = z.input<typeof ZForgotPasswordBody>

const ZResetPasswordFields = z
  .object({
    token: z.string().trim().min(1, AUTH_MESSAGES.resetTokenRequired).max(200),
    email: ZEmail,
    password: z
      .string()
      .min(RESET_PASSWORD_MIN, AUTH_MESSAGES.resetPasswordMin)
      .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
    confirmPassword: z
      .string()
      .min(RESET_PASSWORD_MIN, AUTH_MESSAGES.resetPasswordMin)
      .max(PASSWORD_MAX, `Password must be at most ${PASSWORD_MAX} characters`),
  })
  .refine((body) => body.password === body.confirmPassword, {
    message: AUTH_MESSAGES.passwordsDontMatch,
    path: ['confirmPassword'],
  })

/** The reset body with the password rules; the username is checked by the server, which knows it. */
export const resetPasswordBody = (meter: PasswordMeter) =>
  ZResetPasswordFields.superRefine(
    refineNewPassword(
      meter,
      (body: z.output<typeof ZResetPasswordFields>) => ({
        password: body.password,
        owner: { email: body.email },
      }),
      'password',
    ),
  )

export type TResetPasswordBody = z.input<typeof ZResetPasswordFields>

export const ZMessage = z.object({ message: z.string() })

export type TMessage = z.infer<typeof ZMessage>
