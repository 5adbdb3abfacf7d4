import { describe, expect, it } from 'vitest'
import {
  BADGE_MESSAGES,
  badgeImageUrl,
  badgePageTitle,
  badgeShareText,
  parseHashtagList,
  publicBadgeUrl,
  shownHashtags,
  skillsSummary,
  validateSavedBadge,
  ZHashtagList,
} from './badges'

describe('share text (SPEC.md §9: up to 2 skills, then "and N more")', () => {
  it.each([
    [[], ''],
    [['React'], '#React'],
    [['React', 'Go'], '#React and #Go'],
    [['React', 'Go', 'SQL'], '#React, #Go and 1 more'],
    [['React', 'Go', 'SQL', 'Agile', 'Scrum'], '#React, #Go and 3 more'],
  ])('%j → %s', (tags, expected) => {
    expect(skillsSummary(tags)).toBe(expected)
  })

  it('speaks for the owner in the first person and names the member otherwise', () => {
    expect(badgeShareText({ username: 'alice', isOwner: true, hashtags: ['React', 'Go', 'SQL'] })).toBe(
      'Check out my professional reputation badge on Vouched! Endorsed for #React, #Go and 1 more.',
    )
    expect(badgeShareText({ username: 'alice', isOwner: false, hashtags: [] })).toBe(
      "Check out alice's professional reputation badge on Vouched!",
    )
  })
})

describe('public page title (SPEC.md §9: up to 3 skills)', () => {
  it('names the username and at most 3 skills', () => {
    expect(badgePageTitle('alice', ['A', 'B', 'C', 'D'])).toBe("alice's Vouched badge: #A, #B, #C")
    expect(badgePageTitle('alice', [])).toBe("alice's Vouched badge")
  })
})

describe('hashtag lists', () => {
  it('normalises, drops empties and duplicates ignoring case, keeps the first spelling', () => {
    expect(parseHashtagList(' #React, react ,,##Go ,  ')).toEqual(['React', 'Go'])
    expect(parseHashtagList(undefined)).toEqual([])
  })

  it('bounds the query parameter to 10 tags of 50 characters', () => {
    expect(ZHashtagList.parse('a,b')).toEqual(['a', 'b'])
    expect(ZHashtagList.parse(undefined)).toEqual([])
    const eleven = ZHashtagList.safeParse(Array.from({ length: 11 }, (_, i) => `t${i}`).join(','))
    expect(eleven.success).toBe(false)
    expect(eleven.error?.issues[0]?.message).toBe(BADGE_MESSAGES.tooManyHashtags)
    expect(ZHashtagList.safeParse('x'.repeat(51)).error?.issues[0]?.message).toBe(
      BADGE_MESSAGES.hashtagTooLong,
    )
    expect(ZHashtagList.safeParse('x'.repeat(50)).success).toBe(true)
  })

  it('shows the chosen skills, else the top 5', () => {
    expect(shownHashtags(['a', 'b', 'c', 'd', 'e', 'f'], [])).toEqual(['a', 'b', 'c', 'd', 'e'])
    expect(shownHashtags(['a', 'b'], ['b'])).toEqual(['b'])
  })
})

describe('badge URLs', () => {
  it('carries format, hashtags and timestamp', () => {
    expect(
      badgeImageUrl('https://x.test', 'alice', { format: 'svg', hashtags: ['C#', 'Go'], timestamp: 42 }),
    ).toBe('https://x.test/api/badge/alice?format=svg&hashtags=C%23%2CGo&timestamp=42')
    expect(badgeImageUrl('', 'alice')).toBe('/api/badge/alice?format=png')
    expect(publicBadgeUrl('https://x.test', 'alice')).toBe('https://x.test/badge/alice')
  })
})

describe('saved badge rules (SPEC.md §5)', () => {
  it('needs a skill first, then a non-blank name', () => {
    expect(validateSavedBadge({ name: '', hashtags: [] })).toBe(
      'Please select at least one skill to save a badge',
    )
    expect(validateSavedBadge({ name: '   ', hashtags: ['a'] })).toBe('Please provide a name for your badge')
    expect(validateSavedBadge({ name: 'Frontend', hashtags: ['a'] })).toBeNull()
  })
})
