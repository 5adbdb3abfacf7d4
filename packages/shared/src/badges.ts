import { z } from 'zod'
import { ZLocale, type TLocale } from './locale'

/** The embeddable badge image is a square of this many pixels. */
export const BADGE_SIZE = 300
/** Height of the badge preview iframe on the share page (SPEC.md §9). */
export const BADGE_PREVIEW_HEIGHT = 308
/** Height of the badge iframe on the public badge page (SPEC.md §9). */
export const PUBLIC_BADGE_HEIGHT = 350
/** Skills one badge may show (the same bound as hashtags per endorsement). */
export const BADGE_MAX_HASHTAGS = 10
export const BADGE_HASHTAG_MAX = 50
/** Skills a badge shows when none were chosen. */
export const BADGE_DEFAULT_SKILLS = 5
/** Share texts name this many skills, then 'and N more' (SPEC.md §9). */
export const SHARE_TEXT_SKILLS = 2
/** The public page title names this many skills (SPEC.md §9). */
export const PAGE_TITLE_SKILLS = 3
export const QR_SIZE = 200
export const QR_ERROR_CORRECTION = 'H'
/** How long the copy confirmation stays visible (SPEC.md §9). */
export const COPIED_INDICATOR_MS = 2000
export const SAVED_BADGE_NAME_MAX = 60
/** Saved badges a member keeps per browser; the oldest fall off beyond this. */
export const SAVED_BADGES_MAX = 50

export const BADGE_MESSAGES = {
  loadFailed: 'Failed to load badge data. Please try again later.',
  missingBadgeUrl: 'Failed to load badge data',
  downloadFailedTitle: 'Download failed',
  downloadFailed: 'There was an error downloading your badge',
  copyFailed: 'Failed to copy',
  cannotSave: 'Cannot save badge',
  selectSkill: 'Please select at least one skill to save a badge',
  provideName: 'Please provide a name for your badge',
  userNotFound: 'User not found',
  tooManyHashtags: `You can choose up to ${BADGE_MAX_HASHTAGS} skills`,
  hashtagTooLong: `A skill is at most ${BADGE_HASHTAG_MAX} characters`,
  memberNotFound: 'Member not found',
} as const

export const MEDAL_TIERS = ['bronze', 'silver', 'gold', 'platinum'] as const
export type TMedalTier = (typeof MEDAL_TIERS)[number]

