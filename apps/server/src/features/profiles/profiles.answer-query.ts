import {
  CATEGORIES,
  engagementWeight,
  MEDAL_TIERS,
  PROFILE_VOUCHES_FIRST_PAGE,
} from '@vouched/shared/endorsements'
import { CATEGORY_TAGS_MAX, TOP_HASHTAGS_MAX } from '@vouched/shared/profiles'
import { sql, type SQL } from 'drizzle-orm'
import { sqlInteger, type Db } from '../../db/client'
import { activityScoreSql } from '../../core/activity'
import { users } from '../../db/schema/index'
import type { Viewer } from '../endorsements/endorsements.queries'

/*
 * The profile response (ZProfile) for one viewer, written by PostgreSQL in one statement: a profile
 * read that misses the cache is one round trip, and the server only passes the text on. Every value
 * is written as the schema's encoding writes it (same keys, same order, same numbers and timestamps);
 * profiles.answer-query.test.ts compares the two for every kind of viewer.
 */

const viewerId = sql.placeholder('viewerId')
const isAdmin = sql.placeholder('isAdmin')

/** As Date.toISOString writes a timestamp: milliseconds (cut, not rounded, as Date parsing does) and 'Z'. */
const iso = (timestamp: SQL) => sql`to_char(${timestamp} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`

/**
 * A real column as JavaScript reads it (the shortest text that reads back as the same real, as a
 * double), rounded as Math.round(value * 10^places) / 10^places: halves upward, not to even.
 */
const rounded = (real: SQL, places: number) => {
  const scale = sqlInteger(10 ** places)
  return sql`(floor(${real}::text::float8 * ${scale} + 0.5) / ${scale})`
}

