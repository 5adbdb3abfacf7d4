/** The ten categories of SPEC.md §5 (DECISIONS.md §5: the "nine" of §9 is a miscount). */
export const CATEGORIES = [
  'Technical Skills',
  'Communication',
  'Leadership',
  'Project Management',
  'Problem Solving',
  'Creativity',
  'Teamwork',
  'Initiative',
  'Adaptability',
  'Other',
] as const

export type TCategory = (typeof CATEGORIES)[number]

export const DEFAULT_CATEGORY: TCategory = 'Technical Skills'

/**
 * The categories as people read them. A category travels and is stored as its English name; this
 * names them for the shared catalogue, so the web (sharedText) and the server's notification texts
 * show them in the reader's language.
 */
export const CATEGORY_LABELS: Record<TCategory, string> = {
  'Technical Skills': 'Technical Skills',
  Communication: 'Communication',
  Leadership: 'Leadership',
  'Project Management': 'Project Management',
  'Problem Solving': 'Problem Solving',
  Creativity: 'Creativity',
  Teamwork: 'Teamwork',
  Initiative: 'Initiative',
  Adaptability: 'Adaptability',
  Other: 'Other',
}

/** How the profile groups its category cards (SPEC.md §2), in display order. */
export const PROFESSIONAL_CATEGORIES = [
  'Technical Skills',
  'Project Management',
  'Leadership',
  'Problem Solving',
  'Initiative',
] as const satisfies readonly TCategory[]

export const SOCIAL_CATEGORIES = [
  'Communication',
  'Teamwork',
  'Adaptability',
  'Creativity',
  'Other',
] as const satisfies readonly TCategory[]

/** The tag input's suggestions before any tag exists (SPEC.md §9). */
export const SUGGESTED_TAGS = [
  'JavaScript',
  'ReactJS',
  'NodeJS',
  'TypeScript',
  'CSS',
  'HTML',
  'TeamPlayer',
  'Leadership',
  'ProjectManagement',
  'Communication',
  'ProblemSolving',
  'UXDesign',
  'FrontEnd',
  'BackEnd',
  'DevOps',
  'CodeQuality',
  'Testing',
  'Agile',
  'Scrum',
  'Mentorship',
] as const

export const HASHTAGS_MAX = 10

export const HASHTAG_LENGTH_MAX = 50

export const TAG_SUGGESTIONS_MAX = 5

export const NOTE_MAX = 1000

export const COMMENT_MAX = 1000

export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024

/** What one member's stored attachments may add up to (an attachment reused on several endorsements counts once). */
export const ATTACHMENT_QUOTA_BYTES = 100 * 1024 * 1024

/** What the server accepts as an attachment, judged by the file's bytes. */
export const ATTACHMENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'application/pdf'] as const

export const VOUCHES_PAGE_DEFAULT = 10

export const VOUCHES_PAGE_MAX = 50

/** Endorsements shown on a profile before Load More (SPEC.md §9: Load More appears above 3). */
export const PROFILE_VOUCHES_FIRST_PAGE = 3

export const ENDORSEMENT_MESSAGES = {
  hashtagsMax: 'You can add up to 10 hashtags',
  hashtagEmpty: 'Hashtags cannot be empty',
  hashtagTooLong: `Hashtags must be at most ${HASHTAG_LENGTH_MAX} characters`,
  noteMax: `Note must be at most ${NOTE_MAX} characters`,
  commentEmpty: 'Please enter a comment',
  commentMax: `Comment must be at most ${COMMENT_MAX} characters`,
  selfEndorsement: 'You cannot endorse yourself',
  duplicate: 'You have already endorsed this member in this category',
  skillOrNoteRequired: 'Add at least one skill or a note',
  attachmentNotYours: 'The attachment must be a file you uploaded',
  attachmentType: 'Attachments must be PNG, JPG, GIF or PDF files',
  attachmentTooLarge: 'Attachments must be 10MB or smaller',
  attachmentQuota:
    'You have used your 100MB of attachment storage. Files you uploaded but did not attach are freed after a day.',
  attachmentUnreadable:
    'This file could not be read. Please attach an unencrypted PNG, JPG, GIF or PDF file.',
  maxTagsPlaceholder: 'Maximum 10 tags',
  maxTagsReached: 'Maximum of 10 tags reached',
  createFailed: "Couldn't save your endorsement",
  likeFailed: 'Failed to like this endorsement',
  unlikeFailed: 'Failed to unlike this endorsement',
  commentFailed: 'Failed to post your comment',
  commentDeleteFailed: 'Failed to delete your comment',
  authRequired: 'Authentication Required',
  loginToLike: 'Please log in to like endorsements',
  loginToComment: 'Please log in to comment on endorsements',
} as const

