import { z } from 'zod'
import { SECURITY_MESSAGES, TOTP_DIGITS } from './security.constants'

export * from './security.constants'

/** Spaces and dashes people copy along with a code are dropped before it is checked. */
const compact = (value: string) => value.replace(/[\s-]/g, '')

export const ZTotpCode = z
  .string({ error: SECURITY_MESSAGES.codeRequired })
  .transform(compact)
  .pipe(
    z
      .string()
      .min(1, SECURITY_MESSAGES.codeRequired)
      .regex(new RegExp(`^\\d{${TOTP_DIGITS}}$`), SECURITY_MESSAGES.codeFormat),
  )

/** Ten characters from a 32-letter alphabet, shown as `xxxxx-xxxxx`; typed with or without the dash. */
export const ZRecoveryCode = z
  .string({ error: SECURITY_MESSAGES.recoveryCodeRequired })
  .transform((value) => compact(value).toLowerCase())
  .pipe(
    z.string().min(1, SECURITY_MESSAGES.recoveryCodeRequired).max(64, SECURITY_MESSAGES.wrongRecoveryCode),
  )

/** `POST /api/account/two-factor/enable` and the confirming code of a setup. */
export const ZTwoFactorCodeBody = z.object({ code: ZTotpCode })
export type TTwoFactorCodeBody = z.input<typeof ZTwoFactorCodeBody>

/**
 * A second factor: a code from the app or one of the recovery codes, exactly one of them. Completes a
 * sign-in (`POST /api/login/two-factor`) and turns two-factor off (`POST /api/account/two-factor/disable`).
 */
export const ZSecondFactorBody = z
  .object({ code: ZTotpCode.optional(), recoveryCode: ZRecoveryCode.optional() })
  .refine((body) => (body.code === undefined) !== (body.recoveryCode === undefined), {
    message: SECURITY_MESSAGES.codeOrRecoveryCode,
    path: ['code'],
  })
export type TSecondFactorBody = z.input<typeof ZSecondFactorBody>

/** `POST /api/login` when the password was right and a second factor is awaited. */
export const ZTwoFactorRequired = z.object({ twoFactorRequired: z.literal(true) })
export type TTwoFactorRequired = z.infer<typeof ZTwoFactorRequired>

export const ZTwoFactorSetup = z.object({
  /** Base32, for typing into an app by hand. */
  secret: z.string(),
  /** `otpauth://totp/...`, what the QR code holds. */
  otpauthUrl: z.string(),
})
export type TTwoFactorSetup = z.infer<typeof ZTwoFactorSetup>

export const ZRecoveryCodes = z.object({ recoveryCodes: z.array(z.string()) })
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>

export const ZSignedInSession = z.object({
  id: z.number().int(),
  userAgent: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session this request came with. */
  current: z.boolean(),
})
export type TSignedInSession = z.infer<typeof ZSignedInSession>

/** Passkeys are a later piece of issue 27; the list is empty until they exist. */
export const ZPasskey = z.object({
  id: z.number().int(),
  name: z.string(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
})
export type TPasskey = z.infer<typeof ZPasskey>

/** `GET /api/account/security`. */
export const ZAccountSecurity = z.object({
  twoFactorEnabled: z.boolean(),
  /** How many unused recovery codes are left (0 when two-factor is off). */
  recoveryCodesLeft: z.number().int().min(0),
  /** An admin whom REQUIRE_ADMIN_2FA=1 keeps out of the admin dashboard until two-factor is on. */
  twoFactorRequired: z.boolean(),
  passkeys: z.array(ZPasskey),
  sessions: z.array(ZSignedInSession),
})
export type TAccountSecurity = z.infer<typeof ZAccountSecurity>

/** `POST /api/account/sessions/revoke-others`. */
export const ZRevokedSessions = z.object({ revoked: z.number().int().min(0) })
export type TRevokedSessions = z.infer<typeof ZRevokedSessions>
