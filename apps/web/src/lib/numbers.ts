import {
  formatMultiplier as formatMultiplierIn,
  formatScore as formatScoreIn,
  localizeNumber,
} from '@vouched/shared/format'
import { currentLocale } from './i18n/i18n'

/*
 * Scores and multipliers in the app's language, read when called (as lib/time's dates are): "171.5"
 * and "1.25x" in English, "171,5" and "1,25x" in German. Components write numbers only through these.
 */

/** A reputation or category score: one decimal, thousands grouped. */
export const formatScore = (score: number) => formatScoreIn(score, currentLocale())

/** An endorsement's weight or one of its factors: "1.2x", "1.25x". */
export const formatMultiplier = (value: number) => formatMultiplierIn(value, currentLocale())

/** Any other number, written as String() writes it ("6.25"), in the app's language ("6,25"). */
export const formatPlainNumber = (value: number) => localizeNumber(String(value), currentLocale())
