import type { TUserCard } from './discovery'

/** SPEC.md §9: the home grid and the discover screen ask for 12 popular members. */
export const POPULAR_USERS_DEFAULT = 12

export const POPULAR_USERS_MAX = 50

/** SPEC.md §9: ten popular tags are shown. */
export const POPULAR_HASHTAGS_DEFAULT = 10

export const POPULAR_HASHTAGS_MAX = 50

/** Longest accepted search text; anything longer is refused with 400 rather than truncated. */
export const SEARCH_QUERY_MAX = 100

/** Most distinct tags one hashtag search considers (the endorsement form allows 10 per endorsement). */
export const SEARCH_TAGS_MAX = 10

/** The search box suggests at most this many members, and as many hashtags. */
export const SUGGESTIONS_MAX = 5

/** Every search answers at most this many cards. */
export const SEARCH_RESULTS_MAX = 50

/** Tags shown on a card (SPEC.md §9); the API sends one more so a client can choose. */
export const CARD_TOP_HASHTAGS = 2

export const TOP_HASHTAGS_SENT = 3

/** activityScore counts the member's activity over this many days, today included. */
export const ACTIVITY_WINDOW_DAYS = 30

export const SEARCH_TYPES = ['user', 'hashtag'] as const

export type TSearchType = (typeof SEARCH_TYPES)[number]

export const SEARCH_SORTS = ['reputation', 'recent', 'active', 'trust'] as const

export type TSearchSort = (typeof SEARCH_SORTS)[number]

/** The labels of the discover form (SPEC.md §2). */
export const SEARCH_SORT_LABELS: Record<TSearchSort, string> = {
  reputation: 'Highest Reputation',
  recent: 'Recently Active',
  active: 'Most Active',
  trust: 'Most Trusted',
}

export const SEARCH_TYPE_LABELS: Record<TSearchType | 'all', string> = {
  all: 'All',
  user: 'Users',
  hashtag: 'Hashtags',
}

export const DISCOVERY_MESSAGES = {
  discoverHeading: 'Discover People to Vouch For',
  resultsHeading: (query: string) => `Search Results for "${query}"`,
  noResults: 'No results found. Try a different search term or filter.',
  noUsers: 'No users found. Check back later!',
  error: 'An error occurred. Please try again.',
  searchFailed: 'Search failed',
  multiHashtagNote:
    'Showing users matching any of these hashtags. Users matching more hashtags are ranked higher.',
  usersError: 'Error loading users. Please try again.',
  hashtagsError: 'Error loading hashtags. Please try again.',
  noHashtags: 'No hashtags found. Start creating vouches!',
  announcementsError: 'Error loading announcements. Please try again.',
  queryTooLong: `Search text must be at most ${SEARCH_QUERY_MAX} characters`,
  queryRequired: 'Search text is required',
  /** The count above search results: '1 person', '12 people'; a full answer may have more behind it. */
  resultCount: (count: number) =>
    count >= SEARCH_RESULTS_MAX
      ? `First ${SEARCH_RESULTS_MAX} people`
      : count === 1
        ? '1 person'
        : `${count} people`,
} as const

/**
 * Hashtags in a search text: the same normalising as hashtag input (trimmed, leading '#' removed),
 * split on commas, blanks dropped, duplicates (ignoring case) dropped, first spelling kept.
 */
export function parseSearchTags(query: string): string[] {
  const seen = new Set<string>()
  const tags: string[] = []
  for (const part of query.split(',')) {
    const tag = part.trim().replace(/^#+/, '').trim()
    if (!tag || seen.has(tag.toLowerCase())) continue
    seen.add(tag.toLowerCase())
    tags.push(tag)
  }
  return tags
}

/** Percent of the queried tags a member matches, as shown on a card's badge. */
export const matchPercent = (card: Pick<TUserCard, 'matchCount' | 'totalHashtags'>) =>
  card.totalHashtags > 0 ? Math.round((card.matchCount / card.totalHashtags) * 100) : 0
