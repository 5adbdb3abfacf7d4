import { badgeShareText } from '@vouched/shared/badges'
import { describe, expect, it } from 'vitest'
import { badgeShareTextIn } from './badge-share-text'
import { changeLocale } from './i18n/i18n'

const inputs = [
  { username: 'ana', isOwner: true, hashtags: [] },
  { username: 'ana', isOwner: false, hashtags: [] },
  { username: 'ana', isOwner: true, hashtags: ['react'] },
  { username: 'ana', isOwner: false, hashtags: ['react', 'go'] },
  { username: 'ana', isOwner: true, hashtags: ['react', 'go', 'sql'] },
  { username: 'ana', isOwner: false, hashtags: ['react', 'go', 'sql', 'css', 'ux'] },
]

describe('the badge share text', () => {
  it('is the shared English text in English', () => {
    for (const input of inputs) expect(badgeShareTextIn(input)).toBe(badgeShareText(input))
  })

  it('is German in German', async () => {
    await changeLocale('de')
    expect(badgeShareTextIn(inputs[0]!)).toBe('Schau dir mein berufliches Reputations-Badge auf Vouched an!')
    expect(badgeShareTextIn(inputs[5]!)).toBe(
      'Schau dir das berufliche Reputations-Badge von ana auf Vouched an! Empfohlen für #react, #go und 3 weitere.',
    )
    expect(badgeShareTextIn(inputs[3]!)).toMatch(/Empfohlen für #react und #go\.$/)
  })
})
