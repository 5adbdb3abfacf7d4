import { z } from 'zod'
import { TRUST_SOURCE_KINDS } from './trust.constants'

export * from './trust.constants'

/** One of a member's largest sources of trust, as a share of their trust. */
export const ZTrustSource = z.object({
  kind: z.enum(TRUST_SOURCE_KINDS),
  /** The endorser it flowed from; null for being a seed. */
  user: z.object({ id: z.number().int(), username: z.string(), fullName: z.string().nullable() }).nullable(),
  share: z.number(),
})

export type TTrustSource = z.infer<typeof ZTrustSource>

/** `GET /api/trust/{username}`: a member's trust score and what it is made of. */
export const ZTrust = z.object({
  username: z.string(),
  /** False until a recompute has included the member; the numbers are then 0. */
  computed: z.boolean(),
  /** Trust relative to the average member: 1 is average, 2 twice as much; two decimals. */
  score: z.number(),
  /** The share of members with less trust, 0..100. */
  percentile: z.number(),
  isSeed: z.boolean(),
  computedAt: z.string().nullable(),
  /** The largest sources, largest first; members the viewer cannot see are left out. */
  sources: z.array(ZTrustSource),
})

export type TTrust = z.infer<typeof ZTrust>

export const ZTrustSeed = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string().nullable(),
  addedAt: z.string(),
})

export type TTrustSeed = z.infer<typeof ZTrustSeed>

export const ZTrustSeeds = z.object({ seeds: z.array(ZTrustSeed) })

export type TTrustSeeds = z.infer<typeof ZTrustSeeds>

export const ZAddTrustSeedBody = z.object({
  username: z.string().trim().min(1, 'Enter a username').max(100, 'Enter a username'),
})

export type TAddTrustSeedBody = z.infer<typeof ZAddTrustSeedBody>

/** What a recompute did: `computed` false when another instance held the lock. */
export const ZTrustRecompute = z.object({
  computed: z.boolean(),
  message: z.string().optional(),
  members: z.number().int(),
  endorsements: z.number().int(),
  seeds: z.number().int(),
  milliseconds: z.number(),
})

export type TTrustRecompute = z.infer<typeof ZTrustRecompute>
