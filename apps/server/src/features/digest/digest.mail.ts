import { NOTIFICATION_TYPES, type TNotificationType } from '@vouched/shared/notifications'
import type { DigestFrequency } from './digest.periods'

/** How a count of each type reads: 1 like, 3 likes. */
const COUNTED: Record<TNotificationType, [one: string, many: string]> = {
  endorsement: ['new endorsement', 'new endorsements'],
  like: ['like', 'likes'],
  comment: ['comment', 'comments'],
  connection: ['connection update', 'connection updates'],
  message: ['new message', 'new messages'],
  announcement: ['announcement', 'announcements'],
  'endorsement-request': ['request to vouch', 'requests to vouch'],
}

export type DigestItem = { type: TNotificationType; entityId: number | null; createdAt: Date }

export type DigestContent = {
  frequency: DigestFrequency
  /** New unread notifications by type. */
  counts: Partial<Record<TNotificationType, number>>
  /** The newest of them, newest first. */
  latest: DigestItem[]
}

/**
 * Where an item leads in the app. Only ids, never names: like the notification mails, the digest goes
 * to an address the member never proved, so nothing another member wrote or is called goes into it.
 */
function pathOf(item: DigestItem): string {
  switch (item.type) {
    case 'endorsement':
    case 'like':
    case 'comment':
      return item.entityId == null ? '/notifications' : `/vouches/${item.entityId}`
    case 'connection':
      return '/connections'
    case 'message':
      return '/messages'
    case 'announcement':
      return '/'
    case 'endorsement-request':
      return '/endorsement-requests'
  }
}

const stamp = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`

/**
 * The digest mail: counts by type, the newest few with a link each, and how to change it. `describe`
 * gives the sentence of a type (the notification mails' own), so both mails say the same.
 */
export function composeDigest(
  content: DigestContent,
  publicUrl: string,
  describe: (type: TNotificationType) => string,
): { subject: string; text: string } {
  const total = NOTIFICATION_TYPES.reduce((sum, type) => sum + (content.counts[type] ?? 0), 0)
  const unread = `${total} unread notification${total === 1 ? '' : 's'}`
  const lines = [
    'Hello,',
    '',
    `You have ${unread} on Vouched since your last digest:`,
    '',
    ...NOTIFICATION_TYPES.flatMap((type) => {
      const count = content.counts[type] ?? 0
      return count === 0 ? [] : [`  ${count} ${COUNTED[type][count === 1 ? 0 : 1]}`]
    }),
    '',
    content.latest.length === total ? 'Newest first:' : `The latest ${content.latest.length}, newest first:`,
    ...content.latest.flatMap((item) => [
      `- ${describe(item.type)} (${stamp(item.createdAt)})`,
      `  ${publicUrl}${pathOf(item)}`,
    ]),
    '',
    `See all your notifications: ${publicUrl}/notifications`,
    '',
    `You receive this ${content.frequency} digest because you turned it on.`,
    `To change or stop it, go to Settings: ${publicUrl}/settings#notifications`,
  ]
  return { subject: `Vouched: your ${content.frequency} digest, ${unread}`, text: lines.join('\n') }
}
