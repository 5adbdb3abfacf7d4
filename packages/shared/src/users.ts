import { z } from 'zod'

export const USERNAME_MIN = 3
export const USERNAME_MAX = 30
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

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .optional()
    .transform((value) => (value === '' ? undefined : value))

export const ZTitle = optionalText(TITLE_MAX, 'Title')
export const ZBio = optionalText(BIO_MAX, 'Bio')
export const ZLocation = optionalText(LOCATION_MAX, 'Location')

/**
 * What any signed-in member may see of another member. Private fields (email, workEmail,
 * codes, tokens, the password hash) are absent, so a response schema built on it cannot leak them.
 */
export const ZPublicUser = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string().nullable(),
  title: z.string().nullable(),
  bio: z.string().nullable(),
  location: z.string().nullable(),
  profilePicture: z.string().nullable(),
  isEmailVerified: z.boolean(),
  isVerified: z.boolean(),
  isAdmin: z.boolean(),
  reputationScore: z.number(),
  vouchCount: z.number().int(),
  createdAt: z.string(),
})
export type TPublicUser = z.infer<typeof ZPublicUser>

/** The signed-in member's own record: adds the fields only its owner (and admins) may read. */
export const ZSelfUser = ZPublicUser.extend({
  email: z.string(),
  workEmail: z.string().nullable(),
})
export type TSelfUser = z.infer<typeof ZSelfUser>
