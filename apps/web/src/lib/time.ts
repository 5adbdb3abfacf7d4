import { differenceInHours, format, formatDistance, isValid, parseISO } from 'date-fns'

const toDate = (value: string | number | Date | null | undefined): Date | undefined => {
  if (value === null || value === undefined || value === '') return undefined
  const date = typeof value === 'string' ? parseISO(value) : new Date(value)
  return isValid(date) ? date : undefined
}

/**
 * Notification and activity times (SPEC.md §2): relative with a suffix under 24 hours ("5 minutes ago"),
 * else a date like "Mar 4, 2025"; 'recently' when the value is missing or unreadable.
 */
export function formatRelativeTime(
  value: string | number | Date | null | undefined,
  now = new Date(),
): string {
  const date = toDate(value)
  if (!date) return 'recently'
  if (Math.abs(differenceInHours(now, date)) < 24) return formatDistance(date, now, { addSuffix: true })
  return format(date, 'MMM d, yyyy')
}

/**
 * Request age text (SPEC.md §4): 'N seconds/minutes/hours/days/months/years ago', switching unit under
 * 60 seconds, 60 minutes, 24 hours, 30 days and 12 months. Singular for one ("1 minute ago").
 */
export function formatAge(value: string | number | Date | null | undefined, now = new Date()): string {
  const date = toDate(value)
  if (!date) return 'recently'
  const seconds = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 1000))
  const minutes = Math.floor(seconds / 60)
  const hours = Math.floor(minutes / 60)
  const days = Math.floor(hours / 24)
  const months = Math.floor(days / 30)
  const years = Math.floor(months / 12)
  if (seconds < 60) return plural(seconds, 'second')
  if (minutes < 60) return plural(minutes, 'minute')
  if (hours < 24) return plural(hours, 'hour')
  if (days < 30) return plural(days, 'day')
  if (months < 12) return plural(months, 'month')
  return plural(years, 'year')
}

const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? '' : 's'} ago`
