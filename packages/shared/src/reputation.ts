import { z } from 'zod'
import { ZCategory } from './endorsements'
import { FACTOR_KEYS } from './reputation.constants'

export * from './reputation.constants'

export const ZFactor = z.object({
  key: z.enum(FACTOR_KEYS),
  label: z.string(),
  multiplier: z.number(),
})

export type TFactor = z.infer<typeof ZFactor>

export const ZReputationItem = z.object({
  id: z.number().int(),
  category: ZCategory,
  createdAt: z.string(),
  isAnonymous: z.boolean(),
  /** Null for an anonymous endorsement: its receiver does not learn who gave it. */
  fromUser: z
    .object({ id: z.number().int(), username: z.string(), fullName: z.string().nullable() })
    .nullable(),
  basePoints: z.number(),
  factors: z.array(ZFactor),
  hidden: z.boolean(),
  /** 'manual' when the member hid it, 'block' when its endorser is blocked. */
  hiddenReason: z.enum(['manual', 'block']).nullable(),
  reciprocal: z.boolean(),
  points: z.number(),
})

export type TReputationItem = z.infer<typeof ZReputationItem>

export const ZReputation = z.object({
  reputationScore: z.number(),
  countedEndorsements: z.number().int(),
  hiddenEndorsements: z.number().int(),
  total: z.number().int(),
  endorsements: z.array(ZReputationItem),
  /** What accepted vouches from other Vouched servers add: small and capped (docs/decisions/156). */
  remotePoints: z.number().optional(),
})

export type TReputation = z.infer<typeof ZReputation>

export const ZHideResult = z.object({
  id: z.number().int(),
  isHidden: z.boolean(),
  hiddenByBlock: z.boolean(),
})

export type THideResult = z.infer<typeof ZHideResult>
