import { describe, expect, it } from 'vitest'
import {
  CATEGORIES,
  PROFESSIONAL_CATEGORIES,
  SOCIAL_CATEGORIES,
  SUGGESTED_TAGS,
  ZCreateCommentBody,
  ZCreateEndorsementBody,
  dedupeHashtags,
  endorsementPoints,
  engagementWeight,
  medalTier,
  normalizeHashtag,
  progressPercent,
  suggestTags,
} from './endorsements'

describe('categories', () => {
  it('are the ten of SPEC.md §5, split five and five on the profile', () => {
    expect(CATEGORIES).toHaveLength(10)
    expect(new Set([...PROFESSIONAL_CATEGORIES, ...SOCIAL_CATEGORIES])).toEqual(new Set(CATEGORIES))
    expect(SUGGESTED_TAGS).toHaveLength(20)
  })
})

describe('normalizeHashtag', () => {
  it.each([
    ['  #React ', 'React'],
    ['##Node', 'Node'],
    ['Team,Player', 'TeamPlayer'],
    ['#', ''],
    [' , ', ''],
    ['Project   Management', 'Project Management'],
  ])('%j → %j', (raw, expected) => {
    expect(normalizeHashtag(raw)).toBe(expected)
  })

  it('keeps the first spelling of tags differing by case', () => {
    expect(dedupeHashtags(['React', 'react', 'REACT', 'Vue'])).toEqual(['React', 'Vue'])
  })
})

describe('ZCreateEndorsementBody', () => {
  it('defaults the category, the tags and the anonymity', () => {
    expect(ZCreateEndorsementBody.parse({ toUserId: 3 })).toEqual({
      toUserId: 3,
      category: 'Technical Skills',
      hashtags: [],
      isAnonymous: false,
    })
  })

  it('normalises and dedupes the tags, and drops a blank note', () => {
    const parsed = ZCreateEndorsementBody.parse({ toUserId: 3, note: '   ', hashtags: ['#a', 'A', ' b '] })
    expect(parsed.hashtags).toEqual(['a', 'b'])
    expect(parsed.note).toBeUndefined()
  })

  it('refuses more than 10 tags with the SPEC message', () => {
    const result = ZCreateEndorsementBody.safeParse({
      toUserId: 3,
      hashtags: Array.from({ length: 11 }, (_, i) => `t${i}`),
    })
    expect(result.success).toBe(false)
    expect(result.error?.issues[0]?.message).toBe('You can add up to 10 hashtags')
  })

  it('refuses a tag that is empty once normalised, on the hashtags field', () => {
    const result = ZCreateEndorsementBody.safeParse({ toUserId: 3, hashtags: ['#'] })
    expect(result.error?.issues[0]?.path).toEqual(['hashtags'])
  })
})

describe('engagement weight', () => {
  it.each([
    [false, false, false, 1, 10],
    [true, false, false, 1.2, 12],
    [false, true, false, 1.5, 15],
    [false, false, true, 1.25, 12.5],
    [true, true, false, 1.8, 18],
    [true, false, true, 1.5, 15],
    [false, true, true, 1.875, 18.75],
    [true, true, true, 2.25, 22.5],
  ])(
    'note %s, attachment %s, verified %s → %s (%s points)',
    (hasNote, hasAttachment, verifiedEndorser, weight, points) => {
      const w = engagementWeight({ hasNote, hasAttachment, verifiedEndorser })
      expect(w).toBe(weight)
      expect(endorsementPoints(w)).toBe(points)
    },
  )

  it('caps progress at 100', () => {
    expect(progressPercent(37.5)).toBe(37.5)
    expect(progressPercent(250)).toBe(100)
  })
})

describe('medalTier', () => {
  it.each([
    [9, null],
    [10, 'bronze'],
    [19, 'bronze'],
    [20, 'silver'],
    [40, 'gold'],
    [79, 'gold'],
    [80, 'platinum'],
  ])('%i endorsements → %s', (count, tier) => {
    expect(medalTier(count)).toBe(tier)
  })
})

describe('suggestTags', () => {
  it('filters by case-insensitive containment, excludes chosen tags, at most 5', () => {
    expect(suggestTags('script', SUGGESTED_TAGS, [])).toEqual(['JavaScript', 'TypeScript'])
    expect(suggestTags('SCRIPT', SUGGESTED_TAGS, ['javascript'])).toEqual(['TypeScript'])
    expect(suggestTags('e', SUGGESTED_TAGS, [])).toHaveLength(5)
    expect(suggestTags('', SUGGESTED_TAGS, [])).toEqual([])
  })
})

describe('ZCreateCommentBody', () => {
  it('trims and refuses blank comments with the SPEC message', () => {
    expect(ZCreateCommentBody.parse({ comment: ' hi ' })).toEqual({ comment: 'hi' })
    expect(ZCreateCommentBody.safeParse({ comment: '   ' }).error?.issues[0]?.message).toBe(
      'Please enter a comment',
    )
  })
})
