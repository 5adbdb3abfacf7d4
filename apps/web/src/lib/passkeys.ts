import type { WebAuthnErrorCode } from '@simplewebauthn/browser'
import { errorMessage, isApiError } from './api-client'
import { i18n } from './i18n/i18n'

/*
 * What the passkey screens of Settings and /auth share: whether the browser can use passkeys at all, and
 * what to tell the member when the browser's part of a ceremony fails (the server's part has its message).
 */

/** As `browserSupportsWebAuthn()` of `@simplewebauthn/browser` tells, without loading it on /auth. */
export const passkeysSupported = () => typeof globalThis.PublicKeyCredential === 'function'

/** The reason `@simplewebauthn/browser`'s WebAuthnError gives, when it is one. */
const webAuthnCode = (error: unknown): WebAuthnErrorCode | undefined =>
  error instanceof Error && 'code' in error && typeof error.code === 'string'
    ? (error.code as WebAuthnErrorCode)
    : undefined

/** The member closed the browser's passkey prompt, or let it time out: nothing went wrong. */
export const passkeyCancelled = (error: unknown) =>
  error instanceof Error &&
  (error.name === 'NotAllowedError' ||
    error.name === 'AbortError' ||
    webAuthnCode(error) === 'ERROR_CEREMONY_ABORTED')

export function passkeyErrorMessage(error: unknown): string {
  if (isApiError(error)) return errorMessage(error)
  switch (webAuthnCode(error)) {
    case 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED':
      return i18n.t('common:passkeys.previouslyRegistered')
    case 'ERROR_AUTHENTICATOR_MISSING_DISCOVERABLE_CREDENTIAL_SUPPORT':
    case 'ERROR_AUTHENTICATOR_MISSING_USER_VERIFICATION_SUPPORT':
      return i18n.t('common:passkeys.noDiscoverable')
    default:
      break
  }
  if (passkeyCancelled(error)) return i18n.t('common:passkeys.cancelled')
  return i18n.t('common:passkeys.failed')
}
