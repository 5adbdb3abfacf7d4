import { differenceInHours, formatDistance, isValid, parseISO } from 'date-fns'
import { currentLocale, i18n } from './i18n/i18n'
import { PSEUDO_LOCALE, pseudoText } from './i18n/pseudo'

/*
 * English (the spec's texts) is spelled out rather than using date-fns' format (its pattern engine and
 * locale tables weigh ~5 kB gzip in the top bar's chunk for two fixed patterns) or Intl (the first Intl
 * formatter of a page load costs more than the page's own rendering of the dates). Other languages use
 * Intl, its formatters made on first use and kept per language, so an English page never builds one.
 */
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

type Formatters = { day: Intl.DateTimeFormat; month: Intl.DateTimeFormat; relative: Intl.RelativeTimeFormat }
const formattersByLocale = new Map<string, Formatters>()

/** The Intl formatters of a language other than English, made once. */
function formatters(locale: string): Formatters {
  let found = formattersByLocale.get(locale)
  if (!found) {
    found = {
      day: new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'short', year: 'numeric' }),
      month: new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric' }),
      relative: new Intl.RelativeTimeFormat(locale, { numeric: 'always' }),
    }
    formattersByLocale.set(locale, found)
  }
  return found
}

/** An English date or age, accented in the pseudo-locale like every other text (its tests see it is localized). */
const english = (text: string) => (i18n.language === PSEUDO_LOCALE ? pseudoText(text) : text)

/** The language dates are written in now, undefined for English (hand-spelled). */
function intlLocale(): string | undefined {
  const locale = currentLocale()
  return locale === 'en' ? undefined : locale
}

/** "Mar 4, 2025" (date-fns 'MMM d, yyyy'), in local time; "4. März 2025" in German. */
export function formatDay(date: Date): string {
  const locale = intlLocale()
  if (locale) return formatters(locale).day.format(date)
  return english(`${MONTHS[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`)
}

/** "Mar 2025" (date-fns 'MMM yyyy'), in local time; "März 2025" in German. */
export function formatMonth(date: Date): string {
  const locale = intlLocale()
  if (locale) return formatters(locale).month.format(date)
  return english(`${MONTHS[date.getMonth()]} ${date.getFullYear()}`)
}

const toDate = (value: string | number | Date | null | undefined): Date | undefined => {
  if (value === null || value === undefined || value === '') return undefined
  const date = typeof value === 'string' ? parseISO(value) : new Date(value)
  return isValid(date) ? date : undefined
}

const recently = () => (intlLocale() ? i18n.t('common:time.recently') : english('recently'))

/**
 * Notification and activity times (SPEC.md §2): relative with a suffix under 24 hours ("5 minutes ago",
 * "vor 5 Minuten"), else a date like "Mar 4, 2025"; 'recently' when the value is missing or unreadable.
 */
export function formatRelativeTime(
  value: string | number | Date | null | undefined,
  now = new Date(),
): string {
  const date = toDate(value)
  if (!date) return recently()
  if (Math.abs(differenceInHours(now, date)) >= 24) return formatDay(date)
  const locale = intlLocale()
  if (!locale) return english(formatDistance(date, now, { addSuffix: true }))
  // Whole minutes and hours, as date-fns counts them in English; under a minute is "just now".
  const seconds = Math.round((date.getTime() - now.getTime()) / 1000)
  const minutes = Math.round(seconds / 60)
  const relative = formatters(locale).relative
  if (Math.abs(seconds) < 30) return i18n.t('common:time.justNow')
  if (Math.abs(minutes) < 45) return relative.format(minutes === 0 ? Math.sign(seconds) : minutes, 'minute')
  return relative.format(Math.round(minutes / 60) || Math.sign(minutes), 'hour')
}

type AgeUnit = 'second' | 'minute' | 'hour' | 'day' | 'month' | 'year'

/**
 * Request age text (SPEC.md §4): 'N seconds/minutes/hours/days/months/years ago', switching unit under
 * 60 seconds, 60 minutes, 24 hours, 30 days and 12 months. Singular for one ("1 minute ago"); in German
 * from the plural texts of common:time.age ("vor 1 Minute", "vor 5 Minuten").
 */
export function formatAge(value: string | number | Date | null | undefined, now = new Date()): string {
  const date = toDate(value)
  if (!date) return recently()
  const seconds = Math.max(0, Math.floor((now.getTime() - date.getTime()) / 1000))
  const minutes = Math.floor(seconds / 60)
  const hours = Math.floor(minutes / 60)
  const days = Math.floor(hours / 24)
  const months = Math.floor(days / 30)
  const years = Math.floor(months / 12)
  if (seconds < 60) return age(seconds, 'second')
  if (minutes < 60) return age(minutes, 'minute')
  if (hours < 24) return age(hours, 'hour')
  if (days < 30) return age(days, 'day')
  if (months < 12) return age(months, 'month')
  return age(years, 'year')
}

function age(n: number, unit: AgeUnit): string {
  if (intlLocale()) return i18n.t(`common:time.age.${unit}`, { count: n })
  return english(`${n} ${unit}${n === 1 ? '' : 's'} ago`)
}
