export const USERNAME_MIN = 3

export const USERNAME_MAX = 30

/** Every character a username may hold (search relies on it too: a text with any other is in no username). */
export const USERNAME_PATTERN = /^[A-Za-z0-9_.-]+$/

/**
 * What no name, title or location may hold: control characters (line breaks and tabs among them),
 * line and paragraph separators, and the bidi embeddings, overrides and isolates that reorder the
 * text shown around a name.
 */
export const UNPRINTABLE = /[\p{Cc}\u2028\u2029\u202A-\u202E\u2066-\u2069]/u

/** The same for a bio, which may keep its line breaks (\n, \r). */
export const UNPRINTABLE_IN_TEXT = /[^\P{Cc}\n\r]|[\u2028\u2029\u202A-\u202E\u2066-\u2069]/u

export const unprintableMessage = (label: string) =>
  `${label} cannot contain line breaks, control or text-direction characters`

export const BIO_UNPRINTABLE_MESSAGE = 'Bio cannot contain control or text-direction characters'

export const FULL_NAME_MIN = 2

export const FULL_NAME_MAX = 100

export const TITLE_MAX = 100

export const LOCATION_MAX = 100

export const BIO_MAX = 500

/** Words that are path segments under /api/users or otherwise special, so never a username. */
export const RESERVED_USERNAMES = [
  'admin',
  'administrator',
  'api',
  'me',
  'discover',
  'popular',
  'verification-status',
  'add-work-email',
  'verify-email',
  'profile',
  'settings',
  'support',
  'system',
  'vouched',
  'null',
  'undefined',
] as const

export const isReservedUsername = (username: string) =>
  (RESERVED_USERNAMES as readonly string[]).includes(username.toLowerCase())
