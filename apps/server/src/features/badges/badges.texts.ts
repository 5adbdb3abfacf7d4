import type { TMedalTier } from '@vouched/shared/badges'
import { localizeNumber } from '@vouched/shared/format'
import type { TLocale } from '@vouched/shared/locale'

/**
 * The words drawn on a badge and said about it (its title, description, tooltips, the embed code's
 * alt text), per language (decision 153). Numbers arrive written the English way ("1,234.5").
 */
type BadgeTexts = {
  reputationBadge: string
  reputation: string
  endorsements: string
  skills: string
  topSkills: string
  noSkills: string
  tagline: string
  verifiedMember: string
  tiers: Record<TMedalTier, string>
  endorsementCount: (count: string, one: boolean) => string
  medal: (tier: string) => string
  more: (hidden: string) => string
  moreSkills: (hidden: string) => string
  title: (name: string, username: string) => string
  description: (reputation: string, endorsements: string, verified: boolean, skills: string) => string
  noneYet: string
  alt: (username: string) => string
  number: (english: string) => string
}

const en: BadgeTexts = {
  reputationBadge: 'REPUTATION BADGE',
  reputation: 'REPUTATION',
  endorsements: 'ENDORSEMENTS',
  skills: 'SKILLS',
  topSkills: 'TOP SKILLS',
  noSkills: 'No endorsed skills yet',
  tagline: 'The Proof Is in the People',
  verifiedMember: 'Verified member',
  tiers: { bronze: 'Bronze', silver: 'Silver', gold: 'Gold', platinum: 'Platinum' },
  endorsementCount: (count, one) => `${count} endorsement${one ? '' : 's'}`,
  medal: (tier) => `${tier} medal`,
  more: (hidden) => `+${hidden} more`,
  moreSkills: (hidden) => `${hidden} more skills`,
  title: (name, username) => `${name} (@${username}) on Vouched`,
  description: (reputation, endorsements, verified, skills) =>
    `Reputation ${reputation}, ${endorsements} endorsements${verified ? ', verified member' : ''}. Skills: ${skills}.`,
  noneYet: 'none yet',
  alt: (username) => `${username}'s Vouched reputation badge`,
  number: (english) => english,
}

const de: BadgeTexts = {
  reputationBadge: 'REPUTATIONS-BADGE',
  reputation: 'REPUTATION',
  endorsements: 'EMPFEHLUNGEN',
  skills: 'FÄHIGKEITEN',
  topSkills: 'TOP-FÄHIGKEITEN',
  noSkills: 'Noch keine empfohlenen Fähigkeiten',
  tagline: 'Der Beweis sind die Menschen',
  verifiedMember: 'Verifiziertes Mitglied',
  tiers: { bronze: 'Bronze', silver: 'Silber', gold: 'Gold', platinum: 'Platin' },
  endorsementCount: (count, one) => `${count} ${one ? 'Empfehlung' : 'Empfehlungen'}`,
  medal: (tier) => `${tier}-Medaille`,
  more: (hidden) => `+${hidden} weitere`,
  moreSkills: (hidden) => `${hidden} weitere Fähigkeiten`,
  title: (name, username) => `${name} (@${username}) auf Vouched`,
  description: (reputation, endorsements, verified, skills) =>
    `Reputation ${reputation}, ${endorsements} Empfehlungen${verified ? ', verifiziertes Mitglied' : ''}. Fähigkeiten: ${skills}.`,
  noneYet: 'noch keine',
  alt: (username) => `Vouched-Reputations-Badge von ${username}`,
  number: (english) => localizeNumber(english, 'de'),
}

const BADGE_TEXTS: Record<TLocale, BadgeTexts> = { en, de }

export const badgeTexts = (locale: TLocale) => BADGE_TEXTS[locale]
