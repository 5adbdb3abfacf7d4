import { z } from 'zod'
import { PASSKEY_NAME_MAX, SECURITY_MESSAGES, TOTP_DIGITS } from './security.constants'

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

/** One of the member's passkeys as Settings lists it (docs/decisions/146). */
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

// ---------------------------------------------------------------------------------------------------
// Passkeys (WebAuthn, docs/decisions/146). The options and responses are the JSON forms of
// `@simplewebauthn/server` and `@simplewebauthn/browser`: binary values travel as base64url.

/** Base64url without padding, as WebAuthn's JSON forms carry bytes. */
const base64url = (max: number) =>
  z
    .string({ error: SECURITY_MESSAGES.passkeyResponseInvalid })
    .max(max, SECURITY_MESSAGES.passkeyResponseInvalid)
    .regex(/^[A-Za-z0-9_-]+$/, SECURITY_MESSAGES.passkeyResponseInvalid)

const ZTransports = z.array(z.string().max(32)).max(10)
const ZCredentialDescriptor = z.object({
  id: z.string(),
  type: z.string(),
  transports: z.array(z.string()).optional(),
})

/** `POST /api/account/passkeys/options`: what `navigator.credentials.create()` is asked. */
export const ZPasskeyRegistrationOptions = z.object({
  challenge: z.string(),
  rp: z.object({ name: z.string(), id: z.string().optional() }),
  user: z.object({ id: z.string(), name: z.string(), displayName: z.string() }),
  pubKeyCredParams: z.array(z.object({ alg: z.number().int(), type: z.string() })),
  timeout: z.number().int().optional(),
  excludeCredentials: z.array(ZCredentialDescriptor).optional(),
  authenticatorSelection: z
    .object({
      authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
      requireResidentKey: z.boolean().optional(),
      residentKey: z.enum(['discouraged', 'preferred', 'required']).optional(),
      userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
    })
    .optional(),
  attestation: z.enum(['none', 'indirect', 'direct', 'enterprise']).optional(),
  extensions: z.object({ credProps: z.boolean().optional() }).optional(),
  hints: z.array(z.string()).optional(),
})
export type TPasskeyRegistrationOptions = z.infer<typeof ZPasskeyRegistrationOptions>

/** `POST /api/login/passkey/options`: what `navigator.credentials.get()` is asked (no allow list). */
export const ZPasskeySignInOptions = z.object({
  challenge: z.string(),
  rpId: z.string().optional(),
  allowCredentials: z.array(ZCredentialDescriptor).optional(),
  timeout: z.number().int().optional(),
  userVerification: z.enum(['discouraged', 'preferred', 'required']).optional(),
})
export type TPasskeySignInOptions = z.infer<typeof ZPasskeySignInOptions>

const credentialFields = {
  id: base64url(1400),
  rawId: base64url(1400),
  type: z.literal('public-key', { error: SECURITY_MESSAGES.passkeyResponseInvalid }),
  authenticatorAttachment: z.enum(['platform', 'cross-platform']).optional(),
  clientExtensionResults: z
    .object({ credProps: z.object({ rk: z.boolean().optional() }).optional() })
    .default({}),
}

/** What `startRegistration()` of `@simplewebauthn/browser` answers. */
export const ZPasskeyRegistrationResponse = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4096),
    attestationObject: base64url(65536),
    authenticatorData: base64url(65536).optional(),
    transports: ZTransports.optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8192).optional(),
  }),
})
export type TPasskeyRegistrationResponse = z.infer<typeof ZPasskeyRegistrationResponse>

/** What `startAuthentication()` of `@simplewebauthn/browser` answers. */
export const ZPasskeySignInResponse = z.object({
  ...credentialFields,
  response: z.object({
    clientDataJSON: base64url(4096),
    authenticatorData: base64url(8192),
    signature: base64url(8192),
    userHandle: base64url(128).optional(),
  }),
})
export type TPasskeySignInResponse = z.infer<typeof ZPasskeySignInResponse>

export const ZPasskeyName = z
  .string({ error: SECURITY_MESSAGES.passkeyNameRequired })
  .trim()
  .min(1, SECURITY_MESSAGES.passkeyNameRequired)
  .max(PASSKEY_NAME_MAX, SECURITY_MESSAGES.passkeyNameTooLong)

/** `POST /api/account/passkeys`. */
export const ZAddPasskeyBody = z.object({ name: ZPasskeyName, response: ZPasskeyRegistrationResponse })
export type TAddPasskeyBody = z.input<typeof ZAddPasskeyBody>

/** `POST /api/login/passkey`. */
export const ZPasskeySignInBody = z.object({ response: ZPasskeySignInResponse })
export type TPasskeySignInBody = z.input<typeof ZPasskeySignInBody>
