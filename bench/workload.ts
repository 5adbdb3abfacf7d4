/**
 * What the traffic benchmark asks for, request by request: which member's profile, which search text,
 * which tag set, which signed-in member. Every draw is a pure function of the request's number, so a
 * run is reproducible; the never-repeating texts come from a stream that remembers what it sent.
 */

/** A number in [0, 1) from the request number and a salt (a 32-bit integer hash, splitmix-like). */
export function unit(k: number, salt = 0): number {
  let h = (Math.imul(k ^ 0x9e3779b9, 0x85ebca6b) + Math.imul(salt + 1, 0xc2b2ae35)) | 0
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d)
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b)
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32
}

/** Index of the first cumulative weight above `x` (binary search). */
function pick(cumulative: Float64Array, x: number): number {
  let lo = 0
  let hi = cumulative.length - 1
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (cumulative[mid]! > x) hi = mid
    else lo = mid + 1
  }
  return lo
}

/** Draws an index with probability proportional to its weight. */
export function weightedSampler(weights: ArrayLike<number>): (u: number) => number {
  const cumulative = new Float64Array(weights.length)
  let total = 0
  for (let i = 0; i < weights.length; i++) cumulative[i] = total += weights[i]!
  return (u) => pick(cumulative, u * total)
}

/**
 * Draws a rank in [0, n) with probability proportional to 1 / (rank + 1)^s: the Zipf law that search
 * logs follow (a few texts are asked for very often, most only now and then).
 */
export function zipfSampler(n: number, s = 1): (u: number) => number {
  return weightedSampler(Array.from({ length: n }, (_, i) => 1 / (i + 1) ** s))
}

/** The same list in an order fixed by the salt (Fisher-Yates over `unit`). */
export function shuffled<T>(items: readonly T[], salt: number): T[] {
  const out = [...items]
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(unit(i, salt) * (i + 1))
    ;[out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

/** The misspellings people make of a word: two letters swapped, one left out, one doubled. */
export function typos(word: string): string[] {
  const out = new Set<string>()
  for (let i = 1; i < word.length - 1; i++) {
    out.add(word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2))
    out.add(word.slice(0, i) + word.slice(i + 1))
    out.add(word.slice(0, i + 1) + word.slice(i))
  }
  out.delete(word)
  return [...out]
}

const lower = (words: readonly string[]) => [...new Set(words.map((w) => w.toLowerCase()))]

/**
 * The texts members type in the name search, in Zipf rank order: whole first and last names at the
 * head, then what is typed halfway (prefixes of 3 to 5 letters) and misspelled (one typo of each kind
 * per name), shuffled into the long tail. Single words only: the never-repeating texts are pairs.
 */
export function nameSearchTexts(firstNames: readonly string[], lastNames: readonly string[]): string[] {
  const names = lower([...firstNames, ...lastNames])
  const head = shuffled(names, 1)
  const seen = new Set(head)
  const tail: string[] = []
  for (const name of names) {
    const kinds = typos(name)
    // One swap, one drop, one double, picked so that every name's typos differ in place.
    const chosen = [0, 1, 2].map((kind) => kinds[(kind + 3 * (name.length % 3)) % Math.max(1, kinds.length)])
    for (const text of [name.slice(0, 3), name.slice(0, 4), name.slice(0, 5), ...chosen]) {
      if (text && text.length >= 3 && !seen.has(text)) {
        seen.add(text)
        tail.push(text)
      }
    }
  }
  return [...head, ...shuffled(tail, 2)]
}

/**
 * A stream of name-search texts that never repeats: first and last name pairs (a full-name search) in
 * an order spread over the names, then the same pairs with one typo in the first name, then in the last;
 * a text met before (a typo that spells another name) is skipped. Pairs of words never occur among the
 * Zipf texts, so no answer held from that scenario can serve these.
 */
export function neverRepeating(firstNames: readonly string[], lastNames: readonly string[]): () => string {
  const first = lower(firstNames)
  const last = lower(lastNames)
  const pairs = first.length * last.length
  const seen = new Set<string>()
  let k = 0
  const candidate = (n: number) => {
    const pair = (n * 7919) % pairs // a stride prime to the sizes spreads consecutive texts over the names
    const f = first[pair % first.length]!
    const l = last[Math.floor(pair / first.length)]!
    const round = Math.floor(n / pairs)
    if (round === 0) return `${f} ${l}`
    const inFirst = typos(f)
    const inLast = typos(l)
    const v = round - 1
    if (v < inFirst.length) return `${inFirst[v]} ${l}`
    if (v - inFirst.length < inLast.length) return `${f} ${inLast[v - inFirst.length]}`
    return `${f} ${l} ${round}` // past every typo (millions of requests): still never the same
  }
  return () => {
    let text = candidate(k++)
    while (seen.has(text)) text = candidate(k++)
    seen.add(text)
    return text
  }
}

/**
 * Distinct tag sets as a hashtag search asks for them (1 to 3 tags; one tag most often), each tag
 * drawn by Zipf over the given tags (most used first), in the order first drawn: the sets of the most
 * used tags come first, so a Zipf rank over the list follows their use.
 */
export function tagSets(tags: readonly string[], count: number): string[] {
  const drawTag = zipfSampler(tags.length, 0.8)
  const sets: string[] = []
  const seen = new Set<string>()
  for (let k = 0; sets.length < count && k < count * 50; k++) {
    const u = unit(k, 11)
    const size = u < 0.5 ? 1 : u < 0.85 ? 2 : 3
    const chosen = new Set<string>()
    for (let i = 0; chosen.size < size && i < 20; i++) chosen.add(tags[drawTag(unit(k * 4 + i, 12))]!)
    const text = [...chosen].sort().join(',')
    if (!seen.has(text)) {
      seen.add(text)
      sets.push(text)
    }
  }
  return sets
}
