import { z } from 'zod'
import { ZEmail } from './auth'
import { ZCategory, ZEndorsement, ZMedal } from './endorsements'
import {
  BIO_MAX,
  FULL_NAME_MAX,
  FULL_NAME_MIN,
  LOCATION_MAX,
  TITLE_MAX,
  printable,
  ZPublicUser,
} from './users'
import { VERIFICATION_CODE_LENGTH, PROFILE_MESSAGES, isPersonalEmail } from './profiles.constants'

export * from './profiles.constants'

/**
 * Edit profile (SPEC.md §5). A missing field is left as it is; an empty title, bio or location clears it.
 */
const clearableText = (max: number, message: string, label: string) =>
  printable(z.string().trim().max(max, message), label)
    .nullish()
    .transform((value) => (value === '' ? null : value))

export const ZUpdateProfileBody = z.object({
  fullName: printable(
    z
      .string()
      .trim()
      .min(FULL_NAME_MIN, PROFILE_MESSAGES.fullNameMin)
      .max(FULL_NAME_MAX, PROFILE_MESSAGES.fullNameMax),
    'Full name',
  ).optional(),
  title: clearableText(TITLE_MAX, PROFILE_MESSAGES.titleMax, 'Title'),
  bio: clearableText(BIO_MAX, PROFILE_MESSAGES.bioMax, 'Bio'),
  location: clearableText(LOCATION_MAX, PROFILE_MESSAGES.locationMax, 'Location'),
})

export type TUpdateProfileBody = z.input<typeof ZUpdateProfileBody>

export const ZAddWorkEmailBody = z.object({
  email: ZEmail.refine((email) => !isPersonalEmail(email), PROFILE_MESSAGES.personalEmail),
})

export type TAddWorkEmailBody = z.input<typeof ZAddWorkEmailBody>

export const ZAddWorkEmailResponse = z.object({
  message: z.string(),
  email: z.string(),
  /** Only in development, test and demo runs without an SMTP server: the demo hint of SPEC.md §7. */
  verificationCode: z.string().optional(),
})

export type TAddWorkEmailResponse = z.infer<typeof ZAddWorkEmailResponse>

export const ZVerifyEmailBody = z.object({
  verificationCode: z
    .string({ error: PROFILE_MESSAGES.codeMin })
    .trim()
    .min(VERIFICATION_CODE_LENGTH, PROFILE_MESSAGES.codeMin)
    .max(32, PROFILE_MESSAGES.codeInvalid),
})

export type TVerifyEmailBody = z.input<typeof ZVerifyEmailBody>

export const ZVerifyEmailResponse = z.object({ verified: z.literal(true), message: z.string() })

export type TVerifyEmailResponse = z.infer<typeof ZVerifyEmailResponse>

export const ZVerificationStatus = z.object({
  verified: z.boolean(),
  /** The owner's work email, verified or pending; null when none was added. */
  workEmail: z.string().nullable(),
})

export type TVerificationStatus = z.infer<typeof ZVerificationStatus>

/** A member as their profile shows them; email and workEmail only to the owner and admins. */
export const ZProfileUser = ZPublicUser.extend({
  activityScore: z.number().int(),
  topHashtags: z.array(z.string()),
  medals: z.array(ZMedal),
  email: z.string().optional(),
  workEmail: z.string().nullable().optional(),
})

export type TProfileUser = z.infer<typeof ZProfileUser>

export const ZCategoryScore = z.object({
  category: ZCategory,
  score: z.number(),
  /** Endorsements received in the category. */
  count: z.number().int(),
  /** The category's most received tags, most first. */
  tags: z.array(z.string()),
})

export type TCategoryScore = z.infer<typeof ZCategoryScore>

/** SPEC.md §3 profile response; `nextCursor` continues `vouches` through GET /api/users/{username}/vouches. */
export const ZProfile = z.object({
  user: ZProfileUser,
  reputationScore: z.number(),
  categoryScores: z.array(ZCategoryScore),
  vouches: z.array(ZEndorsement),
  nextCursor: z.string().nullable(),
})

export type TProfile = z.infer<typeof ZProfile>

export const ZUsernameParams = z.object({ username: z.string().min(1).max(100) })

export const ZUserIdParams = z.object({ userId: z.coerce.number().int().positive() })
