import type { TrustGraph } from '../src/features/trust/trust.rank'

/** A small seeded generator (mulberry32): the same seed builds the same graph on every run. */
export function randomSource(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return { next, int: (below: number) => Math.floor(next() * below) }
}

export type Random = ReturnType<typeof randomSource>

/** A graph under construction: members are numbered as they are added. */
export class GraphBuilder {
  nodeCount = 0
  readonly seeds: number[] = []
  private readonly pairs = new Set<string>()
  private readonly edges: [number, number][] = []

  add(count: number) {
    const first = this.nodeCount
    this.nodeCount += count
    return Array.from({ length: count }, (_, k) => first + k)
  }

  endorse(from: number, to: number) {
    const key = `${from}>${to}`
    if (from === to || this.pairs.has(key)) return
    this.pairs.add(key)
    this.edges.push([from, to])
  }

  clone() {
    const copy = new GraphBuilder()
    copy.nodeCount = this.nodeCount
    copy.seeds.push(...this.seeds)
    for (const [from, to] of this.edges) copy.endorse(from, to)
    return copy
  }

  build(): TrustGraph {
    return {
      nodeCount: this.nodeCount,
      from: Int32Array.from(this.edges.map((e) => e[0])),
      to: Int32Array.from(this.edges.map((e) => e[1])),
      seeds: Int32Array.from(this.seeds),
    }
  }
}

/**
 * An honest community: members join one after another and are endorsed by one to four earlier
 * members (so trust reaches everyone from the first, the seeds), favouring the well endorsed; then
 * some endorsements go back the other way, some of them mutual, as colleagues do.
 */
export function honestCommunity(random: Random, size: number, seedShare = 0.1) {
  const graph = new GraphBuilder()
  const members = graph.add(size)
  const seedCount = Math.max(3, Math.round(size * seedShare))
  graph.seeds.push(...members.slice(0, seedCount))
  const received: number[] = []
  for (let i = 1; i < size; i++) {
    const count = 1 + random.int(4)
    for (let k = 0; k < count; k++) {
      // Half the time someone already endorsed (the popular get more), otherwise anyone earlier.
      const from =
        received.length > 0 && random.next() < 0.5 ? received[random.int(received.length)]! : random.int(i)
      if (from >= i) continue
      graph.endorse(from, i)
      received.push(i)
    }
  }
  for (let k = 0; k < size; k++) {
    const a = random.int(size)
    const b = random.int(size)
    graph.endorse(a, b)
    if (random.next() < 0.3) graph.endorse(b, a)
  }
  return { graph, honest: members }
}

/** -1, 0 or 1, with values a rounding error apart counted as equal. */
const order = (x: number, y: number) =>
  Math.abs(x - y) <= 1e-9 * Math.max(Math.abs(x), Math.abs(y)) ? 0 : Math.sign(x - y)

/** Kendall's tau-b of two score lists over the same members (ties counted as neither). */
export function kendallTau(a: ArrayLike<number>, b: ArrayLike<number>) {
  let concordant = 0
  let discordant = 0
  let tiesA = 0
  let tiesB = 0
  for (let i = 0; i < a.length; i++) {
    for (let j = i + 1; j < a.length; j++) {
      const x = order(a[i]!, a[j]!)
      const y = order(b[i]!, b[j]!)
      if (x === 0 && y === 0) continue
      if (x === 0) tiesA++
      else if (y === 0) tiesB++
      else if (x === y) concordant++
      else discordant++
    }
  }
  const denominator = Math.sqrt((concordant + discordant + tiesA) * (concordant + discordant + tiesB))
  return denominator === 0 ? 1 : (concordant - discordant) / denominator
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((x, y) => x - y)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
