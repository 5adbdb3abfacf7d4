import { z } from 'zod'
import {
  CATEGORIES,
  DEFAULT_CATEGORY,
  HASHTAGS_MAX,
  HASHTAG_LENGTH_MAX,
  NOTE_MAX,
  COMMENT_MAX,
  VOUCHES_PAGE_DEFAULT,
  VOUCHES_PAGE_MAX,
  ENDORSEMENT_MESSAGES,
  normalizeHashtag,
  dedupeHashtags,
  MEDAL_TIERS,
  VOUCH_FILTERS,
  RELATIONSHIPS,
  LEVELS,
} from './endorsements.constants'

export * from './endorsements.constants'

export const ZCategory = z.enum(CATEGORIES, { error: 'Please choose one of the listed categories' })

export const ZRelationship = z.enum(RELATIONSHIPS, { error: 'Please choose one of the listed relationships' })

export const ZLevel = z.enum(LEVELS, { error: 'Please choose one of the listed levels' })

export const ZHashtagList = z
  .array(z.string().max(200, ENDORSEMENT_MESSAGES.hashtagTooLong), { error: 'Hashtags must be a list' })
  .max(HASHTAGS_MAX, ENDORSEMENT_MESSAGES.hashtagsMax)
  .transform((tags) => tags.map(normalizeHashtag))
  .superRefine((tags, ctx) => {
    if (tags.some((tag) => tag === ''))
      ctx.addIssue({ code: 'custom', message: ENDORSEMENT_MESSAGES.hashtagEmpty })
    else if (tags.some((tag) => tag.length > HASHTAG_LENGTH_MAX))
      ctx.addIssue({ code: 'custom', message: ENDORSEMENT_MESSAGES.hashtagTooLong })
  })
  .transform(dedupeHashtags)

const optionalString = (max: number, message: string) =>
  z
    .string()
    .trim()
    .max(max, message)
    .nullish()
    .transform((value) => (value ? value : undefined))

export const ZCreateEndorsementBody = z.object({
  toUserId: z.number({ error: 'Choose a member to endorse' }).int().positive(),
  category: ZCategory.default(DEFAULT_CATEGORY),
  note: optionalString(NOTE_MAX, ENDORSEMENT_MESSAGES.noteMax),
  hashtags: ZHashtagList.default([]),
  /** A URL returned by POST /api/vouches/attachments (or its file name) for a file of the same member. */
  contentUrl: optionalString(500, 'Attachment URL is too long'),
  /** Informative only: the server records the type it detected at upload. */
  contentType: optionalString(100, 'Content type is too long'),
  isAnonymous: z.boolean().default(false),
  /** Optional, so clients from before issue 25 keep working. */
  relationship: ZRelationship.nullish(),
  level: ZLevel.nullish(),
})

export type TCreateEndorsementBody = z.input<typeof ZCreateEndorsementBody>

/**
 * What the create dialog asks before it submits: the API's rules plus at least one skill or a note, so one
 * click cannot send an endorsement that says nothing. The API itself keeps SPEC.md's rules (both optional).
 */
export const ZCreateEndorsementForm = ZCreateEndorsementBody.superRefine((body, ctx) => {
  if (!body.note && body.hashtags.length === 0)
    ctx.addIssue({ code: 'custom', path: ['hashtags'], message: ENDORSEMENT_MESSAGES.skillOrNoteRequired })
})

export type TCreateEndorsement = z.output<typeof ZCreateEndorsementBody>

export const ZMedal = z.object({
  id: z.number().int(),
  userId: z.number().int(),
  skillName: z.string(),
  tier: z.enum(MEDAL_TIERS),
  lastEndorsedAt: z.string(),
  endorsementCount: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
})

export type TMedal = z.infer<typeof ZMedal>

/** A member as shown beside an endorsement or a comment. */
export const ZUserRef = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string().nullable(),
  profilePicture: z.string().nullable(),
  isVerified: z.boolean(),
})

