/** Limits, states and texts of endorsement requests (issue 25, point 3); zod-free for the web's pages. */

import { NOTIFICATION_TEXTS } from './notifications.constants'

/** Requests a member may send in any 24 hours (issue 25): enough to ask a team, too few to spam. */
export const ENDORSEMENT_REQUESTS_PER_DAY = 10

export const ENDORSEMENT_REQUEST_MESSAGE_MAX = 500

/** A request's life: open until the asked member vouches (fulfilled) or declines, or the asker cancels. */
export const ENDORSEMENT_REQUEST_STATUSES = ['open', 'fulfilled', 'declined', 'cancelled'] as const

export type TEndorsementRequestStatus = (typeof ENDORSEMENT_REQUEST_STATUSES)[number]

/** `received`: requests others sent the member; `sent`: the member's own. */
export const ENDORSEMENT_REQUEST_BOXES = ['received', 'sent'] as const

export type TEndorsementRequestBox = (typeof ENDORSEMENT_REQUEST_BOXES)[number]

/** Each list answers the newest requests only: nobody pages through hundreds of them. */
export const ENDORSEMENT_REQUEST_LIST_MAX = 100

/** The dialog's choice for a request that names no category. */
export const ANY_CATEGORY = 'any'

export const ENDORSEMENT_REQUEST_MESSAGES = {
  self: 'You cannot ask yourself for a vouch',
  notConnected: 'You can ask only your connections to vouch for you',
  duplicate: 'You already asked this member to vouch for you. Wait for their answer or cancel that request.',
  dailyLimit: (retry: string) =>
    `You have sent ${ENDORSEMENT_REQUESTS_PER_DAY} vouch requests in the last 24 hours, the most allowed. You can ask again ${retry}.`,
  hashtagsRequired: 'Add at least one skill',
  messageMax: `Message must be less than ${ENDORSEMENT_REQUEST_MESSAGE_MAX} characters`,
  notFound: 'Request not found',
  onlyRecipient: 'Only the member who was asked can decline this request',
  onlySender: 'Only the member who asked can cancel this request',
  notOpen: 'This request was already answered or cancelled',
} as const

/** The notification the asked member receives. */
export const endorsementRequestNotice = (name: string, hashtags: readonly string[]) =>
  NOTIFICATION_TEXTS.vouchRequested(name, hashtags.map((tag) => `#${tag}`).join(', '))
