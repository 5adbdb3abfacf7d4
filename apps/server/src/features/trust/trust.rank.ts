/**
 * The trust rank (issue 25, point 5; docs/reputation.md and docs/decisions/115): trust starts at the
 * seed members and flows along named endorsements, a personalised PageRank. A pure function, graph in
 * and scores out, on typed arrays so a million endorsements fit in a few tens of megabytes.
 */

/**
 * How much of a member's trust passes on through their endorsements; the rest goes back to the seeds.
 * Lower than PageRank's usual 0.85: a cluster of fake accounts that fooled one honest member keeps at
 * most 1 / (1 - d) times what flows in (3.3 times rather than 6.7) to redirect (decision 115).
 */
export const TRUST_DAMPING = 0.7
/**
 * What an endorsement between two members who endorse each other carries, against 1 for a one-way one.
 * A mutual pair then gains r / (1 - d·r) of what two outside endorsements of the same standing give,
 * at most half while r <= 1 / (2 + d) (0.37 at d = 0.7): 0.25 gives about 0.3 (property (c) of issue
 * 25; decision 115).
 */
export const TRUST_RECIPROCAL_FACTOR = 0.25
/** How many of a member's largest sources of trust are kept to explain the score. */
export const TRUST_TOP_SOURCES = 3
const MAX_ITERATIONS = 200

/** The two choices of decision 115, as parameters so their effect can be measured (bench, tests). */
export type TrustOptions = { damping: number; reciprocalFactor: number }
const DEFAULT_OPTIONS: TrustOptions = { damping: TRUST_DAMPING, reciprocalFactor: TRUST_RECIPROCAL_FACTOR }
const TOLERANCE = 1e-12

/**
 * Members are numbered 0..nodeCount-1 by the caller. One entry per (from, to) pair: several
 * endorsements between the same two members are one relationship. Self-endorsements are ignored.
 */
export type TrustGraph = {
  nodeCount: number
  from: Int32Array
  to: Int32Array
  /** The members trust starts from (a verified work email on an older account, or an admin's choice). */
  seeds: Int32Array
}

/** A source of trust: the member it flowed from, or SEED_SOURCE for being a seed. */
export const SEED_SOURCE = -1
export const NO_SOURCE = -2

export type TrustResult = {
  /** Each member's share of all trust: they add up to 1 (or are all 0 without a seed). */
  trust: Float64Array
  /** Per member, TRUST_TOP_SOURCES sources best first (a member index, SEED_SOURCE, or NO_SOURCE). */
  sources: Int32Array
  /** The share of the member's trust each source gave, 0..1, beside `sources`. */
  sourceShares: Float32Array
  iterations: number
}

/** Edges numbered by target (incoming lists), with what each carries per unit of its source's trust. */
type Incoming = { start: Int32Array; source: Int32Array; weight: Float64Array }

/** Counting sort of edge indexes by a key, stable: keeps the order of `order` within a key. */
function sortBy(key: Int32Array, order: Int32Array, nodeCount: number) {
  const start = new Int32Array(nodeCount + 1)
  for (let k = 0; k < order.length; k++) start[key[order[k]!]! + 1]!++
  for (let i = 0; i < nodeCount; i++) start[i + 1]! += start[i]!
  const next = start.slice(0, nodeCount)
  const sorted = new Int32Array(order.length)
  for (let k = 0; k < order.length; k++) {
    const e = order[k]!
    sorted[next[key[e]!]!++] = e
  }
  return { start, sorted }
}

/** Whether `target` is in the sorted slice [lo, hi) of `values`. */
function contains(values: Int32Array, order: Int32Array, lo: number, hi: number, target: number) {
  while (lo < hi) {
    const mid = (lo + hi) >>> 1
    const v = values[order[mid]!]!
    if (v === target) return true
    if (v < target) lo = mid + 1
    else hi = mid
  }
  return false
}

