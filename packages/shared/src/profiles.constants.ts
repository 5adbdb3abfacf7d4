import { BIO_MAX, FULL_NAME_MAX, LOCATION_MAX, TITLE_MAX } from './users.constants'

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
  mailUnavailable:
    'Work email verification is not available: this server cannot send email yet. Please try again later.',
  tooManyCodeMails:
    'Too many verification emails were sent to this address. Please wait an hour and try again.',
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
