import { ACCOUNT_MESSAGES, PREFERENCE_LABELS } from '../account.constants'
import { ADMIN_MESSAGES } from '../admin.constants'
import { ANNOUNCEMENT_MESSAGES } from '../announcements.constants'
import { API_TOKEN_MESSAGES, API_TOKEN_SCOPE_LABELS } from '../api-tokens.constants'
import { COLOR_SCHEME_LABELS } from '../appearance'
import { AUTH_MESSAGES, PASSWORD_MAX } from '../auth.constants'
import { BADGE_MESSAGES } from '../badges'
import { BLOCK_MESSAGES } from '../blocks.constants'
import { CONNECTION_MESSAGES, CONNECTION_NOTICES } from '../connections.constants'
import { CREDENTIAL_MESSAGES } from '../credentials'
import { DIGEST_DESCRIPTIONS, DIGEST_LABELS, DIGEST_MESSAGES, DIGEST_SAVED_MESSAGES } from '../digest'
import { DISCOVERY_MESSAGES, SEARCH_SORT_LABELS, SEARCH_TYPE_LABELS } from '../discovery.constants'
import { FEDIVERSE_FOLLOWING_MESSAGES } from '../fediverse-following.constants'
import { ENDORSEMENT_REQUEST_MESSAGES } from '../endorsement-requests.constants'
import { FOLLOWER_MESSAGES } from '../federation-followers'
import { REVIEW_MESSAGES } from '../endorsement-review'
import {
  CATEGORY_LABELS,
  ENDORSEMENT_MESSAGES,
  LEVEL_LABELS,
  RELATIONSHIP_LABELS,
} from '../endorsements.constants'
import { CONVERSATION_SEARCH_MAX, MESSAGING_MESSAGES } from '../messaging.constants'
import { NOTIFICATION_MESSAGES, NOTIFICATION_TEXTS } from '../notifications.constants'
import { PASSWORD_MESSAGES } from '../password-policy'
import { PROFILE_MESSAGES } from '../profiles.constants'
import { PUSH_MESSAGES } from '../push'
import { REMOTE_VOUCH_MESSAGES } from '../remote-vouches'
import {
  REPORT_ACTION_LABELS,
  REPORT_MESSAGES,
  REPORT_TARGET_LABELS,
  SUSPENSION_REASON_MAX,
} from '../reports.constants'
import { FACTOR_LABELS, REPUTATION_MESSAGES } from '../reputation.constants'
import { SECURITY_MESSAGES } from '../security.constants'
import { SERVER_MESSAGES } from '../server.constants'
import { TRUST_MESSAGES } from '../trust.constants'
import { BIO_UNPRINTABLE_MESSAGE, FULL_NAME_MAX, unprintableMessage, USERNAME_MAX } from '../users.constants'

/**
 * Texts zod schemas carry inline rather than from a constant; the same words as in their schemas
 * (messages.test.ts checks those schemas answer with one of them).
 */
export const INLINE_SCHEMA_MESSAGES = {
  passwordMax: `Password must be at most ${PASSWORD_MAX} characters`,
  usernameMax: `Username must be at most ${USERNAME_MAX} characters`,
  fullNameMax: `Full name must be at most ${FULL_NAME_MAX} characters`,
  fullName: 'Full name',
  title: 'Title',
  location: 'Location',
  bio: 'Bio',
  conversationSearchMax: `Search text must be at most ${CONVERSATION_SEARCH_MAX} characters`,
  statusPurpose: 'The status purpose is revocation or suspension',
  chooseConnection: 'Choose a connection to ask',
  chooseCategory: 'Please choose one of the listed categories',
  chooseRelationship: 'Please choose one of the listed relationships',
  chooseLevel: 'Please choose one of the listed levels',
  hashtagsList: 'Hashtags must be a list',
  chooseMember: 'Choose a member to endorse',
  attachmentUrlTooLong: 'Attachment URL is too long',
  contentTypeTooLong: 'Content type is too long',
  limitNumber: 'Limit must be a number',
  limitWhole: 'Limit must be a whole number',
  limitMin: 'Limit must be at least 1',
  limitMax: (max: string) => `Limit must be at most ${max}`,
  searchType: 'Type must be user or hashtag',
  searchSort: 'Sort must be reputation, recent, active or trust',
  reportWhat: 'Choose what you are reporting',
  noteMax: `The note must be at most ${SUSPENSION_REASON_MAX} characters`,
  giveReason: 'Please give a reason',
  reasonMax: `The reason must be at most ${SUSPENSION_REASON_MAX} characters`,
  enterUsername: 'Enter a username',
  reviewEndorsementsBoolean: 'reviewEndorsements must be true or false',
  colorSchemeEnum: 'colorScheme must be one of system, light, dark',
  localeEnum: 'locale must be one of en, de',
  digestEnum: 'digest must be one of off, daily, weekly',
  federatedBoolean: 'federated must be true or false',
  approveFollowersBoolean: 'approveFollowers must be true or false',
} as const

/** The users.constants texts that are not in a `*_MESSAGES` object. */
export const USER_TEXTS = {
  unprintable: unprintableMessage,
  bioUnprintable: BIO_UNPRINTABLE_MESSAGE,
} as const

/**
 * Every English text the server and the forms share, by the name of its constant: the source of the
 * German catalogue (messages.de.ts is typed against it, so a missing key fails the typecheck).
 */
export const MESSAGES_EN = {
  ACCOUNT_MESSAGES,
  PREFERENCE_LABELS,
  ADMIN_MESSAGES,
  ANNOUNCEMENT_MESSAGES,
  API_TOKEN_MESSAGES,
  API_TOKEN_SCOPE_LABELS,
  COLOR_SCHEME_LABELS,
  AUTH_MESSAGES,
  BADGE_MESSAGES,
  BLOCK_MESSAGES,
  CONNECTION_MESSAGES,
  CONNECTION_NOTICES,
  CREDENTIAL_MESSAGES,
  DIGEST_LABELS,
  DIGEST_DESCRIPTIONS,
  DIGEST_SAVED_MESSAGES,
  DIGEST_MESSAGES,
  DISCOVERY_MESSAGES,
  SEARCH_SORT_LABELS,
  SEARCH_TYPE_LABELS,
  ENDORSEMENT_REQUEST_MESSAGES,
  FOLLOWER_MESSAGES,
  FEDIVERSE_FOLLOWING_MESSAGES,
  REVIEW_MESSAGES,
  REMOTE_VOUCH_MESSAGES,
  ENDORSEMENT_MESSAGES,
  RELATIONSHIP_LABELS,
  LEVEL_LABELS,
  CATEGORY_LABELS,
  MESSAGING_MESSAGES,
  NOTIFICATION_MESSAGES,
  NOTIFICATION_TEXTS,
  PASSWORD_MESSAGES,
  PROFILE_MESSAGES,
  PUSH_MESSAGES,
  REPORT_TARGET_LABELS,
  REPORT_ACTION_LABELS,
  REPORT_MESSAGES,
  REPUTATION_MESSAGES,
  FACTOR_LABELS,
  SECURITY_MESSAGES,
  TRUST_MESSAGES,
  SERVER_MESSAGES,
  USER_TEXTS,
  INLINE_SCHEMA_MESSAGES,
} as const

type Translation<T> = {
  readonly [K in keyof T]: T[K] extends (...args: infer A) => string ? (...args: A) => string : string
}

/** A language's catalogue: every group and key of the English one, functions with their parameters. */
export type TMessageCatalogue = {
  readonly [G in keyof typeof MESSAGES_EN]: Translation<(typeof MESSAGES_EN)[G]>
}
