import { z } from 'zod'
import {
  BIO_MAX,
  BIO_UNPRINTABLE_MESSAGE,
  LOCATION_MAX,
  TITLE_MAX,
  UNPRINTABLE,
  UNPRINTABLE_IN_TEXT,
  unprintableMessage,
} from './users.constants'

export * from './users.constants'

/**
 * Refuses what a member's name, title or location may not hold (the field named by `label`); a bio
 * may keep its line breaks. Shared by registration, Edit profile and their forms.
 */
export const printable = <T extends z.ZodType<string>>(schema: T, label: string) => {
  const bio = label === 'Bio'
  return schema.refine((value) => !(bio ? UNPRINTABLE_IN_TEXT : UNPRINTABLE).test(value), {
    message: bio ? BIO_UNPRINTABLE_MESSAGE : unprintableMessage(label),
  })
}

const optionalText = (max: number, label: string) =>
  printable(z.string().trim().max(max, `${label} must be at most ${max} characters`), label)
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
