import { z } from 'zod'
import {
  POPULAR_USERS_DEFAULT,
  POPULAR_USERS_MAX,
  POPULAR_HASHTAGS_DEFAULT,
  POPULAR_HASHTAGS_MAX,
  SEARCH_QUERY_MAX,
  SEARCH_TYPES,
  SEARCH_SORTS,
  type TSearchSort,
  DISCOVERY_MESSAGES,
} from './discovery.constants'

export * from './discovery.constants'

/** A query-string value that is absent when empty, so `?type=&sort=` means "not chosen". */
const optionalParam = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional())

const ZLimit = (fallback: number, max: number) =>
  z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number('Limit must be a number')
      .int('Limit must be a whole number')
      .min(1, 'Limit must be at least 1')
      .max(max, `Limit must be at most ${max}`)
      .default(fallback),
  )

export const ZPopularUsersQuery = z.object({ limit: ZLimit(POPULAR_USERS_DEFAULT, POPULAR_USERS_MAX) })

export type TPopularUsersQuery = z.infer<typeof ZPopularUsersQuery>

export const ZPopularHashtagsQuery = z.object({
  limit: ZLimit(POPULAR_HASHTAGS_DEFAULT, POPULAR_HASHTAGS_MAX),
})

export type TPopularHashtagsQuery = z.infer<typeof ZPopularHashtagsQuery>

export const ZSearchQuery = z.object({
  q: z.string().max(SEARCH_QUERY_MAX, DISCOVERY_MESSAGES.queryTooLong).default(''),
  /** Absent (or `all`) searches names and hashtags and merges the two. */
  type: optionalParam(z.enum([...SEARCH_TYPES, 'all'], 'Type must be user or hashtag')),
  sort: optionalParam(z.enum(SEARCH_SORTS, 'Sort must be reputation, recent, active or trust')).transform(
    (sort): TSearchSort => sort ?? 'reputation',
  ),
})

export type TSearchQuery = z.input<typeof ZSearchQuery>

/** A searched tag a member received, with how many endorsements gave it to them. */
export const ZMatchedHashtag = z.object({ tag: z.string(), count: z.number().int() })

export type TMatchedHashtag = z.infer<typeof ZMatchedHashtag>

/** The read shape of a member in discovery: enough for a card, nothing private. */
export const ZUserCard = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string().nullable(),
  title: z.string().nullable(),
  profilePicture: z.string().nullable(),
  reputationScore: z.number(),
  /** The member's most received tags, most first. */
  topHashtags: z.array(z.string()),
  /** Hashtag searches: how many of the queried tags the member received; 0 otherwise. */
  matchCount: z.number().int(),
  /** Hashtag searches: how many distinct tags were queried; 0 otherwise. */
  totalHashtags: z.number().int(),
  isVerified: z.boolean(),
  vouchCount: z.number().int(),
  activityScore: z.number().int(),
  /**
   * Hashtag searches only: the queried tags the member received, most endorsed first, so a card can
   * say why the member matched. Absent from name searches and popular lists.
   */
  matchedHashtags: z.array(ZMatchedHashtag).optional(),
})

export type TUserCard = z.infer<typeof ZUserCard>

export const ZUserCards = z.array(ZUserCard)

export const ZPopularHashtag = z.object({ id: z.number().int(), tag: z.string(), count: z.number().int() })

export type TPopularHashtag = z.infer<typeof ZPopularHashtag>

export const ZPopularHashtags = z.array(ZPopularHashtag)

export const ZSearchSuggestQuery = z.object({
  q: z
    .string()
    .trim()
    .min(1, DISCOVERY_MESSAGES.queryRequired)
    .max(SEARCH_QUERY_MAX, DISCOVERY_MESSAGES.queryTooLong),
})

export type TSearchSuggestQuery = z.input<typeof ZSearchSuggestQuery>

/** A member in the search box's suggestions: what a one-line option shows. */
export const ZSuggestedUser = ZUserCard.pick({
  id: true,
  username: true,
  fullName: true,
  title: true,
  profilePicture: true,
  isVerified: true,
})

export type TSuggestedUser = z.infer<typeof ZSuggestedUser>

/** GET /api/search/suggest: up to SUGGESTIONS_MAX members and as many hashtags for a partly typed text. */
export const ZSearchSuggestions = z.object({
  users: z.array(ZSuggestedUser),
  hashtags: z.array(ZPopularHashtag),
})

export type TSearchSuggestions = z.infer<typeof ZSearchSuggestions>
