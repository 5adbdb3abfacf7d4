import {
  CATEGORIES,
  MEDAL_TIERS,
  PROFILE_VOUCHES_FIRST_PAGE,
  type TCategory,
  type TMedal,
  type TVouchesPage,
} from '@vouched/shared/endorsements'
import { CATEGORY_TAGS_MAX, TOP_HASHTAGS_MAX, type TCategoryScore } from '@vouched/shared/profiles'
import { eq, sql, type SQLWrapper } from 'drizzle-orm'
import { queryRows, type Db } from '../../db/client'
import { activityScoreSql } from '../../core/activity'
import type { UserRow } from '../../core/user-shapes'
import {
  firstPageJson,
  firstPageRows,
  LIKERS_MAX,
  toPage,
  type EndorsementRow,
  type FirstPageJson,
  type Viewer,
} from '../endorsements/endorsements.queries'
import {
  blocks,
  hashtags,
  medals,
  memberCategoryHashtags,
  memberCategoryStats,
  memberHashtags,
  users,
} from '../../db/schema/index'

export async function findUserById(db: Db, id: number) {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1)
  return row ?? null
}

const round2 = (value: number) => Math.round(value * 100) / 100

const categoryOrder = sql`array[${sql.join(
  CATEGORIES.map((c) => sql`${c}`),
  sql`, `,
)}]::text[]`

type CategoryStatsRow = { category: string; score: number; count: number; tags: string[] | null }

/**
 * The member's categories with their score, count and most received tags, read from the counters
 * (one row per category; per category, the first tags of member_category_hashtags_top_idx): a member
 * with thousands of endorsements costs the same as one with ten.
 */
const categoryStatsJson = (userId: SQLWrapper) => sql<CategoryStatsRow[] | null>`(
  select json_agg(json_build_object(
    'category', s.category, 'score', s.score, 'count', s.count,
    'tags', (
      select json_agg(h.tag order by top.count desc, top.hashtag_id)
      from (
        select mch.hashtag_id, mch.count from ${memberCategoryHashtags} mch
        where mch.user_id = s.user_id and mch.category = s.category and mch.count > 0
        order by mch.count desc, mch.hashtag_id limit ${CATEGORY_TAGS_MAX}
      ) top
      join ${hashtags} h on h.id = top.hashtag_id)
  ) order by array_position(${categoryOrder}, s.category))
  from ${memberCategoryStats} s
  where s.user_id = ${userId} and s.count > 0 and s.category = any(${categoryOrder}))`

const toCategoryScores = (rows: CategoryStatsRow[] | null): TCategoryScore[] =>
  (rows ?? []).map((s) => ({
    category: s.category as TCategory,
    score: round2(s.score),
    count: s.count,
    tags: s.tags ?? [],
  }))

/** The member's most received tags, most first (ties: the older tag first). */
const topHashtagsJson = (userId: SQLWrapper) => sql<string[] | null>`(
  select json_agg(top.tag order by top.count desc, top.id) from (
    select h.tag, h.id, mh.count from ${memberHashtags} mh join ${hashtags} h on h.id = mh.hashtag_id
    where mh.user_id = ${userId} and mh.count > 0
    order by mh.count desc, h.id limit ${TOP_HASHTAGS_MAX}
  ) top)`

const tierRank = (tier: SQLWrapper) =>
  sql`array_position(array[${sql.join(
    [...MEDAL_TIERS].reverse().map((t) => sql`${t}`),
    sql`, `,
  )}]::text[], ${tier})`

type MedalJson = Omit<TMedal, 'lastEndorsedAt' | 'createdAt' | 'updatedAt'> & {
  lastEndorsedAt: string
  createdAt: string
  updatedAt: string
}

/**
 * Medals, highest tier first, then the most endorsed skill. Timestamps come as PostgreSQL writes them
 * in JSON and are reformatted here: to_char in SQL cost more than the rest of the medals' read.
 */
const medalsJson = (userId: SQLWrapper) => sql<MedalJson[] | null>`(
  select json_agg(json_build_object(
    'id', m.id, 'userId', m.user_id, 'skillName', m.skill_name, 'tier', m.tier,
    'lastEndorsedAt', m.last_endorsed_at, 'endorsementCount', m.endorsement_count,
    'createdAt', m.created_at, 'updatedAt', m.updated_at
  ) order by ${tierRank(sql`m.tier`)}, m.endorsement_count desc, m.skill_name)
  from ${medals} m where m.user_id = ${userId})`

/** A timestamp as PostgreSQL writes it in JSON in a UTC session: '2026-11-22T10:00:00.123456+00:00'. */
const UTC_JSON_TIMESTAMP = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00:00$/

/**
 * As toISOString writes it (milliseconds, 'Z'), by rewriting the text: parsing a Date per timestamp cost
 * a tenth of the server's time on the heaviest member's profile (3 per medal, 83 medals). Other zones
 * go through Date.
 */
const iso = (timestamp: string) => {
  const utc = UTC_JSON_TIMESTAMP.exec(timestamp)
  return utc ? `${utc[1]}.${`${utc[2] ?? ''}000`.slice(0, 3)}Z` : new Date(timestamp).toISOString()
}

const toMedals = (rows: MedalJson[] | null): TMedal[] =>
  (rows ?? []).map((m) => ({
    ...m,
    lastEndorsedAt: iso(m.lastEndorsedAt),
    createdAt: iso(m.createdAt),
    updatedAt: iso(m.updatedAt),
  }))

