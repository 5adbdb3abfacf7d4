/**
 * The trust score (issue 25, point 5; docs/reputation.md): how much trust reaches a member from the
 * seed members through named endorsements. Texts and limits shared by the server and the web.
 */

/** Where a share of a member's trust comes from: a member who endorsed them, or being a seed. */
export const TRUST_SOURCE_KINDS = ['member', 'seed'] as const

export type TTrustSourceKind = (typeof TRUST_SOURCE_KINDS)[number]

/** Admin-chosen seeds: a small list, read whole. */
export const TRUST_SEEDS_MAX = 500

export const TRUST_MESSAGES = {
  seedExists: 'This member is already a chosen seed',
  notSeed: 'This member is not a chosen seed',
  seedAdded: 'Seed added',
  seedRemoved: 'Seed removed',
  recomputeSoon: 'Trust is recomputed in the background in a few moments.',
  seedFailed: 'Failed to change the seeds',
  loadFailed: 'Failed to load the trust score',
  notComputed: 'Not computed yet: trust is recomputed in the background shortly after endorsements change.',
  busy: 'Another server is recomputing trust right now; its result will be stored shortly.',
} as const

/** "Most of this trust comes from …": the largest sources, in words. */
export function trustSourceLabel(source: { kind: TTrustSourceKind; name: string | null }) {
  return source.kind === 'seed' ? 'being a seed member' : (source.name ?? 'a member')
}

/** A share (0..1) as a whole percentage, never "0%" for a real share. */
export function sharePercent(share: number) {
  const percent = Math.round(share * 100)
  return share > 0 && percent === 0 ? '<1%' : `${percent}%`
}

/**
 * A trust score as a multiple of the average member's trust ("2.4x", "0.03x"), never "0.0x" for a
 * member some trust reaches.
 */
export function formatTrustScore(score: number) {
  if (score > 0 && score < 0.005) return '<0.01x'
  const hundredths = Math.round(score * 100)
  return `${(hundredths / 100).toFixed(hundredths % 10 === 0 ? 1 : 2)}x`
}