/**
 * One tag as DECISIONS.md §4 spells it: commas removed, trimmed, leading '#' removed, inner runs of
 * whitespace collapsed. May return '' (the caller rejects it).
 */
export function normalizeHashtag(raw: string): string {
  return raw.replace(/,/g, '').trim().replace(/^#+/, '').trim().replace(/\s+/g, ' ')
}

/** Normalised tags, the first spelling of each kept when several differ only by case. */
export function dedupeHashtags(tags: readonly string[]): string[] {
  const seen = new Set<string>()
  const out: string[] = []
  for (const tag of tags) {
    const key = tag.toLowerCase()
    if (seen.has(key)) continue
    seen.add(key)
    out.push(tag)
  }
  return out
}

/** Engagement weight factors of DECISIONS.md §4. */
export const WEIGHT_NOTE = 1.2

export const WEIGHT_ATTACHMENT = 1.5

export const WEIGHT_VERIFIED = 1.25

export const POINTS_PER_WEIGHT = 10

/** Rounded to 4 decimals so 1.2 × 1.5 is stored and shown as 1.8, not 1.7999999999999998. */
export function engagementWeight(parts: {
  hasNote: boolean
  hasAttachment: boolean
  verifiedEndorser: boolean
}) {
  const raw =
    1 *
    (parts.hasNote ? WEIGHT_NOTE : 1) *
    (parts.hasAttachment ? WEIGHT_ATTACHMENT : 1) *
    (parts.verifiedEndorser ? WEIGHT_VERIFIED : 1)
  return Math.round(raw * 10_000) / 10_000
}

/** Points an endorsement adds to its category score and to the reputation: 10 × weight, to the cent. */
export const endorsementPoints = (weight: number) => Math.round(POINTS_PER_WEIGHT * weight * 100) / 100

/** Progress bars cap at 100 percent. */
export const progressPercent = (score: number) => Math.max(0, Math.min(score, 100))

export const MEDAL_TIERS = ['bronze', 'silver', 'gold', 'platinum'] as const

export type TMedalTier = (typeof MEDAL_TIERS)[number]

/** Endorsements carrying one skill (hashtag) needed for each tier (DECISIONS.md §4). */
export const MEDAL_THRESHOLDS: Record<TMedalTier, number> = { bronze: 10, silver: 20, gold: 40, platinum: 80 }

export function medalTier(count: number): TMedalTier | null {
  let tier: TMedalTier | null = null
  for (const t of MEDAL_TIERS) if (count >= MEDAL_THRESHOLDS[t]) tier = t
  return tier
}

export const VOUCH_FILTERS = ['all', 'public', 'anonymous'] as const

export type TVouchFilter = (typeof VOUCH_FILTERS)[number]

export const COMMENTS_LIST_MAX = 200

/** Up to 5 suggestions containing the text (ignoring case), excluding tags already chosen (SPEC.md §5). */
export function suggestTags(input: string, pool: readonly string[], chosen: readonly string[]): string[] {
  const needle = normalizeHashtag(input).toLowerCase()
  if (!needle) return []
  const taken = new Set(chosen.map((t) => t.toLowerCase()))
  const out: string[] = []
  for (const tag of dedupeHashtags(pool)) {
    if (out.length >= TAG_SUGGESTIONS_MAX) break
    if (!taken.has(tag.toLowerCase()) && tag.toLowerCase().includes(needle)) out.push(tag)
  }
  return out
}

/** How the endorser knows the member (issue 25): optional on the API, asked for in the dialog. */
export const RELATIONSHIPS = [
  'worked-together',
  'managed-them',
  'reported-to-them',
  'client',
  'studied-together',
  'other',
] as const

export type TRelationship = (typeof RELATIONSHIPS)[number]

export const RELATIONSHIP_LABELS: Record<TRelationship, string> = {
  'worked-together': 'Worked together',
  'managed-them': 'Managed them',
  'reported-to-them': 'Reported to them',
  client: 'Client',
  'studied-together': 'Studied together',
  other: 'Other',
}

/** How good the endorser says the member is at what they vouch for. */
export const LEVELS = ['good', 'very-good', 'expert'] as const

export type TLevel = (typeof LEVELS)[number]

export const LEVEL_LABELS: Record<TLevel, string> = {
  good: 'Good',
  'very-good': 'Very good',
  expert: 'Expert',
}

/** "Managed them · Expert": what a card and the profile show of the two, or null when neither was given. */
export function relationshipLine(
  relationship: TRelationship | null | undefined,
  level: TLevel | null | undefined,
) {
  const parts = [relationship ? RELATIONSHIP_LABELS[relationship] : null, level ? LEVEL_LABELS[level] : null]
  const line = parts.filter(Boolean).join(' · ')
  return line || null
}
