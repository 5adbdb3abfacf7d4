import { z } from 'zod'
import { ZEmail } from './auth'
import { ZCategory, ZEndorsement, ZMedal } from './endorsements'
import { BIO_MAX, FULL_NAME_MAX, FULL_NAME_MIN, LOCATION_MAX, TITLE_MAX, ZPublicUser } from './users'

export const PROFILE_PICTURE_MAX_BYTES = 5 * 1024 * 1024
/** Accepted profile picture types, judged by the bytes on the server and by the browser's type on the client. */
export const PROFILE_PICTURE_TYPES = ['image/png', 'image/jpeg'] as const
/** The side of the square the server re-encodes a profile picture to. */
export const PROFILE_PICTURE_SIZE = 400
export const TOP_HASHTAGS_MAX = 5
export const CATEGORY_TAGS_MAX = 10
export const VERIFICATION_CODE_LENGTH = 6
export const VERIFICATION_CODE_TTL_MINUTES = 30
export const VERIFICATION_MAX_ATTEMPTS = 5

/** The personal mail providers of SPEC.md §5; a work email on any of them is refused. */
export const PERSONAL_EMAIL_PROVIDERS = [
  'gmail',
  'yahoo',
  'protonmail',
  'hotmail',
  'msn',
  'outlook',
  'aol',
  'icloud',
  'comcast',
  'sbcglobal',
  'verizon',
  'att',
] as const

export const PROFILE_MESSAGES = {
  fullNameMin: 'Full name must be at least 2 characters',
  fullNameMax: `Full name must be at most ${FULL_NAME_MAX} characters`,
  titleMax: `Title must be at most ${TITLE_MAX} characters`,
  bioMax: `Bio must be at most ${BIO_MAX} characters`,
  locationMax: `Location must be at most ${LOCATION_MAX} characters`,
  personalEmail: 'Please use your company email. Personal email domains are not accepted for verification.',
  codeMin: 'Verification code must be at least 6 characters',
  codeInvalid: 'Invalid verification code. Please try again.',
  codeExpired: 'This verification code has expired. Please request a new one.',
  codeMissing: 'No verification code is pending. Please add your work email first.',
  codeTooManyAttempts: 'Too many wrong attempts. Please request a new verification code.',
  alreadyVerified: 'Your work email is already verified.',
  workEmailTaken: 'This work email is already verified by another member.',
  pictureTypeTitle: 'Invalid file type',
  pictureType: 'Please select an image file',
  pictureSizeTitle: 'File too large',
  pictureSize: 'Please select an image smaller than 5MB',
  pictureUnreadable: 'This image could not be read. Please select another one.',
  updateFailed: 'Update failed',
  updateProfileFailed: 'Failed to update profile. Please try again.',
  addEmailFailed: 'Failed to add email',
  verificationFailed: 'Verification failed',
  noBio: 'No bio provided yet.',
  verifiedBoxTitle: 'Email Verified',
  verifiedBoxText: 'Your endorsements have 1.25x more impact!',
  notFoundTitle: 'User Not Found',
  notFoundText: "The user profile you're looking for doesn't exist or you don't have permission to view it.",
  noProfessional: 'No professional endorsements received yet.',
  noSocial: 'No social endorsements received yet.',
  noEndorsements: 'No endorsements received yet. Be the first to endorse this user!',
  noFilterMatch: 'No endorsements matching the selected filter.',
} as const

/** True when the address is on one of the personal providers, whatever the country suffix (yahoo.co.uk). */
export function isPersonalEmail(email: string): boolean {
  const domain = email.trim().toLowerCase().split('@').pop() ?? ''
  const labels = domain.split('.').slice(0, -1)
  return labels.some((label) => (PERSONAL_EMAIL_PROVIDERS as readonly string[]).includes(label))
}

/**
 * Edit profile (SPEC.md §5). A missing field is left as it is; an empty title, bio or location clears it.
 */
const clearableText = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value === '' ? null : value))

export const ZUpdateProfileBody = z.object({
  fullName: z
    .string()
    .trim()
    .min(FULL_NAME_MIN, PROFILE_MESSAGES.fullNameMin)
    .max(FULL_NAME_MAX, PROFILE_MESSAGES.fullNameMax)
    .optional(),
  title: clearableText(TITLE_MAX, PROFILE_MESSAGES.titleMax),
  bio: clearableText(BIO_MAX, PROFILE_MESSAGES.bioMax),
  location: clearableText(LOCATION_MAX, PROFILE_MESSAGES.locationMax),
})
export type TUpdateProfileBody = z.input<typeof ZUpdateProfileBody>

export const ZAddWorkEmailBody = z.object({
  email: ZEmail.refine((email) => !isPersonalEmail(email), PROFILE_MESSAGES.personalEmail),
})
export type TAddWorkEmailBody = z.input<typeof ZAddWorkEmailBody>

export const ZAddWorkEmailResponse = z.object({
  message: z.string(),
  email: z.string(),
  /** Only when the server has no SMTP server: the demo hint of SPEC.md §7. */
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
