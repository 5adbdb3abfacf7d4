import { profilePageUrl } from '@vouched/shared/badges'
import { OB_V3_CONTEXT, VC_V2_CONTEXT, type TStatusPurpose } from '@vouched/shared/credentials'
import {
  LEVEL_LABELS,
  MEDAL_THRESHOLDS,
  RELATIONSHIP_LABELS,
  type TMedalTier,
} from '@vouched/shared/endorsements'
import { createHash } from 'node:crypto'
import { issuerProfile } from './credentials.issuer'
import type { MedalSource, StatusRow, VouchSource } from './credentials.queries'

/**
 * The unsigned credentials (docs/decisions/136): Open Badges 3.0 on the VC 2.0 data model, written in
 * plain words so that a person reading the JSON (or the verify page) understands what is claimed.
 */

/** Bits per status list: the 16 KB minimum the Bitstring Status List recommends for herd privacy. */
export const STATUS_LIST_LENGTH = 131_072

export const statusListUrl = (publicUrl: string, purpose: TStatusPurpose, list: number) =>
  `${publicUrl}/api/credentials/status/${purpose}/${list}`

/** A credential's two entries: revoked for good, and suspended while it lasts (decision 137). */
function statusEntries(publicUrl: string, index: number) {
  const list = Math.floor(index / STATUS_LIST_LENGTH) + 1
  const position = index % STATUS_LIST_LENGTH
  return (['revocation', 'suspension'] as const).map((purpose) => ({
    id: `${statusListUrl(publicUrl, purpose, list)}#${position}`,
    type: 'BitstringStatusListEntry',
    statusPurpose: purpose,
    statusListIndex: String(position),
    statusListCredential: statusListUrl(publicUrl, purpose, list),
  }))
}

const person = (username: string, fullName: string | null) =>
  fullName?.trim() ? `${fullName.trim()} (@${username})` : `@${username}`

export function vouchCredential(publicUrl: string, vouch: VouchSource, status: StatusRow) {
  const from = person(vouch.fromUsername, vouch.fromFullName)
  const to = person(vouch.toUsername, vouch.toFullName)
  const details = [
    vouch.relationship ? `relationship: ${RELATIONSHIP_LABELS[vouch.relationship]}` : '',
    vouch.level ? `level: ${LEVEL_LABELS[vouch.level]}` : '',
    vouch.hashtags.length ? `names the skills ${vouch.hashtags.map((tag) => `#${tag}`).join(', ')}` : '',
  ].filter(Boolean)
  const description =
    `${from} endorsed ${to} for ${vouch.category}` + (details.length ? `; ${details.join('; ')}` : '') + '.'
  return {
    '@context': [VC_V2_CONTEXT, OB_V3_CONTEXT],
    id: `urn:uuid:${status.credentialId}`,
    type: ['VerifiableCredential', 'EndorsementCredential'],
    name: `${from} vouches for ${to}: ${vouch.category}`,
    description,
    issuer: issuerProfile(publicUrl),
    validFrom: vouch.createdAt,
    credentialSubject: {
      id: profilePageUrl(publicUrl, vouch.toUsername),
      type: ['EndorsementSubject'],
      endorsementComment: vouch.note?.trim() || description,
    },
    credentialStatus: statusEntries(publicUrl, status.index),
  }
}

const TIER_NAMES: Record<TMedalTier, string> = {
  bronze: 'Bronze',
  silver: 'Silver',
  gold: 'Gold',
  platinum: 'Platinum',
}

/** One achievement per (instance, skill, tier), whoever earns it: a name-based UUID, stable forever. */
function achievementId(publicUrl: string, skill: string, tier: TMedalTier) {
  const hex = createHash('sha256')
    .update(`${publicUrl}\u001f${skill.toLowerCase()}\u001f${tier}`)
    .digest('hex')
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16)
  return `urn:uuid:${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

export function medalCredential(publicUrl: string, medal: MedalSource, status: StatusRow) {
  const host = new URL(publicUrl).host
  const tier = TIER_NAMES[medal.tier]
  const threshold = MEDAL_THRESHOLDS[medal.tier]
  const holder = person(medal.username, medal.fullName)
  const achievementName = `${tier} medal in #${medal.skillName}`
  return {
    '@context': [VC_V2_CONTEXT, OB_V3_CONTEXT],
    id: `urn:uuid:${status.credentialId}`,
    type: ['VerifiableCredential', 'OpenBadgeCredential'],
    name: achievementName,
    description: `${holder} holds the ${tier.toLowerCase()} medal in #${medal.skillName}: at least ${threshold} endorsements named the skill.`,
    issuer: issuerProfile(publicUrl),
    validFrom: status.createdAt,
    credentialSubject: {
      id: profilePageUrl(publicUrl, medal.username),
      type: ['AchievementSubject'],
      achievement: {
        id: achievementId(publicUrl, medal.skillName, medal.tier),
        type: ['Achievement'],
        achievementType: 'Badge',
        name: achievementName,
        description: `The ${tier.toLowerCase()} medal of ${host} in the skill #${medal.skillName}.`,
        criteria: {
          narrative: `Receive at least ${threshold} endorsements on ${host} that name the skill #${medal.skillName} (bronze at ${MEDAL_THRESHOLDS.bronze}, silver at ${MEDAL_THRESHOLDS.silver}, gold at ${MEDAL_THRESHOLDS.gold}, platinum at ${MEDAL_THRESHOLDS.platinum}).`,
        },
        tag: [medal.skillName],
      },
    },
    credentialStatus: statusEntries(publicUrl, status.index),
  }
}
