import { NOTIFICATION_TEXTS } from '@vouched/shared/notifications.constants'
import { countedPoints } from '@vouched/shared/reputation'
import { sql, type SQL } from 'drizzle-orm'
import { queryRows, type Db } from '../../db/client'
import { vouches } from '../../db/schema/index'
import { countActsSql } from '../../core/activity'
import { fulfilEndorsementRequests } from '../endorsement-requests/endorsement-requests.service'
import { notificationWrites } from '../notifications/notifications.service'
import { applyPointsDelta, halfOf, isCounted, pairsUp, receivedCounterWrites } from './endorsements.counters'
import { hashtagWrites, type Tag } from './endorsements.hashtags'
import { vouchFromJson } from './endorsements.queries'

type VouchRow = typeof vouches.$inferSelect

export type NewEndorsement = Pick<
  typeof vouches.$inferInsert,
  'fromUserId' | 'toUserId' | 'category' | 'note' | 'contentUrl' | 'contentType' | 'relationship' | 'level'
> & {
  isAnonymous: boolean
  engagementWeight: number
  /** The id it waited under for its receiver's approval; a new id from the sequence otherwise. */
  id?: number
}

/** The endorsement the other way round (B → A in the same category), as it stands, or null. */
export type ReverseEndorsement = Pick<
  VouchRow,
  'engagementWeight' | 'isHidden' | 'hiddenByBlock' | 'isAnonymous'
>

/** The endorsement's own row, as the CTE `vouch` (returning the row) that the other writes read. */
const endorsementRowWrite = (e: NewEndorsement) => sql`vouch as (
      insert into ${vouches} (id, from_user_id, to_user_id, category, note, is_anonymous, content_url,
        content_type, engagement_weight, relationship, level)
      values (${e.id === undefined ? sql`nextval('vouches_id_seq')` : sql`${e.id}::int`},
        ${e.fromUserId}::int, ${e.toUserId}::int, ${e.category}::text, ${e.note ?? null}::text,
        ${e.isAnonymous}::boolean, ${e.contentUrl ?? null}::text, ${e.contentType ?? null}::text,
        ${e.engagementWeight}::real, ${e.relationship ?? null}::text, ${e.level ?? null}::text)
      returning *
    )`

/**
 * Records an endorsement that counts from now on, with every write it causes, announced to its receiver
 * as every new one is. Creating one, and accepting one that waited for its receiver's approval (under
 * the id it waited with), both come here. Call it in the transaction that holds the pair's lock
 * (lockPairAndMembers).
 *
 * Each feature contributes its part, and the parts run as one statement of data-modifying CTEs (each
 * round trip is a chance at the machine's scheduling tail: docs/performance.md, note 4):
 * - the endorsement's row (`vouch`, here);
 * - its endorser's act for the day, a named one only (core/activity.ts);
 * - its tags, created or counted up and linked (endorsements.hashtags.ts);
 * - its receiver's counters and the medals they raise (endorsements.counters.ts);
 * - the receiver's notification and its live event (notifications.service.ts).
 * Then, as statements of their own: the receiver's open requests to its endorser are fulfilled
 * (endorsement-requests.service.ts), and the endorsement the other way round, when the two pair up,
 * keeps half its worth. Returns the endorsement's row and its tags, in the order given.
 */
export async function recordEndorsementAndEffects(
  tx: Db,
  arriving: NewEndorsement,
  tagsGiven: string[],
  context: { endorserName: string; reverse: ReverseEndorsement | null },
): Promise<{ vouch: VouchRow; tags: Tag[] }> {
  const { reverse } = context
  const reciprocal = pairsUp(arriving, reverse)
  const tagged = tagsGiven.length > 0
  const parts: SQL[] = [endorsementRowWrite(arriving)]
  // An anonymous endorsement is no act of its endorser's that others see: their activity score would
  // rise as the receiver's anonymous endorsement arrives (docs/decisions/077).
  if (!arriving.isAnonymous) parts.push(sql`acted as (${countActsSql(arriving.fromUserId, 1)})`)
  if (tagged) parts.push(hashtagWrites(tagsGiven))
  parts.push(
    receivedCounterWrites({
      userId: arriving.toUserId,
      category: arriving.category,
      points: countedPoints({ weight: arriving.engagementWeight, reciprocal, hidden: false }),
      sign: 1,
      tagIds: tagged ? sql`select distinct id from given` : null,
      // The tags' rows and the endorsement are this statement's own writes, which its reads do not see.
      raised: tagged ? { tags: sql`counted`, at: sql`(select created_at from vouch)` } : undefined,
    }),
  )
  const notice = notificationWrites({
    userId: arriving.toUserId,
    type: 'endorsement',
    entityId: sql`(select id from vouch)`,
    // An anonymous endorsement names nobody, not even through the notification's sender.
    fromUserId: arriving.isAnonymous ? null : arriving.fromUserId,
    message: arriving.isAnonymous
      ? NOTIFICATION_TEXTS.endorsedAnonymously(arriving.category)
      : NOTIFICATION_TEXTS.endorsed(context.endorserName, arriving.category),
  })
  if (notice) parts.push(notice.ctes)

  const [row] = await queryRows<{ vouch: Record<string, unknown>; tags: Tag[] }>(
    tx,
    sql`with ${sql.join(parts, sql`, `)}
    select row_to_json(vouch) as vouch,
      ${tagged ? sql`(select json_agg(json_build_object('id', given.id, 'tag', given.tag) order by given.ord) from given)` : sql`'[]'::json`} as tags
      ${notice ? sql`, (select ${notice.announce} from created) as announced` : sql``}
    from vouch`,
  )
  const written = { vouch: vouchFromJson(row!.vouch), tags: row!.tags }

  // A named endorsement answers the receiver's open requests to its endorser (decision 122).
  await fulfilEndorsementRequests(tx, written.vouch)
  // The reverse endorsement becomes reciprocal too: its receiver (this endorser) keeps half of it.
  if (reverse && reciprocal && isCounted(reverse)) {
    await applyPointsDelta(tx, arriving.fromUserId, arriving.category, -halfOf(reverse.engagementWeight))
  }
  return written
}
