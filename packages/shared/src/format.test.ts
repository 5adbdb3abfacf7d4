import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { formatMultiplier, formatScore, localizeNumber } from './format'

const intl = (score: number) =>
  score.toLocaleString('en-US', { maximumFractionDigits: 1, minimumFractionDigits: 1 })

describe('formatScore', () => {
  it('always writes one decimal and groups thousands', () => {
    expect(formatScore(67)).toBe('67.0')
    expect(formatScore(37.5)).toBe('37.5')
    expect(formatScore(18.75)).toBe('18.8')
    expect(formatScore(171.5)).toBe('171.5')
    expect(formatScore(0)).toBe('0.0')
    expect(formatScore(0.95)).toBe('1.0')
    expect(formatScore(1234.56)).toBe('1,234.6')
    expect(formatScore(1_000_000)).toBe('1,000,000.0')
  })

  it('writes what toLocaleString writes, ties and float edges included', () => {
    for (const score of [
      0.04,
      0.05,
      0.95,
      1.05,
      1.15,
      1.45,
      2.25,
      2.45,
      9.95,
      999.95,
      0.1 + 0.2,
      1e21,
      -2.25,
    ]) {
      expect(formatScore(score), String(score)).toBe(intl(score))
    }
    fc.assert(
      fc.property(
        fc.oneof(
          fc.double({ min: 0, max: 1e7, noNaN: true }),
          fc.integer({ min: 0, max: 1e7 }).map((n) => n / 100),
        ),
        (score) => formatScore(score) === intl(score),
      ),
      { numRuns: 2000 },
    )
  })
})

describe('formatMultiplier', () => {
  it('writes one decimal and an x, two decimals only when the value has them', () => {
    expect(formatMultiplier(1)).toBe('1.0x')
    expect(formatMultiplier(1.2)).toBe('1.2x')
    expect(formatMultiplier(1.25)).toBe('1.25x')
    expect(formatMultiplier(1.2 * 1.25)).toBe('1.5x')
    expect(formatMultiplier(1.875)).toBe('1.88x')
    expect(formatMultiplier(2.25)).toBe('2.25x')
    expect(formatMultiplier(0.5)).toBe('0.5x')
    expect(formatMultiplier(0)).toBe('0.0x')
  })
})

describe('in German', () => {
  it('writes scores and multipliers as de-DE does: decimal comma, dots between thousands', () => {
    expect(formatScore(171.5, 'de')).toBe('171,5')
    expect(formatScore(1234.56, 'de')).toBe('1.234,6')
    expect(formatMultiplier(1.25, 'de')).toBe('1,25x')
    expect(formatMultiplier(1.2, 'de')).toBe('1,2x')
    expect(formatScore(171.5, 'en')).toBe('171.5')
  })

  it('agrees with Intl for every score', () => {
    const german = new Intl.NumberFormat('de-DE', { maximumFractionDigits: 1, minimumFractionDigits: 1 })
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 10_000_000 }), (tenths) => {
        expect(formatScore(tenths / 10, 'de')).toBe(german.format(tenths / 10))
      }),
    )
    expect(localizeNumber('12', 'de')).toBe('12')
  })
})
