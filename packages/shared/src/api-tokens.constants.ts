/** Every personal API token starts with this, so secret scanners (and people) recognise a leaked one. */
export const API_TOKEN_PREFIX = 'vch_'

/** `read`: GET and HEAD only. `read-write`: writes too, on the routes a token may reach at all. */
export const API_TOKEN_SCOPES = ['read', 'read-write'] as const

export type TApiTokenScope = (typeof API_TOKEN_SCOPES)[number]

export const API_TOKEN_SCOPE_LABELS: Record<TApiTokenScope, string> = {
  read: 'Read only',
  'read-write': 'Read and write',
}

/** The expiries the settings page offers; the API takes any whole number of days in between. */
export const API_TOKEN_EXPIRY_CHOICES = [30, 90, 365] as const

export const API_TOKEN_EXPIRY_DAYS_MAX = 365
export const API_TOKEN_NAME_MAX = 50
/** Tokens a member may hold at once, expired ones included (they stay listed until revoked). */
export const API_TOKENS_MAX = 20

export const API_TOKEN_MESSAGES = {
  nameRequired: 'Please give the token a name',
  nameTooLong: `The name must be at most ${API_TOKEN_NAME_MAX} characters`,
  nameTaken: 'You already have a token with this name',
  scopeInvalid: 'Choose "read" or "read-write"',
  expiryInvalid: `The expiry must be a whole number of days from 1 to ${API_TOKEN_EXPIRY_DAYS_MAX}`,
  tooMany: `You already have ${API_TOKENS_MAX} API tokens, the most allowed. Revoke one you no longer use first.`,
  notFound: 'API token not found',
  created: 'Token created',
  createFailed: 'Failed to create the token',
  revoked: 'Token revoked',
  revokeFailed: 'Failed to revoke the token',
  copied: 'Token copied',
  copyFailed: 'Could not copy: select the token and copy it yourself',
  // Answers to requests that carry a token.
  invalid: 'This API token is not valid: it was revoked, or never existed',
  expired: 'This API token has expired: create a new one in Settings',
  malformed: 'The Authorization header must be "Bearer" followed by an API token',
  notAllowed: 'API tokens cannot be used here: sign in on the website instead',
  readOnly: 'This API token is read-only: create a read-write token to make changes',
} as const