export type TUserRef = z.infer<typeof ZUserRef>

/**
 * An endorsement as read (SPEC.md §3). For an anonymous one the endorser fields are null for everyone
 * but its endorser and admins.
 */
export const ZEndorsement = z.object({
  id: z.number().int(),
  fromUserId: z.number().int().nullable(),
  toUserId: z.number().int(),
  category: ZCategory,
  note: z.string().nullable(),
  isAnonymous: z.boolean(),
  contentType: z.string().nullable(),
  contentUrl: z.string().nullable(),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  engagementWeight: z.number(),
  createdAt: z.string(),
  fromUsername: z.string().nullable(),
  fromFullName: z.string().nullable(),
  fromProfilePicture: z.string().nullable(),
  fromUser: ZUserRef.nullable(),
  toUser: ZUserRef,
  hashtags: z.array(z.string()),
  /** The endorser's email was verified when they endorsed (the 1.25 factor applied). */
  verified: z.boolean(),
  /** Whether the viewer likes it. */
  hasLiked: z.boolean(),
  /** Hidden by its receiver or by a block: counts for nothing; only the receiver and admins see it. */
  isHidden: z.boolean().optional(),
  relationship: ZRelationship.nullable().optional(),
  level: ZLevel.nullable().optional(),
  /**
   * Waiting for its receiver's approval (they review endorsements): counts for nothing and only its
   * two members and admins see it. The endorser's copy reads "Awaiting approval".
   */
  isPending: z.boolean().optional(),
})

export type TEndorsement = z.infer<typeof ZEndorsement>

export const ZVouchesQuery = z.object({
  cursor: z.string().max(200).optional(),
  limit: z.coerce
    .number()
    .int()
    .min(1, 'limit must be at least 1')
    .max(VOUCHES_PAGE_MAX, `limit must be at most ${VOUCHES_PAGE_MAX}`)
    .default(VOUCHES_PAGE_DEFAULT),
  filter: z.enum(VOUCH_FILTERS).default('all'),
})

export type TVouchesQuery = z.input<typeof ZVouchesQuery>

export const ZVouchesPage = z.object({
  vouches: z.array(ZEndorsement),
  nextCursor: z.string().nullable(),
})

export type TVouchesPage = z.infer<typeof ZVouchesPage>

export const ZAttachment = z.object({ contentUrl: z.string(), contentType: z.string() })

export type TAttachment = z.infer<typeof ZAttachment>

export const ZLikeCheck = z.object({ hasLiked: z.boolean() })

export type TLikeCheck = z.infer<typeof ZLikeCheck>

export const ZLikeState = z.object({ hasLiked: z.boolean(), likeCount: z.number().int() })

export type TLikeState = z.infer<typeof ZLikeState>

export const ZCreateCommentBody = z.object({
  comment: z
    .string({ error: ENDORSEMENT_MESSAGES.commentEmpty })
    .trim()
    .min(1, ENDORSEMENT_MESSAGES.commentEmpty)
    .max(COMMENT_MAX, ENDORSEMENT_MESSAGES.commentMax),
})

export type TCreateCommentBody = z.input<typeof ZCreateCommentBody>

export const ZComment = z.object({
  id: z.number().int(),
  vouchId: z.number().int(),
  userId: z.number().int(),
  comment: z.string(),
  createdAt: z.string(),
  username: z.string(),
  fullName: z.string().nullable(),
  profilePicture: z.string().nullable(),
})

export type TComment = z.infer<typeof ZComment>

export const ZVouchIdParams = z.object({ id: z.coerce.number().int().positive() })

export const ZGivenCategoriesParams = z.object({ userId: z.coerce.number().int().positive() })

/** The categories the viewer already endorsed a member in: a second one there answers 409. */
export const ZGivenCategories = z.object({ categories: z.array(ZCategory) })

export type TGivenCategories = z.infer<typeof ZGivenCategories>

export const ZCommentIdParams = z.object({ commentId: z.coerce.number().int().positive() })