const list = (values: readonly string[]) =>
  sql`array[${sql.join(
    values.map((value) => sql.raw(`'${value.replaceAll("'", "''")}'`)),
    sql`, `,
  )}]::text[]`
const categoryOrder = list(CATEGORIES)
const tierOrder = list([...MEDAL_TIERS].reverse())

/** What the weight would be had the endorser not been verified: the verified factor is what remains. */
const unverifiedWeight = (hasNote: boolean, hasAttachment: boolean) =>
  sql.raw(String(engagementWeight({ hasNote, hasAttachment, verifiedEndorser: false })))

const withoutVerified = sql`(case
  when coalesce(q.note, '') <> '' and coalesce(q.content_url, '') <> '' then ${unverifiedWeight(true, true)}
  when coalesce(q.note, '') <> '' then ${unverifiedWeight(true, false)}
  when coalesce(q.content_url, '') <> '' then ${unverifiedWeight(false, true)}
  else ${unverifiedWeight(false, false)} end)::float8`

/** The endorser is shown unless the endorsement is anonymous and the viewer is neither its giver nor an admin. */
const reveal = sql`(not q.is_anonymous or ${isAdmin}::boolean or q.from_user_id = ${viewerId}::int)`
const ifRevealed = (value: SQL) => sql`case when ${reveal} then ${value} end`

/** One endorsement as toEndorsement writes it (ZEndorsement's keys, in its order). */
const endorsementJson = sql`json_build_object(
  'id', q.id, 'fromUserId', ${ifRevealed(sql`q.from_user_id`)}, 'toUserId', q.to_user_id,
  'category', q.category, 'note', q.note, 'isAnonymous', q.is_anonymous,
  'contentType', q.content_type, 'contentUrl', q.content_url,
  'likeCount', q.like_count, 'commentCount', q.comment_count,
  'engagementWeight', ${rounded(sql`q.engagement_weight`, 4)}, 'createdAt', ${iso(sql`q.created_at`)},
  'fromUsername', ${ifRevealed(sql`f.username`)}, 'fromFullName', ${ifRevealed(sql`f.full_name`)},
  'fromProfilePicture', ${ifRevealed(sql`f.profile_picture`)},
  'fromUser', ${ifRevealed(sql`json_build_object('id', f.id, 'username', f.username,
    'fullName', f.full_name, 'profilePicture', f.profile_picture, 'isVerified', f.is_email_verified)`)},
  'toUser', json_build_object('id', u.id, 'username', u.username, 'fullName', u.full_name,
    'profilePicture', u.profile_picture, 'isVerified', u.is_email_verified),
  'hashtags', coalesce((select json_agg(h.tag order by vh.id) from vouch_hashtags vh
    join hashtags h on h.id = vh.hashtag_id where vh.vouch_id = q.id), '[]'::json),
  'verified', (not q.is_anonymous and q.engagement_weight::text::float8 / ${withoutVerified} > 1.1),
  'hasLiked', exists(select 1 from vouch_likes l where l.vouch_id = q.id and l.user_id = ${viewerId}::int),
  'isHidden', (q.is_hidden or q.hidden_by_block),
  'relationship', q.relationship, 'level', q.level)`

/** The keyset cursor of listReceivedEndorsements: base64url of '<created_at to the microsecond>|<id>'. */
const cursorOf = sql`translate(encode(convert_to(
  to_char(q.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') || '|' || q.id, 'UTF8'),
  'base64'), '+/=', '-_')`

/**
 * The first page, read one row beyond it (that row only tells that more follow); hidden endorsements
 * only for the member and admins.
 */
const pageLateral = sql`lateral (
  select json_agg(${endorsementJson} order by q.n) filter (where q.n <= ${sqlInteger(PROFILE_VOUCHES_FIRST_PAGE)}) as vouches,
    case when count(*) > ${sqlInteger(PROFILE_VOUCHES_FIRST_PAGE)}
      then max(${cursorOf}) filter (where q.n = ${sqlInteger(PROFILE_VOUCHES_FIRST_PAGE)}) end as next_cursor
  from (
    select r.*, row_number() over (order by r.created_at desc, r.id desc) as n from vouches r
    where r.to_user_id = u.id
      and (k.own or (not r.is_hidden and not r.hidden_by_block))
    order by r.created_at desc, r.id desc limit ${sqlInteger(PROFILE_VOUCHES_FIRST_PAGE + 1)}
  ) q
  join users f on f.id = q.from_user_id) p`

const categoryScoresJson = sql`coalesce((
  select json_agg(json_build_object(
    'category', s.category, 'score', ${rounded(sql`s.score`, 2)}, 'count', s.count,
    'tags', coalesce((
      select json_agg(h.tag order by top.count desc, top.hashtag_id)
      from (
        select mch.hashtag_id, mch.count from member_category_hashtags mch
        where mch.user_id = s.user_id and mch.category = s.category and mch.count > 0
        order by mch.count desc, mch.hashtag_id limit ${sqlInteger(CATEGORY_TAGS_MAX)}
      ) top
      join hashtags h on h.id = top.hashtag_id), '[]'::json)
  ) order by array_position(${categoryOrder}, s.category))
  from member_category_stats s
  where s.user_id = u.id and s.count > 0 and s.category = any(${categoryOrder})), '[]'::json)`

const topHashtagsJson = sql`coalesce((
  select json_agg(top.tag order by top.count desc, top.id) from (
    select h.tag, h.id, mh.count from member_hashtags mh join hashtags h on h.id = mh.hashtag_id
    where mh.user_id = u.id and mh.count > 0
    order by mh.count desc, h.id limit ${sqlInteger(TOP_HASHTAGS_MAX)}
  ) top), '[]'::json)`

const medalsJson = sql`coalesce((
  select json_agg(json_build_object(
    'id', m.id, 'userId', m.user_id, 'skillName', m.skill_name, 'tier', m.tier,
    'lastEndorsedAt', ${iso(sql`m.last_endorsed_at`)}, 'endorsementCount', m.endorsement_count,
    'createdAt', ${iso(sql`m.created_at`)}, 'updatedAt', ${iso(sql`m.updated_at`)}
  ) order by array_position(${tierOrder}, m.tier), m.endorsement_count desc, m.skill_name)
  from medals m where m.user_id = u.id), '[]'::json)`

/** ZProfileUser's keys in its order; email and work email only for the member and admins. */
const profileUserJson = (withPrivateFields: boolean) => sql`json_build_object(
  'id', u.id, 'username', u.username, 'fullName', u.full_name, 'title', u.title, 'bio', u.bio,
  'location', u.location, 'profilePicture', u.profile_picture, 'isEmailVerified', u.is_email_verified,
  'isVerified', u.is_email_verified, 'isAdmin', u.is_admin, 'reputationScore', k.reputation_score,
  'vouchCount', u.vouch_count, 'createdAt', ${iso(sql`u.created_at`)},
  'activityScore', ${activityScoreSql(sql`u.id`)}, 'topHashtags', ${topHashtagsJson},
  'medals', ${medalsJson}${withPrivateFields ? sql`, 'email', u.email, 'workEmail', u.work_email` : sql``})`

const answerJson = sql<string | null>`case when k.hidden then null else json_build_object(
  'user', case when k.own then ${profileUserJson(true)} else ${profileUserJson(false)} end,
  'reputationScore', k.reputation_score,
  'categoryScores', ${categoryScoresJson},
  'vouches', coalesce(p.vouches, '[]'::json),
  'nextCursor', p.next_cursor)::text end`

/** The member, whether they are hidden from the viewer (they blocked them; never from admins), and who sees all. */
const memberSql = sql`${users} u
  cross join lateral (select
    (u.id <> ${viewerId}::int and not ${isAdmin}::boolean and exists(select 1 from blocks b
      where b.blocker_id = u.id and b.blocked_id = ${viewerId}::int)) as hidden,
    (u.id = ${viewerId}::int or ${isAdmin}::boolean) as own,
    ${rounded(sql`u.reputation_score`, 2)} as reputation_score) k
  cross join ${pageLateral}`

/** The statement, unprepared: the benchmark reads its text for EXPLAIN. */
export const selectProfileAnswer = (db: Db) =>
  db
    .select({ answer: answerJson })
    .from(memberSql)
    .where(sql`lower(u.username) = ${sql.placeholder('username')}`)
    .limit(1)

const prepareAnswer = (db: Db) => selectProfileAnswer(db).prepare('profile_answer')

/** Built once per database: building the query costs more than PostgreSQL takes to run it. */
const prepared = new WeakMap<Db, ReturnType<typeof prepareAnswer>>()

/**
 * The profile response as the viewer may see it, as JSON text, or null when no such member exists for
 * them (unknown, or they blocked the viewer).
 */
export async function findProfileAnswer(db: Db, username: string, viewer: Viewer): Promise<string | null> {
  let statement = prepared.get(db)
  if (!statement) prepared.set(db, (statement = prepareAnswer(db)))
  const [row] = await statement.execute({
    username: username.toLowerCase(),
    viewerId: viewer.id,
    isAdmin: viewer.isAdmin,
  })
  return row?.answer ?? null
}
