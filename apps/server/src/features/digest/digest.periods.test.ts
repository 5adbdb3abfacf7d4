import { describe, expect, it } from 'vitest'
import { dayOf, isoWeekOf, periodOf } from './digest.periods'

describe('digest periods', () => {
  it('names the calendar day in UTC, whatever the offset the time was written with', () => {
    expect(dayOf(new Date('2026-01-15T23:59:59.999Z'))).toBe('2026-01-15')
    expect(dayOf(new Date('2026-01-16T00:30:00+02:00'))).toBe('2026-01-15')
    expect(dayOf(new Date('2026-01-16T00:00:00Z'))).toBe('2026-01-16')
  })

  it.each([
    ['2026-01-01T12:00:00Z', '2026-W01'], // a Thursday
    ['2025-12-29T00:00:00Z', '2026-W01'], // its Monday, in the year before
    ['2025-12-28T23:59:59Z', '2025-W52'], // the Sunday before
    ['2024-12-30T08:00:00Z', '2025-W01'],
    ['2021-01-03T08:00:00Z', '2020-W53'],
    ['2026-01-12T00:00:00Z', '2026-W03'],
    ['2026-01-18T23:59:59Z', '2026-W03'],
    ['2026-01-19T00:00:00Z', '2026-W04'],
  ])('puts %s in ISO week %s', (time, week) => {
    expect(isoWeekOf(new Date(time))).toBe(week)
  })

  it('picks the day or the week by frequency', () => {
    const now = new Date('2026-01-14T10:00:00Z')
    expect(periodOf('daily', now)).toBe('2026-01-14')
    expect(periodOf('weekly', now)).toBe('2026-W03')
  })
})
