import type { TLiveEvent, TLiveEventType } from '@vouched/shared/events'
import { sql } from 'drizzle-orm'
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
