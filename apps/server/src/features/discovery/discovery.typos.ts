import { sql } from 'drizzle-orm'
import { queryRows, type Db } from '../../db/client'

/**
 * Typo tolerance in two steps: the trigram index of search_terms (every word of every member's
 * names and title) proposes dictionary words that share trigrams with each query word, then an
 * edit distance (letters added, dropped, changed or swapped) keeps the close ones. Trigram
 * similarity alone ranks 'jones' above 'john' for 'jonh'; the edit distance does not.
 */

/** Words as the dictionary splits them: on spaces, punctuation and digits. */
export const searchWords = (text: string) =>
  text
    .toLowerCase()
    .split(/[\s\p{P}\p{S}\d]+/u)
    .filter(Boolean)

/** Edits a word of this length may be off by: none under 3 letters, 1 up to 7, 2 beyond. */
export const allowedEdits = (length: number) => (length < 3 ? 0 : length < 8 ? 1 : 2)

/**
 * Optimal string alignment distance (Levenshtein plus swapping two neighbours), with an early
 * exit once every path costs more than `max`.
 */
export function editDistance(a: string, b: string, max = Infinity): number {
  if (Math.abs(a.length - b.length) > max) return max + 1
  const rows = [
    new Array<number>(b.length + 1).fill(0),
    Array.from({ length: b.length + 1 }, (_, j) => j),
    new Array<number>(b.length + 1).fill(0),
  ]
  for (let i = 1; i <= a.length; i++) {
    const [beforePrev, prev] = [rows[0]!, rows[1]!]
    const cur = rows[2]!
    cur[0] = i
    let best = cur[0]
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1
      let value = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + cost)
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) {
        value = Math.min(value, beforePrev[j - 2]! + 1)
      }
      cur[j] = value
      best = Math.min(best, value)
    }
    if (best > max) return max + 1
    rows[0] = prev
    rows[1] = cur
    rows[2] = beforePrev
  }
  return rows[1]![b.length]!
}

const isAnagram = (a: string, b: string) =>
  a.length === b.length && [...a].sort().join('') === [...b].sort().join('')

/** Dictionary words proposed per query word, and phrases built from them. */
const CANDIDATES_PER_WORD = 400
const CORRECTIONS_PER_WORD = 4
const MAX_PHRASES = 8

/**
 * Spellings of the query that exist among members' words, closest first, the query itself
 * excluded: 'jonh smiht' → ['john smith', 'jon smith']. Empty when a word has no close spelling.
 */
export async function typoCorrections(db: Db, query: string): Promise<string[]> {
  const words = searchWords(query)
  const fuzzy = [...new Set(words.filter((w) => allowedEdits(w.length) > 0))]
  if (fuzzy.length === 0) return []
  // vouched_similar_terms (migration 0006) runs with a low trigram threshold of its own, low enough
  // for any word within the allowed edits; the edit distance below does the real choosing.
  const rows = await queryRows<{ term: string }>(
    db,
    sql.join(
      fuzzy.map((word) => {
        const edits = allowedEdits(word.length)
        return sql`(select vouched_similar_terms(${word}, ${word.length - edits}, ${word.length + edits}, ${CANDIDATES_PER_WORD}) as term)`
      }),
      sql` union `,
    ),
  )
  const terms = rows.map((r) => r.term)

  const options: { word: string; distance: number }[][] = []
  for (const word of words) {
    const edits = allowedEdits(word.length)
    if (edits === 0) {
      options.push([{ word, distance: 0 }])
      continue
    }
    // A word members use stays a choice as it is; besides it, only the best tier of spellings:
    // fewest edits, and a swap of two letters (the commonest slip, 'jonh' → 'john') before other
    // single edits ('jonh' → 'joeh').
    const scored = terms
      .filter((term) => term !== word)
      .map((term) => ({
        word: term,
        distance: editDistance(word, term, edits),
        swapped: isAnagram(word, term),
      }))
      .filter((c) => c.distance <= edits)
    const tier = (c: (typeof scored)[number]) => c.distance * 2 + (c.swapped ? 0 : 1)
    const best = Math.min(...scored.map(tier))
    const close = [
      ...(terms.includes(word) ? [{ word, distance: 0 }] : []),
      ...scored
        .filter((c) => tier(c) === best)
        .sort(
          (a, b) =>
            Math.abs(a.word.length - word.length) - Math.abs(b.word.length - word.length) ||
            a.word.localeCompare(b.word),
        )
        .slice(0, CORRECTIONS_PER_WORD),
    ]
    if (close.length === 0) return []
    options.push(close)
  }

  let phrases = [{ text: '', distance: 0 }]
  for (const choices of options) {
    phrases = phrases
      .flatMap((p) =>
        choices.map((c) => ({
          text: p.text ? `${p.text} ${c.word}` : c.word,
          distance: p.distance + c.distance,
        })),
      )
      .sort((a, b) => a.distance - b.distance)
      .slice(0, MAX_PHRASES * 4)
  }
  const original = words.join(' ')
  return phrases
    .filter((p) => p.distance > 0 && p.text !== original)
    .slice(0, MAX_PHRASES)
    .map((p) => p.text)
}
