import type { TLiveEvent, TLiveEventType } from '@vouched/shared/events'
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../db/client'

/** The PostgreSQL channel every server instance listens on; NOTIFY is delivered on commit. */
export const EVENTS_CHANNEL = 'vouched_events'

export type LiveEventType = TLiveEventType

/** What travels: small ids and kinds only (NOTIFY payloads cap at 8 kB); clients refetch the details. */
export type LiveEvent = TLiveEvent

/**
 * Queues an event for a member. Inside a transaction it is only sent if the transaction commits,
 * so a rolled-back write never announces itself.
 */
export async function publishEvent(db: Db, userId: number, event: LiveEvent) {
  await db.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify({ userId, ...event })})`)
}

/** SQL publishing an event whose entity id is known only in the statement (e.g. a row it inserts). */
export const publishEventSql = (userId: number, type: LiveEventType, entityId: SQL) =>
  sql`pg_notify(${EVENTS_CHANNEL}, json_build_object('userId', ${userId}::int, 'type', ${type}::text, 'entityId', ${entityId})::text)`
