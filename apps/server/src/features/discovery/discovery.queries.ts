import type { TPopularHashtag } from '@vouched/shared/discovery'
import { sql } from 'drizzle-orm'
import { queryRows, sqlInteger, type Db } from '../../db/client'
import {
  cardColumns,
  SORTS,
  toCard,
  toUserCard,
  visibleTo,
  type CardRow,
  type SearchViewer,
} from './discovery.cards'

/**
 * Highest reputation, then most endorsed, then newest (DECISIONS.md §5): a walk of users_reputation_idx.
 * For no viewer in particular, what each viewer's list is cut from (discovery.popular.ts).
 */
export const popularMembersQuery = (viewerId: SearchViewer, limit: number) =>
  sql`select ${cardColumns} from users u where ${visibleTo(viewerId)}
      order by ${SORTS.reputation.order} limit ${sqlInteger(limit)}`

export async function listPopularMembers(db: Db, viewerId: SearchViewer, limit: number) {
  const rows = await queryRows<CardRow>(db, popularMembersQuery(viewerId, limit))
  return rows.map((row) => toUserCard(toCard(row)))
}

/** Tags carried by at least one endorsement, most used first: a walk of hashtags_count_idx. */
export function listPopularHashtags(db: Db, limit: number) {
  return queryRows<TPopularHashtag>(
    db,
    sql`select id, tag, count from hashtags where count > 0
        order by count desc, id limit ${sqlInteger(limit)}`,
  )
}
