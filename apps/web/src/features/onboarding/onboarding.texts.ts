import type { TMedalTier } from '@vouched/shared/endorsements.constants'
import type { TOnboardingStep } from '@vouched/shared/onboarding.constants'

/** A member's greeting on home: new members are welcomed, not welcomed back. */
export const greeting = (firstName: string, isNew: boolean) =>
  isNew ? `Welcome to Vouched, ${firstName}!` : `Welcome back, ${firstName}!`

export const CHECKLIST_TEXTS = {
  title: 'Getting Started',
  intro: 'Complete your profile so people know who they are vouching for.',
  progress: (done: number, total: number) => `${done} of ${total} done`,
  loadError: 'Failed to load your checklist.',
} as const

type StepText = { label: string; hint: string; action: string }

/** Each step of the checklist: what it is, why, and the link's words. */
export const STEP_TEXTS: Record<TOnboardingStep, StepText> = {
  picture: {
    label: 'Add a profile picture',
    hint: 'A face makes an endorsement personal.',
    action: 'Add picture',
  },
  title: { label: 'Add your job title', hint: 'Say what you do.', action: 'Edit profile' },
  bio: { label: 'Write a short bio', hint: 'A few lines about your work.', action: 'Edit profile' },
  location: { label: 'Add your location', hint: 'Colleagues nearby can find you.', action: 'Edit profile' },
  workEmail: {
    label: 'Verify your work email',
    hint: 'Your endorsements weigh 1.25x more.',
    action: 'Verify',
  },
  connection: {
    label: 'Make your first connection',
    hint: 'Connect with someone you have worked with.',
    action: 'Find people',
  },
  endorsementGiven: {
    label: 'Give your first endorsement',
    hint: 'Vouch for a skill you have seen in action.',
    action: 'Endorse someone',
  },
}

export const ASK_TEXTS = {
  title: 'Ask a colleague to vouch for you',
  intro: 'Send this link to people you have worked with: it shows your badge and skills.',
  linkLabel: 'Your public badge link',
  copy: 'Copy link',
  copied: 'Copied',
  copiedToast: 'Link copied',
  copyFailed: 'Failed to copy',
  copyFailedText: 'Your browser did not allow access to the clipboard. Please copy it by hand.',
  email: 'Email a colleague',
  emailSubject: 'Could you vouch for me on Vouched?',
  emailBody: (link: string) =>
    `Hi,\n\nWe worked together and I would value your endorsement on Vouched, for the skills you have seen me use.\n\nHere is my profile: ${link}\n\nThank you!`,
} as const

export const TIER_NAMES: Record<TMedalTier, string> = {
  bronze: 'bronze',
  silver: 'silver',
  gold: 'gold',
  platinum: 'platinum',
}

export const MEDAL_PROGRESS_TEXTS = {
  title: 'Medal progress',
  intro: 'Medals come at 10, 20, 40 and 80 endorsements of one skill.',
  toNext: (count: number, threshold: number, tier: TMedalTier, skill: string) =>
    `${count} of ${threshold} endorsements to ${TIER_NAMES[tier]} in #${skill}`,
  top: (count: number, skill: string) => `Platinum reached in #${skill} with ${count} endorsements`,
  empty: 'No skills yet. Endorsements with hashtags earn medals: ask a colleague to vouch for you.',
  emptyAction: 'Share your badge',
  loadError: 'Failed to load your medal progress.',
} as const
