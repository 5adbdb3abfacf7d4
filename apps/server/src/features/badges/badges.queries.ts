import type { TMedalTier } from '@vouched/shared/endorsements'
import type { TLocale } from '@vouched/shared/locale'
import { and, desc, eq, gt, inArray, sql } from 'drizzle-orm'
import { queryRows, type Db } from '../../db/client'
import { hashtags, medals, memberHashtags, users } from '../../db/schema/index'

export async function findBadgeMember(db: Db, username: string) {
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      fullName: users.fullName,
      isEmailVerified: users.isEmailVerified,
      reputationScore: users.reputationScore,
      vouchCount: users.vouchCount,
      locale: users.locale,
    })
    .from(users)
    .where(sql`lower(${users.username}) = ${username.toLowerCase()}`)
    .limit(1)
  return row ?? null
}

export type ReceivedSkill = { tag: string; count: number }

const skillColumns = { tag: hashtags.tag, count: memberHashtags.count }

/** The skills (hashtags) a member received, most endorsed first. */
export function listReceivedSkills(db: Db, userId: number, limit: number): Promise<ReceivedSkill[]> {
  return db
    .select(skillColumns)
    .from(memberHashtags)
    .innerJoin(hashtags, eq(hashtags.id, memberHashtags.hashtagId))
    .where(and(eq(memberHashtags.userId, userId), gt(memberHashtags.count, 0)))
    .orderBy(desc(memberHashtags.count), sql`lower(${hashtags.tag})`)
    .limit(limit)
}

/** Of `tags` (any case), those the member received, in their stored spelling. */
export function findReceivedSkills(
  db: Db,
  userId: number,
  tags: readonly string[],
): Promise<ReceivedSkill[]> {
  if (tags.length === 0) return Promise.resolve([])
  return db
    .select(skillColumns)
    .from(memberHashtags)
    .innerJoin(hashtags, eq(hashtags.id, memberHashtags.hashtagId))
    .where(
      and(
        eq(memberHashtags.userId, userId),
        gt(memberHashtags.count, 0),
        inArray(
          sql`lower(${hashtags.tag})`,
          tags.map((tag) => tag.toLowerCase()),
        ),
      ),
    )
}

export type BadgeSource = {
  member: NonNullable<Awaited<ReturnType<typeof findBadgeMember>>>
  /** Of the chosen tags, those the member received (any order, stored spelling). */
  chosen: ReceivedSkill[]
  /** The member's `topCount` most received tags. */
  top: ReceivedSkill[]
  /** Their medals on the chosen and the top tags. */
  medals: { id: number; skillName: string; tier: TMedalTier }[]
}

const skillJson = (alias: string) =>
  sql.raw(`json_build_object('tag', ${alias}.tag, 'count', ${alias}.count)`)

/**
 * Everything a badge draws in one statement (a badge is fetched by every page that embeds it): the
 * member, the chosen tags they received, their top tags and the medals on both.
 */
export async function findBadgeSource(
  db: Db,
  username: string,
  chosen: readonly string[],
  topCount: number,
): Promise<BadgeSource | null> {
  const chosenKeys = chosen.length
    ? sql`lower(h.tag) in (${sql.join(
        chosen.map((tag) => sql`${tag.toLowerCase()}`),
        sql`, `,
      )})`
    : sql`false`
  const [row] = await queryRows<{
    id: number
    username: string
    full_name: string | null
    is_email_verified: boolean
    reputation_score: number
    vouch_count: number
    locale: TLocale | null
    chosen: ReceivedSkill[] | null
    top: ReceivedSkill[] | null
    medals: BadgeSource['medals'] | null
  }>(
    db,
    sql`with member as (
        select id, username, full_name, is_email_verified, reputation_score, vouch_count, locale
        from ${users} where lower(username) = ${username.toLowerCase()} limit 1
      ), top as (
        -- The member's id as an InitPlan parameter: the index then yields the counts in order and
        -- only the last count's ties are sorted, instead of all their tags.
        select h.tag, mh.count from ${memberHashtags} mh
        join ${hashtags} h on h.id = mh.hashtag_id
        where mh.user_id = (select id from member) and mh.count > 0
        order by mh.count desc, lower(h.tag) limit ${topCount}
      ), chosen as (
        select h.tag, mh.count from ${hashtags} h
        join lateral (
          select x.count from ${memberHashtags} x
          where x.user_id = (select id from member) and x.hashtag_id = h.id and x.count > 0
          -- One row by the primary key anyway; the limit keeps the planner from turning it into a
          -- hash join over every tag of the member.
          limit 1
        ) mh on true
        where ${chosenKeys}
      )
      select member.*,
        (select json_agg(${skillJson('chosen')}) from chosen) as chosen,
        (select json_agg(${skillJson('top')} order by top.count desc, lower(top.tag)) from top) as top,
        (select json_agg(json_build_object('id', m.id, 'skillName', m.skill_name, 'tier', m.tier)) from ${medals} m
          where m.user_id = member.id
            and lower(m.skill_name) in (select lower(tag) from top union all select lower(tag) from chosen)
        ) as medals
      from member`,
  )
  if (!row) return null
  return {
    member: {
      id: row.id,
      username: row.username,
      fullName: row.full_name,
      isEmailVerified: row.is_email_verified,
      reputationScore: row.reputation_score,
      vouchCount: row.vouch_count,
      locale: row.locale,
    },
    chosen: row.chosen ?? [],
    top: row.top ?? [],
    medals: row.medals ?? [],
  }
}
