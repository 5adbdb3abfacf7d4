import { SEARCH_TAGS_MAX } from './discovery.constants'
import { VERIFICATION_CODE_LENGTH } from './profiles.constants'

/**
 * What the server says to people that no form shares: error answers of its core (sign-in, origin,
 * uploads, limits), a few success answers and the nouns its "… not found" answers name. Here rather
 * than inline so the German catalogue (i18n/messages.de.ts) holds them too (decision 153).
 */
export const SERVER_MESSAGES = {
  signInRequired: 'You need to sign in first',
  adminsOnly: 'Only admins can do this',
  forbidden: 'You are not allowed to do this',
  notFound: (what: string) => `${what} not found`,
  noRoute: (method: string, path: string) => `No route for ${method} ${path}`,
  internal: 'Internal server error',
  invalidInput: 'The request contains a value that cannot be accepted',
  unavailable: 'The service is briefly unavailable. Please try again.',
  rateLimited: 'Too many requests. Please wait a moment and try again.',
  busy: 'The server is busy. Please try again in a moment.',
  bodyTooLarge: 'Request body is too large',
  fileTooLarge: 'File is too large',
  unsupportedContentType: 'Unsupported content type',
  invalidJson: 'Request body is not valid JSON',
  emptyJson: 'Request body is empty',
  expectedMultipart: 'Expected multipart/form-data',
  crossSite: 'Cross-site requests are not allowed',
  misconfigured: 'The server is misconfigured. Please try again later.',
  metricsToken: 'A valid metrics token is required',
  fileNotFound: 'File not found',
  fileRequired: 'Please choose a file to upload',
  fileField: (field: string) => `The file must be sent in the field "${field}"`,
  unsupportedFileType: 'Unsupported file type',
  fontNotFound: 'Font not found',
  eventsUnavailable: 'Live updates are unavailable right now',
  invalidCursor: 'This page cursor is not valid',
  tooManySearchTags: `Search at most ${SEARCH_TAGS_MAX} hashtags at once`,
  onlyCommentAuthor: 'Only the author can delete this comment',
  ownProfileOnly: 'You can only change your own profile',
  verificationMailFailed: 'We could not send the verification email. Please try again later.',
  verificationCodeSent: (email: string) =>
    `We sent a ${VERIFICATION_CODE_LENGTH}-digit verification code to ${email}.`,
  workEmailVerified: 'Your work email is verified.',
  passwordReset: 'Your password has been reset. You can now log in with your new password.',
  tokenCreationLimit: 'You have created many tokens in a short time. Please wait a while and try again.',
  suspensionFallback: 'a violation of the community rules',
  /** "in 5 minutes", "in about 2 hours": when a daily limit lets the member try again. */
  inMinute: 'in 1 minute',
  inMinutes: (minutes: string) => `in ${minutes} minutes`,
  inAboutHour: 'in about 1 hour',
  inAboutHours: (hours: string) => `in about ${hours} hours`,
  // The things "… not found" names.
  user: 'User',
  member: 'Member',
  conversation: 'Conversation',
  hashtag: 'Hashtag',
  announcement: 'Announcement',
  report: 'Report',
} as const

/** The wait until a daily limit allows the next try, in words ("in 5 minutes", "in about 2 hours"). */
export function retryInWords(ms: number) {
  const minutes = Math.max(1, Math.ceil(ms / 60_000))
  if (minutes < 60)
    return minutes === 1 ? SERVER_MESSAGES.inMinute : SERVER_MESSAGES.inMinutes(String(minutes))
  const hours = Math.ceil(minutes / 60)
  return hours === 1 ? SERVER_MESSAGES.inAboutHour : SERVER_MESSAGES.inAboutHours(String(hours))
}
