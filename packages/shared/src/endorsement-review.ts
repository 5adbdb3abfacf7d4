import { z } from 'zod'
import { NOTE_MAX, ENDORSEMENT_MESSAGES } from './endorsements.constants'
import { ZEndorsement, ZHashtagList, ZLevel, ZRelationship } from './endorsements'
import { ZColorScheme } from './appearance'
import { ZDigestFrequency } from './digest'
import { ZLocale } from './locale'

/** Review before showing, withdrawal and editing of endorsements (issue 25, points 2 and 4). */

export const REVIEW_MESSAGES = {
  notYours: 'Only the member who received this endorsement can accept or decline it',
  alreadyAccepted: 'This endorsement was already accepted',
  notYourEndorsement: 'Only the member who gave this endorsement can change or withdraw it',
  awaitingApproval: 'Awaiting approval',
  withdrawn: 'Endorsement withdrawn',
  accepted: 'Endorsement accepted',
  declined: 'Endorsement declined',
  saved: 'Endorsement updated',
} as const

/** How long the toast after creating an endorsement offers to take it back. */
export const UNDO_WINDOW_MS = 10_000

/**
 * What the endorser may change: note, skills, level and relationship. A missing field stays as it is;
 * null (or an empty note) clears it. Category, receiver, anonymity and attachment stay: they decide
 * which endorsement it is and who sees whom.
 */
export const ZUpdateEndorsementBody = z
  .object({
    note: z.string().trim().max(NOTE_MAX, ENDORSEMENT_MESSAGES.noteMax).nullable().optional(),
    hashtags: ZHashtagList.optional(),
    relationship: ZRelationship.nullable().optional(),
    level: ZLevel.nullable().optional(),
  })
  .strict()

export type TUpdateEndorsementBody = z.input<typeof ZUpdateEndorsementBody>
export type TUpdateEndorsement = z.output<typeof ZUpdateEndorsementBody>

/** `GET /api/vouches/pending`: waiting for the viewer's approval, and the viewer's own waiting for others'. */
export const ZPendingEndorsements = z.object({
  received: z.array(ZEndorsement),
  given: z.array(ZEndorsement),
})

export type TPendingEndorsements = z.infer<typeof ZPendingEndorsements>

/** `GET`/`PATCH /api/account/settings`. */
export const ZAccountSettings = z.object({
  /** Received endorsements wait for the member's approval before they show or count. */
  reviewEndorsements: z.boolean(),
  /**
   * The member's colour scheme, on every device they sign in on; null until they pick one, when
   * each device keeps its own (docs/decisions/139).
   */
  colorScheme: ZColorScheme.nullable(),
  /** A mail of unread notifications once a day or week, or none (docs/decisions/148). */
  digest: ZDigestFrequency,
  /**
   * The member's language for the app, their mails and the server's answers; null follows the
   * browser (Accept-Language, navigator.languages) (docs/decisions/153).
   */
  locale: ZLocale.nullable(),
  /** The member publishes their profile and public vouches to the fediverse (docs/federation.md). */
  federated: z.boolean(),
  /** Follows wait for the member's approval (decision 154); off: remote accounts follow at once. */
  approveFollowers: z.boolean(),
  /** Whether this instance federates at all (FEDERATION=on): without it `federated` changes nothing. */
  federationAvailable: z.boolean(),
})

export type TAccountSettings = z.infer<typeof ZAccountSettings>

export const ZUpdateAccountSettingsBody = z
  .object({
    reviewEndorsements: z.boolean({ error: 'reviewEndorsements must be true or false' }).optional(),
    colorScheme: ZColorScheme.nullable().optional(),
    digest: ZDigestFrequency.optional(),
    locale: ZLocale.nullable().optional(),
    federated: z.boolean({ error: 'federated must be true or false' }).optional(),
    approveFollowers: z.boolean({ error: 'approveFollowers must be true or false' }).optional(),
  })
  .strict()

export type TUpdateAccountSettingsBody = z.input<typeof ZUpdateAccountSettingsBody>
