import { NOTIFICATION_TYPES, type TNotificationType } from '@vouched/shared/notifications'
import type { MailTexts } from '../../core/mail-texts'
import type { DigestFrequency } from './digest.periods'

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
    case 'follow-request':
      return '/settings#fediverse-followers'
    // The member's own profile would name them: the list leads there.
    case 'remote-vouch':
      return '/notifications'
  }
}

const stamp = (date: Date) => `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`

/**
 * The digest mail, in the member's language (`texts`): counts by type, the newest few with a link
 * each, and how to change it. Each item reads as the notification mails' own sentence for its type,
 * so both mails say the same.
 */
export function composeDigest(
  content: DigestContent,
  publicUrl: string,
  texts: MailTexts,
): { subject: string; text: string } {
  const words = texts.digest
  const total = NOTIFICATION_TYPES.reduce((sum, type) => sum + (content.counts[type] ?? 0), 0)
  const unread = words.unread(total)
  const lines = [
    texts.greeting,
    '',
    words.intro(unread),
    '',
    ...NOTIFICATION_TYPES.flatMap((type) => {
      const count = content.counts[type] ?? 0
      return count === 0 ? [] : [`  ${count} ${words.counted[type][count === 1 ? 0 : 1]}`]
    }),
    '',
    content.latest.length === total ? words.newestFirst : words.latest(content.latest.length),
    ...content.latest.flatMap((item) => [
      `- ${texts.notification.what[item.type]} (${stamp(item.createdAt)})`,
      `  ${publicUrl}${pathOf(item)}`,
    ]),
    '',
    words.seeAll(`${publicUrl}/notifications`),
    '',
    ...words.footer(content.frequency, `${publicUrl}/settings#notifications`),
  ]
  return { subject: words.subject(content.frequency, unread), text: lines.join('\n') }
}
