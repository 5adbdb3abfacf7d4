import { SERVER_MESSAGES } from '@vouched/shared/server.constants'
import {
  CATEGORIES,
  engagementWeight,
  type TComment,
  type TEndorsement,
  type TVouchFilter,
  type TVouchesPage,
  type TCategory,
} from '@vouched/shared/endorsements'
import { and, asc, desc, eq, getTableColumns, sql, type SQL, type SQLWrapper } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { sqlInteger, type Db } from '../../db/client'
import { hashtags, users, vouchComments, vouches, vouchHashtags, vouchLikes } from '../../db/schema/index'
import { AppError } from '../../core/errors'

/** Who is reading: decides whether an anonymous endorser is shown and what "hasLiked" means. */
export type Viewer = { id: number; isAdmin: boolean }

const fromUser = alias(users, 'from_user')
const toUser = alias(users, 'to_user')

/** The (created_at, id) position of a row, microseconds included, so keyset pages never skip or repeat. */
const positionAt = (createdAt: SQLWrapper) =>
  sql<string>`to_char(${createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
const positionOf = positionAt(vouches.createdAt)

const endorsementColumns = (viewerId: number) => ({
  vouch: vouches,
  from: {
    id: fromUser.id,
    username: fromUser.username,
    fullName: fromUser.fullName,
    profilePicture: fromUser.profilePicture,
    isVerified: fromUser.isEmailVerified,
  },
  to: {
    id: toUser.id,
    username: toUser.username,
    fullName: toUser.fullName,
    profilePicture: toUser.profilePicture,
    isVerified: toUser.isEmailVerified,
  },
  // Tags in the order the endorser gave them; a page holds at most 51 rows, each with at most 10 tags.
  hashtags: sql<string[]>`coalesce((
      select json_agg(${hashtags.tag} order by ${vouchHashtags.id})
      from ${vouchHashtags} join ${hashtags} on ${hashtags.id} = ${vouchHashtags.hashtagId}
      where ${vouchHashtags.vouchId} = ${vouches.id}), '[]'::json)`,
  hasLiked: sql<boolean>`exists(select 1 from ${vouchLikes}
      where ${vouchLikes.vouchId} = ${vouches.id} and ${vouchLikes.userId} = ${viewerId})`,
  position: positionOf,
})

export type EndorsementRow = {
  vouch: typeof vouches.$inferSelect
  from: {
    id: number
    username: string
    fullName: string | null
    profilePicture: string | null
    isVerified: boolean
  }
  to: {
    id: number
    username: string
    fullName: string | null
    profilePicture: string | null
    isVerified: boolean
  }
  hashtags: string[] | string
  hasLiked: boolean
  position: string
}

const round4 = (value: number) => Math.round(value * 10_000) / 10_000

/**
 * Whether the endorser was verified when endorsing. The stored weight is the product of the known
 * factors, so the verified factor is exactly what remains once note and attachment are divided out.
 */
export function endorserWasVerified(
  vouch: Pick<typeof vouches.$inferSelect, 'engagementWeight' | 'note' | 'contentUrl'>,
) {
  const unverified = engagementWeight({
    hasNote: Boolean(vouch.note),
    hasAttachment: Boolean(vouch.contentUrl),
    verifiedEndorser: false,
  })
  return vouch.engagementWeight / unverified > 1.1
}

/** The read shape; an anonymous endorser stays hidden from everyone but themself and admins. */
export function toEndorsement(row: Omit<EndorsementRow, 'position'>, viewer: Viewer): TEndorsement {
  const v = row.vouch
  const reveal = !v.isAnonymous || viewer.isAdmin || viewer.id === v.fromUserId
  const tags = typeof row.hashtags === 'string' ? (JSON.parse(row.hashtags) as string[]) : row.hashtags
  return {
    id: v.id,
    fromUserId: reveal ? v.fromUserId : null,
    toUserId: v.toUserId,
    category: v.category as TCategory,
    note: v.note,
    isAnonymous: v.isAnonymous,
    contentType: v.contentType,
    contentUrl: v.contentUrl,
    likeCount: v.likeCount,
    commentCount: v.commentCount,
    engagementWeight: round4(v.engagementWeight),
    createdAt: v.createdAt.toISOString(),
    fromUsername: reveal ? row.from.username : null,
    fromFullName: reveal ? row.from.fullName : null,
    fromProfilePicture: reveal ? row.from.profilePicture : null,
    fromUser: reveal ? row.from : null,
    toUser: row.to,
    hashtags: tags,
    // Never for an anonymous one: whether its giver is verified is a clue to who they are.
    verified: !v.isAnonymous && endorserWasVerified(v),
    hasLiked: row.hasLiked,
    isHidden: v.isHidden || v.hiddenByBlock,
    relationship: v.relationship,
    level: v.level,
  }
}

function selectEndorsements(db: Db, viewer: Viewer) {
  return db
    .select(endorsementColumns(viewer.id))
    .from(vouches)
    .innerJoin(fromUser, eq(fromUser.id, vouches.fromUserId))
    .innerJoin(toUser, eq(toUser.id, vouches.toUserId))
}

export async function findEndorsement(db: Db, id: number, viewer: Viewer): Promise<TEndorsement | null> {
  const [row] = await selectEndorsements(db, viewer).where(eq(vouches.id, id)).limit(1)
  return row ? toEndorsement(row, viewer) : null
}

const encodeCursor = (position: string, id: number) => Buffer.from(`${position}|${id}`).toString('base64url')

function decodeCursor(cursor: string): { position: string; id: number } {
  const [position, id] = Buffer.from(cursor, 'base64url').toString('utf8').split('|')
  if (
    !position ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(position) ||
    !id ||
    !/^\d{1,10}$/.test(id) ||
    Number.isNaN(Date.parse(position))
  ) {
    throw new AppError('INVALID_CURSOR', SERVER_MESSAGES.invalidCursor, 400, 'cursor')
  }
  return { position, id: Number(id) }
}

/**
 * One page of the endorsements a member received, newest first, keyset-paginated on (created_at, id)
 * along vouches_to_created_idx: each page costs the same however deep it is.
 */
export async function listReceivedEndorsements(
  db: Db,
  options: {
    toUserId: number
    viewer: Viewer
    limit: number
    cursor?: string | undefined
    filter?: TVouchFilter
  },
): Promise<TVouchesPage> {
  const conditions: SQL[] = [eq(vouches.toUserId, options.toUserId)]
  // Hidden endorsements (by their receiver, or by a block) are listed to the receiver and admins only.
  if (options.viewer.id !== options.toUserId && !options.viewer.isAdmin) {
    conditions.push(eq(vouches.isHidden, false), eq(vouches.hiddenByBlock, false))
  }
  if (options.filter === 'public') conditions.push(eq(vouches.isAnonymous, false))
  if (options.filter === 'anonymous') conditions.push(eq(vouches.isAnonymous, true))
  if (options.cursor) {
    const { position, id } = decodeCursor(options.cursor)
    conditions.push(sql`(${vouches.createdAt}, ${vouches.id}) < (${position}::timestamptz, ${id})`)
  }
  const rows = await selectEndorsements(db, options.viewer)
    .where(and(...conditions))
    .orderBy(desc(vouches.createdAt), desc(vouches.id))
    .limit(options.limit + 1)
  return toPage(rows, options.limit, options.viewer)
}

/** Rows read one beyond the page (`limit + 1`): the extra one only tells that a next page exists. */
export function toPage(rows: EndorsementRow[], limit: number, viewer: Viewer): TVouchesPage {
  const page = rows.slice(0, limit)
  const last = page[page.length - 1]
  return {
    vouches: page.map((row) => toEndorsement(row, viewer)),
    nextCursor: rows.length > limit && last ? encodeCursor(last.position, last.vouch.id) : null,
  }
}

/**
 * A first page as firstPageJson writes it: the endorsement row as PostgreSQL names its columns; read
 * for anyone or for the receiver rather than a viewer, each row also lists who liked it (at most
 * LIKERS_MAX + 1).
 */
export type FirstPageJson = Omit<EndorsementRow, 'vouch' | 'to'> & {
  vouch: Record<string, unknown>
  likers?: number[]
}
/** A page read with its likers keeps them only up to this many per endorsement. */
export const LIKERS_MAX = 1_000
/**
 * Whom a first page is read for: a viewer; or, with each row's likers, anyone but its receiver, or its
 * receiver (who also sees the endorsements they hid).
 */
export type PageReader = { viewerId: SQLWrapper; forAdmin: boolean } | 'anyone' | 'receiver'
type Receiver = EndorsementRow['to']

const vouchColumns = Object.entries(getTableColumns(vouches))

/** A vouches row written by `row_to_json`, each value as Drizzle maps it from the driver (timestamps to dates). */
export const vouchFromJson = (json: Record<string, unknown>) =>
  Object.fromEntries(
    vouchColumns.map(([key, column]) => {
      const value = json[column.name]
      return [key, value === null ? null : column.mapFromDriverValue(value)]
    }),
  ) as EndorsementRow['vouch']

/**
 * SQL over an endorsement aliased `alias`: whether it counts (neither hidden by its receiver nor by a
 * block), and whether it is reciprocal (its receiver endorsed its endorser back in the same category,
 * both named). The same rules as `isCounted` and `pairsUp` in endorsements.counters.ts.
 */
export const countedSql = (alias: string) => sql.raw(`not (${alias}.is_hidden or ${alias}.hidden_by_block)`)
export const reciprocalSql = (alias: string) =>
  sql.raw(`(not ${alias}.is_anonymous and exists (select 1 from vouches r where r.from_user_id = ${alias}.to_user_id
    and r.to_user_id = ${alias}.from_user_id and r.category = ${alias}.category and not r.is_anonymous))`)

/**
 * The first page of the endorsements a member received (listReceivedEndorsements without a cursor or
 * filter: same rows, order and fields) as one JSON value, for a statement that reads the member anyway;
 * the profile saves a round trip with it. firstPageRows and toPage turn it into the page.
 */
export function firstPageJson(toUserId: SQLWrapper, reader: PageReader, limit: number) {
  const shown = sql`(not r.is_hidden and not r.hidden_by_block)`
  const visible =
    reader === 'anyone'
      ? shown
      : reader === 'receiver' || reader.forAdmin
        ? sql`true`
        : sql`(${toUserId} = ${reader.viewerId} or ${shown})`
  const liked =
    typeof reader === 'string'
      ? sql`false, 'likers', (select coalesce(json_agg(l.user_id), '[]'::json) from (
          select user_id from vouch_likes where vouch_id = v.id limit ${sqlInteger(LIKERS_MAX + 1)}) l)`
      : sql`exists(select 1 from vouch_likes l where l.vouch_id = v.id and l.user_id = ${reader.viewerId})`
  return sql<FirstPageJson[] | null>`(
    select json_agg(json_build_object(
      'vouch', row_to_json(v),
      'from', json_build_object('id', f.id, 'username', f.username, 'fullName', f.full_name,
                                'profilePicture', f.profile_picture, 'isVerified', f.is_email_verified),
      'hashtags', coalesce((select json_agg(h.tag order by vh.id) from vouch_hashtags vh
                            join hashtags h on h.id = vh.hashtag_id where vh.vouch_id = v.id), '[]'::json),
      'hasLiked', ${liked},
      'position', ${positionAt(sql`v.created_at`)}
    ) order by v.created_at desc, v.id desc)
    from (select * from vouches r where r.to_user_id = ${toUserId} and ${visible}
          order by r.created_at desc, r.id desc limit ${sqlInteger(limit + 1)}) v
    join users f on f.id = v.from_user_id)`
}

/** The rows of a first page (limit + 1 of them, the last telling whether more follow), for toPage. */
export const firstPageRows = (rows: FirstPageJson[] | null, receiver: Receiver): EndorsementRow[] =>
  (rows ?? []).map(({ likers: _likers, ...row }) => ({
    ...row,
    vouch: vouchFromJson(row.vouch),
    to: receiver,
  }))

/** The categories `fromUserId` already endorsed `toUserId` in (hidden ones too: the pair's 409 counts them). */
export async function listGivenCategories(db: Db, fromUserId: number, toUserId: number) {
  const rows = await db
    .select({ category: vouches.category })
    .from(vouches)
    .where(and(eq(vouches.fromUserId, fromUserId), eq(vouches.toUserId, toUserId)))
  const given = new Set<string>(rows.map((row) => row.category))
  return CATEGORIES.filter((category) => given.has(category))
}

export async function findVouchRow(db: Db, id: number) {
  const [row] = await db.select().from(vouches).where(eq(vouches.id, id)).limit(1)
  return row ?? null
}

/** Whether the viewer may reach a hidden endorsement: only its receiver and admins know it exists. */
const canSeeHidden = (
  vouch: Pick<typeof vouches.$inferSelect, 'toUserId' | 'isHidden' | 'hiddenByBlock'>,
  viewer: Viewer,
) => !(vouch.isHidden || vouch.hiddenByBlock) || viewer.isAdmin || viewer.id === vouch.toUserId

/**
 * The endorsement as the viewer may reach it (to read its likes or comments, like or comment on it),
 * or null: a hidden one does not exist for anyone but its receiver and admins, as in the lists.
 */
export async function findReachableVouchRow(db: Db, id: number, viewer: Viewer) {
  const row = await findVouchRow(db, id)
  return row && canSeeHidden(row, viewer) ? row : null
}

export async function hasLiked(db: Db, vouchId: number, userId: number) {
  const [row] = await db
    .select({ id: vouchLikes.id })
    .from(vouchLikes)
    .where(and(eq(vouchLikes.vouchId, vouchId), eq(vouchLikes.userId, userId)))
    .limit(1)
  return Boolean(row)
}

const commentColumns = {
  id: vouchComments.id,
  vouchId: vouchComments.vouchId,
  userId: vouchComments.userId,
  comment: vouchComments.comment,
  createdAt: vouchComments.createdAt,
  username: users.username,
  fullName: users.fullName,
  profilePicture: users.profilePicture,
}

const toComment = (row: { createdAt: Date } & Omit<TComment, 'createdAt'>): TComment => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
})

/** The newest `limit` comments of an endorsement, oldest first as a thread reads. */
export async function listComments(db: Db, vouchId: number, limit: number): Promise<TComment[]> {
  const rows = await db
    .select(commentColumns)
    .from(vouchComments)
    .innerJoin(users, eq(users.id, vouchComments.userId))
    .where(eq(vouchComments.vouchId, vouchId))
    .orderBy(desc(vouchComments.createdAt), desc(vouchComments.id))
    .limit(limit)
  return rows.reverse().map(toComment)
}

export async function findComment(db: Db, id: number): Promise<TComment | null> {
  const [row] = await db
    .select(commentColumns)
    .from(vouchComments)
    .innerJoin(users, eq(users.id, vouchComments.userId))
    .where(eq(vouchComments.id, id))
    .orderBy(asc(vouchComments.id))
    .limit(1)
  return row ? toComment(row) : null
}
