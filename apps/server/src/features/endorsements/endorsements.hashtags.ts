import { and, eq, inArray, lte, sql } from 'drizzle-orm'
import { queryRows, type Db } from '../../db/client'
import { hashtags, vouchHashtags } from '../../db/schema/index'

/**
 * An endorsement's skills: the tags it links to (vouch_hashtags) and each tag's total (hashtags.count,
 * case-insensitively unique, first spelling kept). Every write takes tag rows in lower(tag) order as
 * PostgreSQL sorts it, after the members' rows (lockPairAndMembers), so two writers sharing tags never
 * deadlock.
 */

export type Tag = { id: number; tag: string }

/** The endorsement's tags, in the order they were linked. */
export async function findEndorsementTags(tx: Db, vouchId: number): Promise<Tag[]> {
  return tx
    .select({ id: hashtags.id, tag: hashtags.tag })
    .from(vouchHashtags)
    .innerJoin(hashtags, eq(hashtags.id, vouchHashtags.hashtagId))
    .where(eq(vouchHashtags.vouchId, vouchId))
    .orderBy(vouchHashtags.id)
}

/**
 * An arriving endorsement's tags as CTEs to follow the `vouch` CTE (the endorsement's row): each tag
 * created or counted up and linked. They name `counted` (id, tag: the rows written) and `given` (id,
 * tag, ord: each given tag matched back through lower() on the PostgreSQL side, whatever spelling was
 * stored first). Tags PostgreSQL takes for one (same lower(), or lone surrogates stored as U+FFFD)
 * count as one row each time they are given.
 */
export function hashtagWrites(tags: string[]) {
  const input = sql.join(
    tags.map((tag, i) => sql`(${tag}::text, ${i}::int)`),
    sql`, `,
  )
  return sql`input (tag, ord) as (values ${input}),
    counted as (
      insert into ${hashtags} (tag, count)
      select distinct on (lower(tag)) tag, count(*) over (partition by lower(tag)) from input
      order by lower(tag), ord
      on conflict ((lower(tag))) do update set count = ${hashtags.count} + excluded.count
      returning id, tag
    ),
    given as (
      select counted.id, counted.tag, input.ord from input join counted on lower(counted.tag) = lower(input.tag)
    ),
    linked as (
      insert into ${vouchHashtags} (vouch_id, hashtag_id)
      select vouch.id, g.id from vouch, (select id, min(ord) as ord from given group by id) g
      order by g.ord
      returning 1
    )`
}

/** The totals of a departing endorsement's tags, one down each (its links go with it by cascade). */
export async function countDownHashtags(tx: Db, tags: Tag[]) {
  if (tags.length === 0) return
  const ids = tags.map((tag) => tag.id)
  // Locked in lower(tag) order first, the order an arriving endorsement takes them in: an update of
  // the list locks them in whatever order it reads them, and the two deadlocked in the soak run once
  // endorsers could withdraw.
  await tx.execute(
    sql`select 1 from ${hashtags} where ${inArray(hashtags.id, ids)} order by lower(${hashtags.tag}) for update`,
  )
  await tx
    .update(hashtags)
    .set({ count: sql`${hashtags.count} - 1` })
    .where(inArray(hashtags.id, ids))
}

/** A tag no endorsement carries any more no longer exists. */
export async function dropUnusedHashtags(tx: Db, tags: Tag[]) {
  if (tags.length === 0) return
  await tx.delete(hashtags).where(
    and(
      inArray(
        hashtags.id,
        tags.map((tag) => tag.id),
      ),
      lte(hashtags.count, 0),
    ),
  )
}

/**
 * Puts `given` in place of the endorsement's tags and returns them in the order given: tag totals down
 * for the tags it loses and up (or created, first spelling kept) for those it gains, a kept one
 * untouched. Rows are taken in lower(tag) order as PostgreSQL sorts it, the order hashtagWrites takes
 * them in, so two writers sharing tags never deadlock. Links are rewritten in the order given.
 */
export async function replaceTags(tx: Db, vouchId: number, old: Tag[], given: string[]): Promise<Tag[]> {
  const oldByKey = new Map(old.map((tag) => [tag.tag.toLowerCase(), tag]))
  const givenByKey = new Map(given.map((tag) => [tag.toLowerCase(), tag]))
  const keys = [...new Set([...oldByKey.keys(), ...givenByKey.keys()])]
  if (keys.length === 0) return []
  const ordered = (
    await queryRows<{ key: string }>(
      tx,
      sql`select k as key from unnest(array[${sql.join(
        keys.map((key) => sql`${key}::text`),
        sql`, `,
      )}]) k order by lower(k)`,
    )
  ).map((row) => row.key)
  const ids = new Map<string, Tag>()
  for (const key of ordered) {
    const was = oldByKey.get(key)
    const now = givenByKey.get(key)
    if (was && now !== undefined) {
      // Its count stays, but linking it again takes a share lock on it: taken here, in order.
      await tx.execute(sql`select 1 from ${hashtags} where id = ${was.id} for key share`)
      ids.set(key, was)
    } else if (was) {
      await tx
        .update(hashtags)
        .set({ count: sql`${hashtags.count} - 1` })
        .where(eq(hashtags.id, was.id))
    } else if (now !== undefined) {
      const [row] = await queryRows<Tag>(
        tx,
        sql`insert into ${hashtags} (tag, count) values (${now}::text, 1)
          on conflict ((lower(tag))) do update set count = ${hashtags.count} + 1
          returning id, tag`,
      )
      ids.set(key, row!)
    }
  }
  await tx.delete(vouchHashtags).where(eq(vouchHashtags.vouchId, vouchId))
  const written = given.map((tag) => ids.get(tag.toLowerCase())!)
  for (const row of written) await tx.insert(vouchHashtags).values({ vouchId, hashtagId: row.id })
  return written
}
