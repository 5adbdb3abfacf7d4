import { z } from 'zod'

/**
 * The digest mail of unread notifications (issue 27, point 5; docs/decisions/148): off, once a calendar
 * day (UTC) or once an ISO week (from Monday, UTC).
 */
export const DIGEST_FREQUENCIES = ['off', 'daily', 'weekly'] as const

export const ZDigestFrequency = z.enum(DIGEST_FREQUENCIES, {
  error: `digest must be one of ${DIGEST_FREQUENCIES.join(', ')}`,
})

export type TDigestFrequency = z.infer<typeof ZDigestFrequency>

export const DIGEST_LABELS: Record<TDigestFrequency, string> = {
  off: 'Off',
  daily: 'Daily',
  weekly: 'Weekly',
}

/** What each choice means, shown under the control in /settings. */
export const DIGEST_DESCRIPTIONS: Record<TDigestFrequency, string> = {
  off: 'No digest. Email switches above still apply.',
  daily: 'One email a day, shortly after midnight UTC, when you have unread notifications.',
  weekly: 'One email a week, early on Monday (UTC), when you have unread notifications.',
}

/** The toast once a choice is saved. */
export const DIGEST_SAVED_MESSAGES: Record<TDigestFrequency, string> = {
  off: 'Digest emails turned off',
  daily: 'You will get a daily digest of unread notifications',
  weekly: 'You will get a weekly digest of unread notifications',
}

export const DIGEST_MESSAGES = {
  failed: 'Failed to save your digest setting',
} as const

/** Notifications listed one by one in a digest; the rest are counted. */
export const DIGEST_LATEST_MAX = 10
