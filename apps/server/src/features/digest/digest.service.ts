import { DIGEST_LATEST_MAX, type TDigestFrequency } from '@vouched/shared/digest'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { mailTexts } from '../../core/mail-texts'
import { composeDigest, type DigestItem } from './digest.mail'
import {
  claimDigests,
  countNewUnread,
  listDueMembers,
  listLatestNewUnread,
  startDigestPeriod,
  takeDigestLock,
  type DigestClaim,
} from './digest.queries'
import { periodOf } from './digest.periods'

/** Members handled per transaction: the lock is held for one batch, never for every member at once. */
export const DIGEST_BATCH = 200

export type DigestRun = {
  /** False when another instance held the job from the start: it does the work. */
  ran: boolean
  /** Members whose period was taken (with or without a mail). */
  members: number
  /** Digest mails queued. */
  queued: number
}

/**
 * Takes the digests due at `now`: each batch in one transaction under the digest lock, which reads who
 * is due and what they have unread, queues their mails in the notification mail queue (sent after
 * commit by `sendNotificationMails`, so a restart loses none) and marks their period taken. A member
 * with nothing unread since their last digest gets no mail; their period is taken all the same, so a
 * daily digest leaves once a day, near midnight UTC, and not whenever a notification comes later on.
 */
export async function runDigests(
  db: Db,
  config: Config,
  now: Date = new Date(),
  batchSize: number = DIGEST_BATCH,
): Promise<DigestRun> {
  const periods = { daily: periodOf('daily', now), weekly: periodOf('weekly', now) }
  const total: DigestRun = { ran: false, members: 0, queued: 0 }
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      if (!(await takeDigestLock(tx))) return null
      const due = await listDueMembers(tx, periods, batchSize)
      if (due.length === 0) return { members: 0, queued: 0 }
      const ids = due.map((member) => member.userId)
      const counts = await countNewUnread(tx, ids)
      const latest = await listLatestNewUnread(tx, ids, DIGEST_LATEST_MAX)
      const claims = due.map((member): DigestClaim => {
        const mine = counts.filter((row) => row.userId === member.userId)
        const content = {
          frequency: member.digest,
          counts: Object.fromEntries(mine.map((row) => [row.type, row.count])),
          latest: latest.filter((row) => row.userId === member.userId) satisfies DigestItem[],
        }
        return {
          userId: member.userId,
          period: periods[member.digest],
          mail: mine.length === 0 ? null : composeDigest(content, config.publicUrl, mailTexts(member.locale)),
        }
      })
      return { members: due.length, queued: await claimDigests(tx, claims) }
    })
    if (!batch) return total
    total.ran = true
    total.members += batch.members
    total.queued += batch.queued
    if (batch.members < batchSize) return total
  }
}

/**
 * The account's digest setting changed from `before` to `after` (call it in the transaction that saves
 * it): a digest turned on or moved between daily and weekly starts with the next period.
 */
export async function digestSettingChanged(
  tx: Db,
  userId: number,
  before: TDigestFrequency,
  after: TDigestFrequency,
  now: Date = new Date(),
): Promise<void> {
  if (after === 'off' || after === before) return
  await startDigestPeriod(tx, userId, periodOf(after, now), before === 'off')
}
