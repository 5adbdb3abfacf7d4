import { describe, expect, it } from 'vitest'
import { changeLocale } from './i18n/i18n'
import { PSEUDO_LOCALE } from './i18n/pseudo'
import { formatAge, formatDay, formatMonth, formatRelativeTime } from './time'

const now = new Date('2025-06-15T12:00:00.000Z')
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString()
const SECOND = 1000
const MINUTE = 60 * SECOND
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

describe('formatRelativeTime', () => {
  it('is relative with a suffix under 24 hours', () => {
    expect(formatRelativeTime(ago(5 * MINUTE), now)).toBe('5 minutes ago')
    expect(formatRelativeTime(ago(3 * HOUR), now)).toBe('about 3 hours ago')
  })

  it('is a date like "MMM d, yyyy" from 24 hours on', () => {
    expect(formatRelativeTime(ago(DAY), now)).toBe('Jun 14, 2025')
    expect(formatRelativeTime('2024-03-04T10:00:00.000Z', now)).toBe('Mar 4, 2024')
  })

  it("says 'recently' for a missing or unreadable time", () => {
    expect(formatRelativeTime(null, now)).toBe('recently')
    expect(formatRelativeTime(undefined, now)).toBe('recently')
    expect(formatRelativeTime('not a date', now)).toBe('recently')
  })
})

describe('formatAge', () => {
  it.each([
    [0, '0 seconds ago'],
    [1 * SECOND, '1 second ago'],
    [59 * SECOND, '59 seconds ago'],
    [60 * SECOND, '1 minute ago'],
    [59 * MINUTE, '59 minutes ago'],
    [60 * MINUTE, '1 hour ago'],
    [23 * HOUR, '23 hours ago'],
    [24 * HOUR, '1 day ago'],
    [29 * DAY, '29 days ago'],
    [30 * DAY, '1 month ago'],
    [359 * DAY, '11 months ago'],
    [360 * DAY, '1 year ago'],
    [800 * DAY, '2 years ago'],
  ])('%i ms old reads "%s"', (age, text) => {
    expect(formatAge(ago(age), now)).toBe(text)
  })

  it("treats a future time as just now and a missing one as 'recently'", () => {
    expect(formatAge(new Date(now.getTime() + 5000), now)).toBe('0 seconds ago')
    expect(formatAge(null, now)).toBe('recently')
  })
})

describe('formatDay and formatMonth', () => {
  it('read like date-fns "MMM d, yyyy" and "MMM yyyy"', () => {
    const date = new Date(2025, 2, 4, 10, 30)
    expect(formatDay(date)).toBe('Mar 4, 2025')
    expect(formatMonth(date)).toBe('Mar 2025')
    expect(formatDay(new Date(2024, 11, 31))).toBe('Dec 31, 2024')
  })
})

describe('in German', () => {
  it('writes days and months with Intl', async () => {
    await changeLocale('de')
    const date = new Date(2025, 2, 4, 10, 30)
    expect(formatDay(date)).toBe('4. März 2025')
    expect(formatMonth(date)).toBe('März 2025')
    expect(formatRelativeTime('2024-03-04T10:00:00.000Z', now)).toBe('4. März 2024')
  })

  it('writes relative times and ages with German words and plurals', async () => {
    await changeLocale('de')
    expect(formatRelativeTime(ago(10 * SECOND), now)).toBe('gerade eben')
    expect(formatRelativeTime(ago(MINUTE), now)).toBe('vor 1 Minute')
    expect(formatRelativeTime(ago(5 * MINUTE), now)).toBe('vor 5 Minuten')
    expect(formatRelativeTime(ago(3 * HOUR), now)).toBe('vor 3 Stunden')
    expect(formatRelativeTime(null, now)).toBe('kürzlich')
    expect(formatAge(ago(1 * SECOND), now)).toBe('vor 1 Sekunde')
    expect(formatAge(ago(59 * MINUTE), now)).toBe('vor 59 Minuten')
    expect(formatAge(ago(DAY), now)).toBe('vor 1 Tag')
    expect(formatAge(ago(29 * DAY), now)).toBe('vor 29 Tagen')
    expect(formatAge(ago(800 * DAY), now)).toBe('vor 2 Jahren')
    expect(formatAge(undefined, now)).toBe('kürzlich')
  })

  it('is English again once the app is', async () => {
    await changeLocale('de')
    await changeLocale('en')
    expect(formatAge(ago(5 * MINUTE), now)).toBe('5 minutes ago')
    expect(formatDay(new Date(2025, 2, 4))).toBe('Mar 4, 2025')
  })
})

describe('in the pseudo-locale', () => {
  it('accents English dates and ages like every other text, so its sweep sees them translated', async () => {
    await changeLocale(PSEUDO_LOCALE)
    expect(formatDay(new Date(2025, 2, 4))).toBe('⟦Ṁáŕ 4, 2025⟧')
    expect(formatMonth(new Date(2025, 2, 4))).toBe('⟦Ṁáŕ 2025⟧')
    expect(formatAge(ago(5 * MINUTE), now)).toBe('⟦5 ɱíñúţéš áĝó⟧')
    expect(formatRelativeTime(ago(5 * MINUTE), now)).toBe('⟦5 ɱíñúţéš áĝó⟧')
    expect(formatRelativeTime(null, now)).toBe('⟦ŕéçéñţļý⟧')
  })
})
