import type { TLocale } from './locale'

/*
 * One way to write each number (issue 23, docs/decisions/096-one-way-to-write-each-thing.md): the web
 * client and the badge renderer both format through these, so a member reads "67.0" and "1.25x"
 * whichever page or image shows them, and "67,0" and "1,25x" in German.
 */

/**
 * A number written the English way ("1,234.5") in the marks of `locale`: German swaps them
 * ("1.234,5"), as Intl's de-DE writes the same digits, without building an Intl formatter.
 */
export function localizeNumber(english: string, locale: TLocale): string {
  if (locale === 'en') return english
  return english.replace(/[,.]/g, (mark) => (mark === ',' ? '.' : ','))
}

const SCORE_OPTIONS = { maximumFractionDigits: 1, minimumFractionDigits: 1 } as const

/**
 * Reputation and category scores: always one decimal, en-US digit groups: 67.0, 37.5, 18.8 (for 18.75),
 * 1,234.6. The same text as toLocaleString('en-US', SCORE_OPTIONS), without Intl for the usual case: the
 * first Intl formatter of a page load costs more than drawing the cards it formats.
 */
export function formatScore(score: number, locale: TLocale = 'en'): string {
  return localizeNumber(englishScore(score), locale)
}

function englishScore(score: number): string {
  const text = String(score)
  // Negative, infinite or exponent-written values are left to Intl (scores are none of them).
  if (!(score >= 0) || !/^\d+(\.\d+)?$/.test(text)) return score.toLocaleString('en-US', SCORE_OPTIONS)
  const [whole = '0', fraction = ''] = text.split('.')
  // Half away from zero on the digits of the shortest text that reads back as the same number, as
  // Intl rounds: 0.95 gives 1.0, though the double is a hair under 0.95.
  const tenths = Number(whole + (fraction[0] ?? '0')) + ((fraction[1] ?? '0') >= '5' ? 1 : 0)
  const grouped = String(Math.floor(tenths / 10)).replace(/\B(?=(\d{3})+$)/g, ',')
  return `${grouped}.${tenths % 10}`
}

/**
 * Multipliers (an endorsement's weight, its factors): SPEC.md §9's one decimal and 'x' suffix, with a
 * second decimal when the value has one, so the verified factor reads 1.25x as SPEC.md writes it rather
 * than a 1.3x that no rule produces: 1.0x, 1.2x, 1.25x, 1.88x (for 1.875), 2.25x.
 */
export function formatMultiplier(value: number, locale: TLocale = 'en'): string {
  const hundredths = Math.round(value * 100)
  return `${localizeNumber((hundredths / 100).toFixed(hundredths % 10 === 0 ? 1 : 2), locale)}x`
}
