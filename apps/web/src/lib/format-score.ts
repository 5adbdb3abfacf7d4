const OPTIONS = { maximumFractionDigits: 1, minimumFractionDigits: 0 } as const

/**
 * Scores with at most one decimal and en-US digit groups: 37, 37.5, 18.8 (for 18.75), 1,234.5. The
 * same text as toLocaleString('en-US', OPTIONS), without Intl for the usual case: the first Intl
 * formatter of a page load costs more than drawing the cards it formats (locale data is set up then).
 */
export function formatScore(score: number): string {
  const text = String(score)
  // Negative, infinite or exponent-written values are left to Intl (scores are none of them).
  if (!(score >= 0) || !/^\d+(\.\d+)?$/.test(text)) return score.toLocaleString('en-US', OPTIONS)
  const [whole = '0', fraction = ''] = text.split('.')
  // Half away from zero on the digits of the shortest text that reads back as the same number, as
  // Intl rounds: 0.95 gives 1, though the double is a hair under 0.95.
  const tenths = Number(whole + (fraction[0] ?? '0')) + ((fraction[1] ?? '0') >= '5' ? 1 : 0)
  const grouped = String(Math.floor(tenths / 10)).replace(/\B(?=(\d{3})+$)/g, ',')
  return tenths % 10 === 0 ? grouped : `${grouped}.${tenths % 10}`
}