export async function listMedals(db: Db, userId: number): Promise<TMedal[]> {
  const [row] = await queryRows<{ medals: MedalJson[] | null }>(
    db,
    sql`select ${medalsJson(sql`${userId}`)} as medals`,
  )
  return toMedals(row?.medals ?? null)
}

/** What a profile shows whoever reads it: the member, their categories, top tags, medals and activity. */
export type ProfileParts = {
  user: UserRow
  categoryScores: TCategoryScore[]
  topHashtags: string[]
  medals: TMedal[]
  activityScore: number
}

export type ProfileRow = ProfileParts & {
  /** The member blocked the viewer: they do not exist for them (admins still see everyone). */
  hidden: boolean
  /** The first page of the endorsements they received, as the viewer may see them. */
  firstPage: TVouchesPage
}

/** A first page's rows (one more than shown, telling whether more follow) with each one's likers. */
export type PageWithLikers = { rows: EndorsementRow[]; likers: ReadonlySet<number>[] }

/** A profile read for every viewer: its first page as others see it and as the member sees it. */
export type ProfileForAnyone = ProfileParts & {
  pages: { others: PageWithLikers; member: PageWithLikers }
  /** False when an endorsement of either page has more likers than were read. */
  likersComplete: boolean
}

/** Who a profile statement reads for: an admin, a member viewing it, or anyone (to be held). */
type Reader = 'admin' | 'viewer' | 'anyone'

/**
 * A whole profile in one statement: the member, whether they blocked the viewer, their categories, top
 * tags, medals, activity score and first page of endorsements. Each part reads counters or a short
 * index range of the member. Read for anyone, the page leaves out what only the member sees.
 */
function prepareProfileRow(db: Db, reader: Reader) {
  // Qualified by hand: Drizzle writes a one-table select's columns bare ("id"), which a subquery
  // would resolve to its own table's id.
  const memberId = sql`${users}.id`
  const viewerId = sql.placeholder('viewerId')
  const hidden =
    reader === 'viewer'
      ? sql<boolean>`(${memberId} <> ${viewerId} and exists(select 1 from ${blocks}
        where ${blocks.blockerId} = ${memberId} and ${blocks.blockedId} = ${viewerId}))`
      : sql<boolean>`false`
  const pageReader = reader === 'anyone' ? reader : { viewerId, forAdmin: reader === 'admin' }
  return db
    .select({
      user: users,
      hidden,
      categoryStats: categoryStatsJson(memberId),
      topHashtags: topHashtagsJson(memberId),
      medals: medalsJson(memberId),
      activityScore: activityScoreSql(memberId),
      firstPage: firstPageJson(memberId, pageReader, PROFILE_VOUCHES_FIRST_PAGE),
      // Read for anyone, also the page as its member sees it: the endorsements they hid included.
      memberPage:
        reader === 'anyone'
          ? firstPageJson(memberId, 'receiver', PROFILE_VOUCHES_FIRST_PAGE)
          : sql<null>`null`,
    })
    .from(users)
    .where(sql`lower(${users.username}) = ${sql.placeholder('username')}`)
    .limit(1)
    .prepare(`profile_row_${reader}`)
}

/** Built once per database: building this query costs more than PostgreSQL takes to run it. */
const preparedProfileRows = new WeakMap<Db, Record<Reader, ReturnType<typeof prepareProfileRow>>>()

async function readProfileRow(db: Db, reader: Reader, username: string, viewerId: number | null) {
  let prepared = preparedProfileRows.get(db)
  if (!prepared) {
    prepared = {
      admin: prepareProfileRow(db, 'admin'),
      viewer: prepareProfileRow(db, 'viewer'),
      anyone: prepareProfileRow(db, 'anyone'),
    }
    preparedProfileRows.set(db, prepared)
  }
  const [row] = await prepared[reader].execute({ username: username.toLowerCase(), viewerId })
  if (!row) return null
  const parts: ProfileParts = {
    user: row.user,
    categoryScores: toCategoryScores(row.categoryStats),
    topHashtags: row.topHashtags ?? [],
    medals: toMedals(row.medals),
    activityScore: Number(row.activityScore),
  }
  const receiver = {
    id: row.user.id,
    username: row.user.username,
    fullName: row.user.fullName,
    profilePicture: row.user.profilePicture,
    isVerified: row.user.isEmailVerified,
  }
  const withLikers = (json: FirstPageJson[] | null) => ({
    rows: firstPageRows(json, receiver),
    likers: (json ?? []).map((page) => page.likers ?? []),
  })
  return {
    parts,
    hidden: row.hidden,
    page: withLikers(row.firstPage),
    memberPage: withLikers(row.memberPage),
  }
}

export async function findProfileRow(db: Db, username: string, viewer: Viewer): Promise<ProfileRow | null> {
  const row = await readProfileRow(db, viewer.isAdmin ? 'admin' : 'viewer', username, viewer.id)
  if (!row) return null
  return {
    ...row.parts,
    hidden: row.hidden,
    firstPage: toPage(row.page.rows, PROFILE_VOUCHES_FIRST_PAGE, viewer),
  }
}

export async function findProfileForAnyone(db: Db, username: string): Promise<ProfileForAnyone | null> {
  const row = await readProfileRow(db, 'anyone', username, null)
  if (!row) return null
  const held = (page: typeof row.page) => ({
    rows: page.rows,
    likers: page.likers.map((ids) => new Set(ids)),
  })
  return {
    ...row.parts,
    pages: { others: held(row.page), member: held(row.memberPage) },
    likersComplete: [...row.page.likers, ...row.memberPage.likers].every((ids) => ids.length <= LIKERS_MAX),
  }
}
