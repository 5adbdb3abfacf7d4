import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core'
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common'
import type { PasswordScore, PasswordStrength } from './password-policy'

/**
 * zxcvbn with the common-password list (about 30,000 leaked passwords) and the keyboard layouts.
 * Heavy (~0.5 MB): the server imports it, the web client loads it on demand (see `password-strength`
 * in apps/web).
 */
const zxcvbn = new ZxcvbnFactory({
  dictionary,
  graphs: adjacencyGraphs,
  // zxcvbn's cost grows steeply with length and leet substitutions (3 s for 200 characters of
  // 'p4ssw0rd' with the defaults), and the server runs it on the event loop. A password's first 32
  // characters are what a cracking list could guess; what follows only adds to them.
  maxLength: 32,
  l33tMaxSubstitutions: 4,
})

/**
 * Under this many guesses a password falls to the first seconds of any cracking list: keyboard walks,
 * repeats, sequences, a common password with a few digits or a sign ('secret123', 'hunter2!').
 * Random 6-character passwords (the spec's minimum) count 10^6 and pass.
 */
const GUESSES_FLOOR = 100_000

/** The whole password is one entry of the leaked-password list, whatever its rank there. */
const isListed = (result: ZxcvbnResult) =>
  result.sequence.length === 1 &&
  result.sequence[0]!.pattern === 'dictionary' &&
  result.sequence[0]!.dictionaryName === 'passwords-common'

export function measurePassword(password: string, userInputs: readonly string[]): PasswordStrength {
  const result = zxcvbn.check(password, [...userInputs])
  return {
    score: result.score as PasswordScore,
    common: result.guesses < GUESSES_FLOOR || isListed(result),
  }
}
