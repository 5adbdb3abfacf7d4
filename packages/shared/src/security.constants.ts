/** TOTP as every authenticator app reads it (RFC 6238 defaults): SHA-1, 6 digits, 30-second steps. */
export const TOTP_DIGITS = 6
export const TOTP_PERIOD_SECONDS = 30
/** Recovery codes made when two-factor is turned on; each works once. */
export const RECOVERY_CODE_COUNT = 10
/** A pending sign-in (password right, second factor awaited) lasts this long. */
export const TWO_FACTOR_CHALLENGE_MINUTES = 5

/** Passkeys one member may keep (issue 27 asks for at least two: a phone and a laptop, a spare key). */
export const PASSKEY_MAX = 10
export const PASSKEY_NAME_MAX = 60
/** A WebAuthn challenge (registration or sign-in) is good for this long, and once. */
export const PASSKEY_CHALLENGE_MINUTES = 5

export const SECURITY_MESSAGES = {
  codeRequired: 'Enter the 6-digit code from your authenticator app',
  codeFormat: 'The code is 6 digits',
  recoveryCodeRequired: 'Enter one of your recovery codes',
  codeOrRecoveryCode: 'Enter either a code from your authenticator app or a recovery code',
  wrongCode: 'That code is not right. Check your authenticator app and try again.',
  codeUsed: 'That code was used already. Wait for the next one in your authenticator app.',
  wrongRecoveryCode: 'That recovery code is not right, or it was used already.',
  challengeExpired: 'Your sign-in timed out. Please enter your password again.',
  alreadyEnabled: 'Two-factor sign-in is already on',
  notEnabled: 'Two-factor sign-in is not on',
  setupFirst: 'Start the setup again: no code is waiting to be confirmed',
  adminTwoFactorRequired:
    'Admins must turn on two-factor sign-in before using the admin dashboard. Turn it on in Settings.',
  sessionNotFound: 'Session not found',
  passkeyNameRequired: 'Give the passkey a name, such as the device it lives on',
  passkeyNameTooLong: `The name can be at most ${PASSKEY_NAME_MAX} characters`,
  passkeyLimit: `You can keep at most ${PASSKEY_MAX} passkeys. Remove one to add another.`,
  passkeyNotFound: 'Passkey not found',
  passkeyRejected: 'The passkey could not be verified. Please try again.',
  passkeyAlreadyAdded: 'This passkey is already added to an account',
  passkeyChallengeExpired: 'The passkey request timed out or was used already. Please try again.',
  passkeyUnknown: 'This passkey is not known here. Sign in with your password, then add it in Settings.',
  passkeyResponseInvalid: 'The passkey answer is not in the expected form',
} as const