/** One spelling of a tag as members type it: trimmed, leading '#' and commas removed (DECISIONS.md §4). */
export const normalizeHashtag = (tag: string) => tag.replace(/,/g, '').trim().replace(/^#+/, '').trim()

/** Splits a comma list ('a,#b, c') into distinct tags, ignoring case for duplicates, first spelling kept. */
export function parseHashtagList(value: string | undefined | null): string[] {
  if (!value) return []
  const seen = new Set<string>()
  const tags: string[] = []
  for (const part of value.split(',')) {
    const tag = normalizeHashtag(part)
    const key = tag.toLowerCase()
    if (!tag || seen.has(key)) continue
    seen.add(key)
    tags.push(tag)
  }
  return tags
}

/** The query parameter `hashtags`: a comma list, bounded so one URL cannot carry unbounded text. */
export const ZHashtagList = z
  .string()
  .max(BADGE_MAX_HASHTAGS * (BADGE_HASHTAG_MAX + 2) + 20, BADGE_MESSAGES.tooManyHashtags)
  .optional()
  .transform((value, ctx) => {
    const tags = parseHashtagList(value)
    if (tags.length > BADGE_MAX_HASHTAGS) {
      ctx.addIssue({ code: 'custom', message: BADGE_MESSAGES.tooManyHashtags })
      return z.NEVER
    }
    if (tags.some((tag) => tag.length > BADGE_HASHTAG_MAX)) {
      ctx.addIssue({ code: 'custom', message: BADGE_MESSAGES.hashtagTooLong })
      return z.NEVER
    }
    return tags
  })

export const ZBadgeFormat = z.enum(['svg', 'png'])
export type TBadgeFormat = z.infer<typeof ZBadgeFormat>

export const ZBadgeParams = z.object({ username: z.string().trim().min(1).max(100) })
export type TBadgeParams = z.infer<typeof ZBadgeParams>

export const ZBadgeQuery = z.object({
  format: ZBadgeFormat.default('svg'),
  hashtags: ZHashtagList,
  /** The badge's language; without it, the owner's saved language, else English (decision 153). */
  lang: ZLocale.optional(),
  /** A cache-buster the client adds after each change; the image does not depend on it. */
  timestamp: z.string().max(40).optional(),
})
export type TBadgeQuery = z.input<typeof ZBadgeQuery>

export const ZBadgeEmbedQuery = z.object({
  hashtags: ZHashtagList,
  /** The embedded badge's language, carried into its image URL; else the owner's, else English. */
  lang: ZLocale.optional(),
})

/** SPEC.md §3 badge embed response; every URL is absolute (PUBLIC_URL). */
export const ZBadgeEmbed = z.object({
  /** The PNG badge with the chosen skills, without a timestamp so it stays cacheable. */
  badgeUrl: z.string(),
  /** HTML: a link to the public badge page around the 300×300 PNG badge. */
  embedCode: z.string(),
  profileUrl: z.string(),
  /** The public badge page of these skills: what the embed code and the share links open. */
  badgePageUrl: z.string(),
  reputationScore: z.number(),
  /** Skills the member received, most endorsed first. */
  hashtags: z.array(z.string()),
  /** The chosen skills the member really received, in the chosen order, in their stored spelling. */
  selectedHashtags: z.array(z.string()),
})
export type TBadgeEmbed = z.infer<typeof ZBadgeEmbed>

/** A named skill set kept in the browser's local storage (SPEC.md §3). */
export const ZSavedBadge = z.object({
  id: z.string().min(1),
  name: z.string().trim().min(1).max(SAVED_BADGE_NAME_MAX),
  hashtags: z.array(z.string()).min(1).max(BADGE_MAX_HASHTAGS),
  createdAt: z.string(),
})
export type TSavedBadge = z.infer<typeof ZSavedBadge>

/** SPEC.md §5: the first failing rule's message, shown under the title 'Cannot save badge'. */
export function validateSavedBadge(input: { name: string; hashtags: readonly string[] }): string | null {
  if (input.hashtags.length === 0) return BADGE_MESSAGES.selectSkill
  if (!input.name.trim()) return BADGE_MESSAGES.provideName
  return null
}

export const savedBadgesStorageKey = (username: string) => `vouched:saved-badges:${username.toLowerCase()}`

const hashtagQuery = (hashtags: readonly string[]) =>
  hashtags.length ? `hashtags=${encodeURIComponent(hashtags.join(','))}` : ''

const withQuery = (path: string, parts: string[]) => {
  const query = parts.filter(Boolean).join('&')
  return query ? `${path}?${query}` : path
}

/** `{base}/api/badge/{username}?format=…&hashtags=…&timestamp=…`; base '' gives a path. */
export function badgeImageUrl(
  base: string,
  username: string,
  options: {
    format?: TBadgeFormat
    hashtags?: readonly string[]
    timestamp?: number | string
    lang?: TLocale | undefined
  } = {},
) {
  return withQuery(`${base}/api/badge/${encodeURIComponent(username)}`, [
    `format=${options.format ?? 'png'}`,
    hashtagQuery(options.hashtags ?? []),
    options.lang ? `lang=${options.lang}` : '',
    options.timestamp === undefined ? '' : `timestamp=${encodeURIComponent(String(options.timestamp))}`,
  ])
}

/** The public badge page, `/badge/{username}?hashtags=…`. */
export const publicBadgeUrl = (base: string, username: string, hashtags: readonly string[] = []) =>
  withQuery(`${base}/badge/${encodeURIComponent(username)}`, [hashtagQuery(hashtags)])

export const profilePageUrl = (base: string, username: string) =>
  `${base}/profile/${encodeURIComponent(username)}`

const hashtagNames = (hashtags: readonly string[]) => hashtags.map((tag) => `#${tag}`)

/** '#a, #b and 3 more' (SPEC.md §9: up to 2 skills, then 'and N more'). */
export function skillsSummary(hashtags: readonly string[], shown = SHARE_TEXT_SKILLS): string {
  const names = hashtagNames(hashtags.slice(0, shown))
  const rest = hashtags.length - names.length
  if (rest > 0) return `${names.join(', ')} and ${rest} more`
  if (names.length <= 1) return names.join('')
  return `${names.slice(0, -1).join(', ')} and ${names.at(-1)}`
}

/** The text the share buttons post. The owner speaks in the first person. */
export function badgeShareText(input: { username: string; isOwner: boolean; hashtags: readonly string[] }) {
  const whose = input.isOwner ? 'my' : `${input.username}'s`
  const skills = input.hashtags.length ? ` Endorsed for ${skillsSummary(input.hashtags)}.` : ''
  return `Check out ${whose} professional reputation badge on Vouched!${skills}`
}

/** The public page's title: the username and up to 3 skills (SPEC.md §9). */
export function badgePageTitle(username: string, hashtags: readonly string[]) {
  const skills = hashtagNames(hashtags.slice(0, PAGE_TITLE_SKILLS)).join(', ')
  return skills ? `${username}'s Vouched badge: ${skills}` : `${username}'s Vouched badge`
}

export function badgePageDescription(username: string, hashtags: readonly string[]) {
  const skills = hashtags.length ? `, endorsed for ${skillsSummary(hashtags, PAGE_TITLE_SKILLS)}` : ''
  return `${username}'s professional reputation on Vouched${skills}. The Proof Is in the People.`
}

/** Skills a badge shows: the chosen ones, else the member's most endorsed. */
export const shownHashtags = (available: readonly string[], selected: readonly string[]) =>
  selected.length ? [...selected] : available.slice(0, BADGE_DEFAULT_SKILLS)
