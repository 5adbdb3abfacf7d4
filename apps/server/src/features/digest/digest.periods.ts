import type { TDigestFrequency } from '@vouched/shared/digest'

export type DigestFrequency = Exclude<TDigestFrequency, 'off'>

/** The calendar day in UTC: '2026-01-15'. */
export function dayOf(now: Date): string {
  return now.toISOString().slice(0, 10)
}

/**
 * The ISO 8601 week in UTC: '2026-W03'. Weeks start on Monday, and a week belongs to the year of its
 * Thursday, so 2024-12-30 is in 2025-W01 and 2021-01-03 in 2020-W53.
 */
export function isoWeekOf(now: Date): string {
  const day = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()))
  const weekday = day.getUTCDay() || 7
  day.setUTCDate(day.getUTCDate() + 4 - weekday)
  const year = day.getUTCFullYear()
  const week = Math.floor((day.getTime() - Date.UTC(year, 0, 1)) / 86_400_000 / 7) + 1
  return `${year}-W${String(week).padStart(2, '0')}`
}

/** The period a digest sent at `now` belongs to: one digest per member per period. */
export function periodOf(frequency: DigestFrequency, now: Date): string {
  return frequency === 'daily' ? dayOf(now) : isoWeekOf(now)
}
