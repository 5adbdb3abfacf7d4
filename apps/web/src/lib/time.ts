import { differenceInHours, formatDistance, isValid, parseISO } from 'date-fns'

// Spelled out rather than date-fns' format (its pattern engine and locale tables weigh ~5 kB gzip in
// the top bar's chunk for two fixed patterns) or Intl (the first Intl formatter of a page load costs
// more than the page's own rendering of the dates).
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

/** "Mar 4, 2025" (date-fns 'MMM d, yyyy'), in local time. */
export const formatDay = (date: Date) => `${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`

/** "Mar 2025" (date-fns 'MMM yyyy'), in local time. */
export const formatMonth = (date: Date) => `${MONTHS[date.getMonth()]} ${date.getFullYear()}`

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
  return formatDay(date)
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