function buildIncoming(graph: TrustGraph, reciprocalFactor: number): Incoming {
  const { nodeCount, from, to } = graph
  const kept: number[] = []
  for (let e = 0; e < from.length; e++) if (from[e] !== to[e]) kept.push(e)
  const all = Int32Array.from(kept)
  // By source, and within a source by target, so reverse edges are found by binary search.
  const byTarget = sortBy(to, all, nodeCount)
  const bySource = sortBy(from, byTarget.sorted, nodeCount)
  const weightOf = new Float64Array(from.length)
  for (let i = 0; i < nodeCount; i++) {
    const lo = bySource.start[i]!
    const hi = bySource.start[i + 1]!
    const out = hi - lo
    for (let k = lo; k < hi; k++) {
      const e = bySource.sorted[k]!
      const j = to[e]!
      const mutual = contains(to, bySource.sorted, bySource.start[j]!, bySource.start[j + 1]!, i)
      // Normalised by everything the member gave, so a discounted endorsement does not hand its
      // share to the member's other endorsements: the difference returns to the seeds.
      weightOf[e] = (mutual ? reciprocalFactor : 1) / out
    }
  }
  const source = new Int32Array(byTarget.sorted.length)
  const weight = new Float64Array(byTarget.sorted.length)
  for (let k = 0; k < byTarget.sorted.length; k++) {
    const e = byTarget.sorted[k]!
    source[k] = from[e]!
    weight[k] = weightOf[e]!
  }
  return { start: byTarget.start, source, weight }
}

/**
 * Personalised PageRank from the seeds: t = d·Wᵀt + (1 − flow)·s, where W holds what each endorsement
 * carries, s spreads evenly over the seeds, and whatever does not flow (the 1 − d kept back, members
 * who endorse nobody, the discount on mutual endorsements) goes back to the seeds, so the total stays 1.
 * Accounts no trust reaches from a seed get none, however many of them endorse each other.
 */
export function computeTrust(graph: TrustGraph, options: Partial<TrustOptions> = {}): TrustResult {
  const { damping, reciprocalFactor } = { ...DEFAULT_OPTIONS, ...options }
  const n = graph.nodeCount
  const { start, source, weight } = buildIncoming(graph, reciprocalFactor)
  const isSeed = new Uint8Array(n)
  for (const s of graph.seeds) if (s >= 0 && s < n) isSeed[s] = 1
  let seedCount = 0
  for (let i = 0; i < n; i++) seedCount += isSeed[i]!
  let trust = new Float64Array(n)
  let next = new Float64Array(n)
  const sources = new Int32Array(n * TRUST_TOP_SOURCES).fill(NO_SOURCE)
  const sourceShares = new Float32Array(n * TRUST_TOP_SOURCES)
  if (seedCount === 0) return { trust, sources, sourceShares, iterations: 0 }

  for (let i = 0; i < n; i++) if (isSeed[i]) trust[i] = 1 / seedCount
  let iterations = 0
  let returned = 0
  while (iterations < MAX_ITERATIONS) {
    iterations++
    let flowed = 0
    for (let j = 0; j < n; j++) {
      let sum = 0
      for (let k = start[j]!; k < start[j + 1]!; k++) sum += weight[k]! * trust[source[k]!]!
      sum *= damping
      next[j] = sum
      flowed += sum
    }
    returned = (1 - flowed) / seedCount
    let change = 0
    for (let j = 0; j < n; j++) {
      if (isSeed[j]) next[j]! += returned
      change += Math.abs(next[j]! - trust[j]!)
    }
    ;[trust, next] = [next, trust]
    if (change < TOLERANCE) break
  }

  explainSources(n, { start, source, weight }, damping, trust, isSeed, returned, sources, sourceShares)
  return { trust, sources, sourceShares, iterations }
}

/** Each member's largest inflows (TRUST_TOP_SOURCES of them) as shares of their trust. */
function explainSources(
  n: number,
  incoming: Incoming,
  damping: number,
  trust: Float64Array,
  isSeed: Uint8Array,
  returned: number,
  sources: Int32Array,
  shares: Float32Array,
) {
  const K = TRUST_TOP_SOURCES
  const topValue = new Float64Array(K)
  const topSource = new Int32Array(K)
  const offer = (value: number, from: number) => {
    if (value <= topValue[K - 1]!) return
    let p = K - 1
    while (p > 0 && topValue[p - 1]! < value) {
      topValue[p] = topValue[p - 1]!
      topSource[p] = topSource[p - 1]!
      p--
    }
    topValue[p] = value
    topSource[p] = from
  }
  for (let j = 0; j < n; j++) {
    const total = trust[j]!
    if (total <= 0) continue
    topValue.fill(0)
    topSource.fill(NO_SOURCE)
    if (isSeed[j]) offer(returned, SEED_SOURCE)
    for (let k = incoming.start[j]!; k < incoming.start[j + 1]!; k++) {
      const from = incoming.source[k]!
      offer(damping * incoming.weight[k]! * trust[from]!, from)
    }
    for (let p = 0; p < K; p++) {
      sources[j * K + p] = topSource[p]!
      shares[j * K + p] = topSource[p] === NO_SOURCE ? 0 : Math.min(1, topValue[p]! / total)
    }
  }
}
