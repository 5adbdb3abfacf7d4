import { endorsementPoints, WEIGHT_ATTACHMENT, WEIGHT_NOTE, WEIGHT_VERIFIED } from './endorsements.constants'

/**
 * Ring resistance (docs/reputation.md): A endorses B and B endorses A in the same category, and
 * each of the two endorsements is worth half. Hidden endorsements are worth nothing.
 */
export const WEIGHT_RECIPROCAL = 0.5

/** Endorsements one member may give in any 24 hours; the next one answers 429. */
export const ENDORSEMENTS_PER_DAY = 20

export const REPUTATION_LIST_MAX = 1000

export const REPUTATION_MESSAGES = {
  dailyLimit: (retry: string) =>
    `You have given ${ENDORSEMENTS_PER_DAY} endorsements in the last 24 hours, the most allowed. You can endorse again ${retry}.`,
  notReceiver: 'Only the member who received this endorsement can hide or show it',
  hiddenByBlock: 'This endorsement comes from a member you blocked; unblock them to show it again',
  hidden: 'Endorsement hidden. It no longer counts towards your reputation.',
  shown: 'Endorsement shown. It counts towards your reputation again.',
  hideFailed: 'Failed to change the endorsement',
  loadFailed: 'Failed to load your reputation',
} as const

/**
 * Points an endorsement adds: 10 × its weight (to the cent), halved when reciprocal, 0 while hidden.
 * Every value is a multiple of 0.125, so the real counters add and subtract it exactly.
 */
export function countedPoints(parts: { weight: number; reciprocal: boolean; hidden: boolean }) {
  if (parts.hidden) return 0
  const base = endorsementPoints(parts.weight)
  return parts.reciprocal ? base * WEIGHT_RECIPROCAL : base
}

export const FACTOR_KEYS = ['note', 'attachment', 'verified', 'reciprocal'] as const

export type TFactorKey = (typeof FACTOR_KEYS)[number]

export const FACTOR_LABELS: Record<TFactorKey, string> = {
  note: 'Note',
  attachment: 'Attachment',
  verified: 'Verified endorser',
  reciprocal: 'Reciprocal',
}

export const FACTOR_MULTIPLIERS: Record<TFactorKey, number> = {
  note: WEIGHT_NOTE,
  attachment: WEIGHT_ATTACHMENT,
  verified: WEIGHT_VERIFIED,
  reciprocal: WEIGHT_RECIPROCAL,
}
