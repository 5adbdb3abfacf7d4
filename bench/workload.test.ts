import { describe, expect, it } from 'vitest'
import {
  nameSearchTexts,
  neverRepeating,
  shuffled,
  tagSets,
  typos,
  unit,
  weightedSampler,
  zipfSampler,
} from './workload'

const FIRST = ['John', 'Jon', 'Mary', 'Priya', 'Wei', 'Mateo', 'Sofia', 'Jordan', 'Ann']
const LAST = ['Smith', 'Garcia', 'Chen', 'Jordan', 'Patel', 'Kim', 'Nguyen', 'Lee']

const draw = (n: number, sample: (u: number) => number, salt: number) => {
  const counts = new Map<number, number>()
  for (let k = 0; k < n; k++) {
    const i = sample(unit(k, salt))
    counts.set(i, (counts.get(i) ?? 0) + 1)
  }
  return counts
}

describe('unit', () => {
  it('spreads request numbers evenly over [0, 1) and differs by salt', () => {
    const buckets = new Array<number>(10).fill(0)
    for (let k = 0; k < 100_000; k++) buckets[Math.floor(unit(k) * 10)]!++
    for (const b of buckets) expect(b).toBeGreaterThan(9_500)
    expect(unit(5, 1)).not.toBe(unit(5, 2))
    expect(unit(5, 1)).toBe(unit(5, 1))
  })
})

describe('samplers', () => {
  it('draws in proportion to the weights', () => {
    const counts = draw(100_000, weightedSampler([1, 3, 0, 6]), 1)
    expect(counts.get(2)).toBeUndefined()
    expect((counts.get(3) ?? 0) / 100_000).toBeCloseTo(0.6, 1)
    expect((counts.get(1) ?? 0) / 100_000).toBeCloseTo(0.3, 1)
  })

  it('follows Zipf: rank 1 twice as often as rank 2, ten times as often as rank 10', () => {
    const counts = draw(200_000, zipfSampler(1000), 2)
    const first = counts.get(0)!
    expect(first / counts.get(1)!).toBeGreaterThan(1.8)
    expect(first / counts.get(1)!).toBeLessThan(2.2)
    expect(first / counts.get(9)!).toBeGreaterThan(8.5)
    expect(first / counts.get(9)!).toBeLessThan(11.5)
    // The long tail is reached: most of the 1,000 ranks come up.
    expect(counts.size).toBeGreaterThan(900)
  })
})

describe('texts', () => {
  it('makes one typo of each kind', () => {
    expect(typos('john').sort()).toEqual(['jhn', 'jhon', 'johhn', 'jon', 'jonh', 'joohn'])
    expect(typos('john')).not.toContain('john')
  })

  it('puts whole names at the head and prefixes and typos in the tail, without repeats', () => {
    const texts = nameSearchTexts(FIRST, LAST)
    const names = new Set([...FIRST, ...LAST].map((n) => n.toLowerCase()))
    expect(new Set(texts.slice(0, names.size))).toEqual(names)
    expect(texts.length).toBeGreaterThan(names.size * 3)
    expect(new Set(texts).size).toBe(texts.length)
    expect(texts.every((t) => !t.includes(' '))).toBe(true)
  })

  it('never repeats a text, even past every first and last name pair', () => {
    const next = neverRepeating(FIRST, LAST)
    const seen = new Set<string>()
    // 9 × 8 pairs, then their typos ("john" less its h spells "jon", a name of its own): far past the pairs.
    for (let i = 0; i < 2_000; i++) seen.add(next())
    expect(seen.size).toBe(2_000)
    const zipfTexts = new Set(nameSearchTexts(FIRST, LAST))
    expect([...seen].some((t) => zipfTexts.has(t))).toBe(false)
  })

  it('draws distinct tag sets of 1 to 3 tags', () => {
    const tags = Array.from({ length: 500 }, (_, i) => `Tag${i}`)
    const sets = tagSets(tags, 5000)
    expect(sets).toHaveLength(5000)
    expect(new Set(sets).size).toBe(5000)
    const sizes = sets.map((s) => s.split(',').length)
    expect(Math.min(...sizes)).toBe(1)
    expect(Math.max(...sizes)).toBe(3)
  })

  it('shuffles the same way for the same salt', () => {
    const items = Array.from({ length: 50 }, (_, i) => i)
    expect(shuffled(items, 3)).toEqual(shuffled(items, 3))
    expect(shuffled(items, 3)).not.toEqual(items)
    expect([...shuffled(items, 3)].sort((a, b) => a - b)).toEqual(items)
  })
})
