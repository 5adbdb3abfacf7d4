import {
  ENDORSEMENT_MESSAGES,
  engagementWeight,
  type TComment,
  type TCreateEndorsement,
  type TEndorsement,
  type TLikeState,
} from '@vouched/shared/endorsements'
import {
  countedPoints,
  ENDORSEMENTS_PER_DAY,
  REPUTATION_MESSAGES,
  type THideResult,
} from '@vouched/shared/reputation'
import { and, asc, eq, inArray, lte, sql } from 'drizzle-orm'
import type { Config } from '../../config'
import { queryRows, type Db } from '../../db/client'
import {
  hashtags,
  memberDailyActivity,
  notifications,
  pendingVouches,
  users,
  vouchComments,
  vouches,
  vouchHashtags,
  vouchLikes,
} from '../../db/schema/index'
import { addActivity, pruneEmptyDays, utcDay } from '../../core/activity'
import { assertNoBlockWithAny, blockedError, blockerBetween, lockPair } from '../blocks/blocks.queries'
import { AppError, forbidden, notFound } from '../../core/errors'
import { findOwnUpload } from '../../core/uploads'
import type { Member } from '../../core/user-shapes'
import { releaseAttachment } from './endorsements.attachments'
import { fulfilEndorsementRequests } from '../endorsement-requests/endorsement-requests.service'
import { createNotification, notificationWrites } from '../notifications/notifications.service'
import {
  applyPointsDelta,
  applyReceivedCounters,
  insertEndorsement,
  lockMembers,
  refreshMedals,
  rowsOf,
  type NewEndorsement,
} from './endorsements.counters'
import { insertPendingEndorsement, pendingToEndorsement } from './endorsements.pending'
import {
  findComment,
  findReachableVouchRow,
  findVouchRow,
  toEndorsement,
  type EndorsementRow,
  type Viewer,
} from './endorsements.queries'

export const displayName = (user: Pick<Member, 'fullName' | 'username'>) => user.fullName || user.username

const isUniqueViolation = (error: unknown, constraint: string) => {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } }
  const inner = e.cause ?? e
  return inner.code === '23505' && (inner.constraint ?? '').includes(constraint)
}

const duplicate = () => new AppError('DUPLICATE_ENDORSEMENT', ENDORSEMENT_MESSAGES.duplicate, 409, 'category')

export type CreateEndorsementInput = TCreateEndorsement & { from: Member }

type VouchRow = typeof vouches.$inferSelect

/** Whether an endorsement counts: neither its receiver nor a block hides it. */
export const isCounted = (vouch: Pick<VouchRow, 'isHidden' | 'hiddenByBlock'>) =>
  !vouch.isHidden && !vouch.hiddenByBlock

/**
 * Whether an endorsement and the one the other way round (same pair, same category) halve each other.
 * Never when either is anonymous: the halving would tell the receiver, and anyone watching the
 * endorser's score, that the hidden giver is someone they endorsed there (docs/decisions/077).
 */
export const pairsUp = (
  vouch: Pick<VouchRow, 'isAnonymous'>,
  reverse: Pick<VouchRow, 'isAnonymous'> | null,
) => reverse !== null && !vouch.isAnonymous && !reverse.isAnonymous

/** What a counted endorsement loses (or regains) when it becomes (or stops being) reciprocal. */
export const halfOf = (weight: number) =>
  countedPoints({ weight, reciprocal: false, hidden: false }) -
  countedPoints({ weight, reciprocal: true, hidden: false })

/** The endorsement the other way round (B → A in the same category), locked for the caller's transaction. */
export async function findReverse(tx: Db, vouch: Pick<VouchRow, 'fromUserId' | 'toUserId' | 'category'>) {
  const [reverse] = await tx
    .select()
    .from(vouches)
    .where(
      and(
        eq(vouches.fromUserId, vouch.toUserId),
        eq(vouches.toUserId, vouch.fromUserId),
        eq(vouches.category, vouch.category),
      ),
    )
    .for('update')
  return reverse ?? null
}

/** A member as an endorsement shows them. */
const publicMemberSql = (alias: string) =>
  sql.raw(`json_build_object('id', ${alias}.id, 'username', ${alias}.username, 'fullName', ${alias}.full_name,
    'profilePicture', ${alias}.profile_picture, 'isVerified', ${alias}.is_email_verified)`)

type PublicMember = EndorsementRow['from']

function inWords(ms: number) {
  const minutes = Math.max(1, Math.ceil(ms / 60_000))
  if (minutes < 60) return `in ${minutes} minute${minutes === 1 ? '' : 's'}`
  const hours = Math.ceil(minutes / 60)
  return `in about ${hours} hour${hours === 1 ? '' : 's'}`
}

/**
 * After the pair's lock, in one statement, every check of a new endorsement that reads the database:
 * the receiver exists, no block either way, the daily limit (ring resistance: at most 20 given in any
 * 24 hours, 429 with when the next one is allowed), errors in that order; and what writing it needs:
 * whether the endorser already endorsed them in the category, both members as the endorsement will
 * show them (the endorser's verified email now decides the verified factor, not the session's copy),
 * and the endorsement the other way round (B → A in the same category), locked.
 */
async function readPair(tx: Db, fromUserId: number, toUserId: number, category: string) {
  const since = new Date(Date.now() - 86_400_000).toISOString()
  const [row] = await queryRows<{
    endorser: PublicMember
    receiver: PublicMember | null
    blocker_id: number | null
    recent: number
    oldest_ms: number | null
    duplicate: boolean
    weight: number | null
    is_hidden: boolean | null
    hidden_by_block: boolean | null
    is_anonymous: boolean | null
    reviews: boolean | null
  }>(
    tx,
    sql`select ${publicMemberSql('u')} as endorser,
        case when t.id is null then null else ${publicMemberSql('t')} end as receiver,
        ${blockerBetween(fromUserId, toUserId)} as blocker_id,
        recent.n as recent, recent.oldest_ms,
        (exists(select 1 from ${vouches} where ${vouches.fromUserId} = ${fromUserId}
          and ${vouches.toUserId} = ${toUserId} and ${vouches.category} = ${category})
          or exists(select 1 from ${pendingVouches} where ${pendingVouches.fromUserId} = ${fromUserId}
          and ${pendingVouches.toUserId} = ${toUserId} and ${pendingVouches.category} = ${category})) as duplicate,
        t.review_endorsements as reviews,
        r.engagement_weight as weight, r.is_hidden, r.hidden_by_block, r.is_anonymous
      from ${users} u
      left join ${users} t on t.id = ${toUserId}
      left join lateral (
        select engagement_weight, is_hidden, hidden_by_block, is_anonymous from ${vouches}
        where from_user_id = ${toUserId} and to_user_id = ${fromUserId} and category = ${category}
        for update
      ) r on true
      cross join (
        select count(*)::int as n, (extract(epoch from min(created_at)) * 1000)::float8 as oldest_ms
        from (select created_at from (
            select ${vouches.createdAt} as created_at from ${vouches}
            where ${vouches.fromUserId} = ${fromUserId} and ${vouches.createdAt} > ${since}::timestamptz
            union all
            select ${pendingVouches.createdAt} from ${pendingVouches}
            where ${pendingVouches.fromUserId} = ${fromUserId} and ${pendingVouches.createdAt} > ${since}::timestamptz
          ) sent order by created_at limit ${ENDORSEMENTS_PER_DAY}) given
      ) recent
      where u.id = ${fromUserId}`,
  )
  if (!row?.receiver) throw notFound('Member')
  if (row.blocker_id !== null) throw blockedError(fromUserId, row.blocker_id)
  if (row.recent >= ENDORSEMENTS_PER_DAY) {
    const retryAt = row.oldest_ms! + 86_400_000
    throw new AppError(
      'ENDORSEMENT_LIMIT',
      REPUTATION_MESSAGES.dailyLimit(inWords(retryAt - Date.now())),
      429,
    )
  }
  return {
    endorser: row.endorser,
    receiver: row.receiver,
    duplicate: row.duplicate,
    reviews: row.reviews === true,
    reverse:
      row.weight == null
        ? null
        : {
            engagementWeight: row.weight,
            isHidden: row.is_hidden!,
            hiddenByBlock: row.hidden_by_block!,
            isAnonymous: row.is_anonymous!,
          },
  }
}

/**
 * Moves the receiver's counters when an endorsement starts or stops counting (hidden, shown, blocked,
 * unblocked): its points (halved when reciprocal), count, tags and the medals of those tags.
 */
async function moveCounted(tx: Db, vouch: VouchRow, wasCounted: boolean, nowCounted: boolean) {
  if (wasCounted === nowCounted) return
  const tags = await tx
    .select({ id: hashtags.id, tag: hashtags.tag })
    .from(vouchHashtags)
    .innerJoin(hashtags, eq(hashtags.id, vouchHashtags.hashtagId))
    .where(eq(vouchHashtags.vouchId, vouch.id))
  const reverse = await findReverse(tx, vouch)
  await applyReceivedCounters(tx, {
    userId: vouch.toUserId,
    category: vouch.category,
    points: countedPoints({
      weight: vouch.engagementWeight,
      reciprocal: pairsUp(vouch, reverse),
      hidden: false,
    }),
    hashtagIds: tags.map((tag) => tag.id),
    sign: nowCounted ? 1 : -1,
  })
  await refreshMedals(
    tx,
    vouch.toUserId,
    tags.map((tag) => tag.tag),
  )
}

/**
 * The receiver hides (or shows again) an endorsement: while hidden it counts for nothing and only
 * they and admins see it. One hidden because its endorser is blocked is shown again by unblocking.
 */
export async function setEndorsementHidden(
  db: Db,
  me: Pick<Member, 'id'>,
  id: number,
  hidden: boolean,
): Promise<THideResult> {
  const row = await findVouchRow(db, id)
  if (!row) throw notFound('Endorsement')
  if (row.toUserId !== me.id) throw forbidden(REPUTATION_MESSAGES.notReceiver)
  return db.transaction(async (tx) => {
    await lockPair(tx, row.fromUserId, row.toUserId)
    await lockMembers(tx, row.fromUserId, row.toUserId)
    const [vouch] = await tx.select().from(vouches).where(eq(vouches.id, id)).for('update')
    if (!vouch) throw notFound('Endorsement')
    if (!hidden && vouch.hiddenByBlock) {
      throw new AppError('HIDDEN_BY_BLOCK', REPUTATION_MESSAGES.hiddenByBlock, 409)
    }
    if (vouch.isHidden !== hidden) {
      await tx.update(vouches).set({ isHidden: hidden }).where(eq(vouches.id, id))
      await moveCounted(tx, vouch, isCounted(vouch), isCounted({ ...vouch, isHidden: hidden }))
    }
    return { id, isHidden: hidden, hiddenByBlock: vouch.hiddenByBlock }
  })
}

/**
 * Hides (on block) or shows again (on unblock) every named endorsement `blockedId` gave `blockerId`;
 * one the receiver hid by hand stays hidden. Anonymous ones are left as they are: one disappearing on
 * a block would name its giver (docs/decisions/076). Call it inside the block's transaction.
 */
export async function setBlockHidden(tx: Db, blockerId: number, blockedId: number, hidden: boolean) {
  await lockPair(tx, blockerId, blockedId)
  await lockMembers(tx, blockerId, blockedId)
  const given = await tx
    .select()
    .from(vouches)
    .where(
      and(eq(vouches.fromUserId, blockedId), eq(vouches.toUserId, blockerId), eq(vouches.isAnonymous, false)),
    )
    .orderBy(asc(vouches.id))
    .for('update')
  for (const vouch of given) {
    if (vouch.hiddenByBlock === hidden) continue
    await tx.update(vouches).set({ hiddenByBlock: hidden }).where(eq(vouches.id, vouch.id))
    await moveCounted(tx, vouch, isCounted(vouch), isCounted({ ...vouch, hiddenByBlock: hidden }))
  }
}

/**
 * Records an endorsement with everything it moves, in one transaction: its tags, the receiver's
 * score, counts, tags and medals, the endorser's activity, and the receiver's notification.
 */
export async function createEndorsement(
  db: Db,
  config: Config,
  input: CreateEndorsementInput,
): Promise<TEndorsement> {
  const { from, toUserId } = input
  if (toUserId === from.id) {
    throw new AppError('SELF_ENDORSEMENT', ENDORSEMENT_MESSAGES.selfEndorsement, 400, 'toUserId')
  }
  try {
    return await db.transaction(async (tx) => {
      await lockPair(tx, from.id, toUserId)
      await lockMembers(tx, from.id, toUserId)
      const {
        endorser,
        receiver,
        reverse,
        duplicate: exists,
        reviews,
      } = await readPair(tx, from.id, toUserId, input.category)
      let attachment: { url: string; contentType: string } | null = null
      if (input.contentUrl) {
        attachment = await findOwnUpload(tx, config, input.contentUrl, from.id, 'attachment')
        if (!attachment) {
          throw new AppError('INVALID_ATTACHMENT', ENDORSEMENT_MESSAGES.attachmentNotYours, 400, 'contentUrl')
        }
      }
      if (exists) throw duplicate()
      const weight = engagementWeight({
        hasNote: Boolean(input.note),
        hasAttachment: Boolean(attachment),
        // The verified factor would show in the weight whose giver is hidden (docs/decisions/078).
        verifiedEndorser: endorser.isVerified && !input.isAnonymous,
      })
      const arriving: NewEndorsement = {
        fromUserId: from.id,
        toUserId,
        category: input.category,
        note: input.note ?? null,
        isAnonymous: input.isAnonymous,
        contentUrl: attachment?.url ?? null,
        contentType: attachment?.contentType ?? null,
        engagementWeight: weight,
        relationship: input.relationship ?? null,
        level: input.level ?? null,
      }
      const viewer = { id: from.id, isAdmin: from.isAdmin }
      // The receiver reviews endorsements: it waits, counted nowhere and announced to nobody.
      if (reviews) {
        const pending = await insertPendingEndorsement(tx, arriving, input.hashtags)
        return pendingToEndorsement({ pending, from: endorser, to: receiver }, viewer)
      }
      const { vouch, tags } = await announceEndorsement(tx, arriving, input.hashtags, {
        endorserName: displayName(from),
        reverse,
      })
      // As findEndorsement would read it back: nobody can have liked it yet.
      return toEndorsement(
        { vouch, from: endorser, to: receiver, hashtags: tags.map((tag) => tag.tag), hasLiked: false },
        viewer,
      )
    })
  } catch (error) {
    // Two identical endorsements racing: the unique constraint decides.
    if (isUniqueViolation(error, 'vouches_from_to_category')) throw duplicate()
    throw error
  }
}

/**
 * Writes an endorsement that counts from now on, announced to its receiver as every new one is: its
 * tags, counters, medals, the endorser's act and the notification (insertEndorsement), and half of the
 * endorsement the other way round when the two pair up. Creating one, and accepting one that waited for
 * its receiver's approval (under the id it waited with), both come here.
 */
export async function announceEndorsement(
  tx: Db,
  arriving: NewEndorsement,
  hashtagsGiven: string[],
  context: {
    endorserName: string
    reverse:
      (Parameters<typeof pairsUp>[1] & Parameters<typeof isCounted>[0] & { engagementWeight: number }) | null
  },
) {
  const { reverse } = context
  const reciprocal = pairsUp(arriving, reverse)
  const written = await insertEndorsement(tx, arriving, hashtagsGiven, {
    points: countedPoints({ weight: arriving.engagementWeight, reciprocal, hidden: false }),
    notice: notificationWrites({
      userId: arriving.toUserId,
      type: 'endorsement',
      entityId: sql`(select id from vouch)`,
      // An anonymous endorsement names nobody, not even through the notification's sender.
      fromUserId: arriving.isAnonymous ? null : arriving.fromUserId,
      message: arriving.isAnonymous
        ? `Someone endorsed you anonymously for ${arriving.category}`
        : `${context.endorserName} endorsed you for ${arriving.category}`,
    }),
  })
  // A named endorsement answers the receiver's open requests to its endorser (decision 122).
  await fulfilEndorsementRequests(tx, written.vouch)
  // The reverse endorsement becomes reciprocal too: its receiver (this endorser) keeps half of it.
  if (reverse && reciprocal && isCounted(reverse)) {
    await applyPointsDelta(tx, arriving.fromUserId, arriving.category, -halfOf(reverse.engagementWeight))
  }
  return written
}

/**
 * Deletes an endorsement and takes back everything it moved (the receiver's counters and medals, tag
 * counts, the activity of its endorser, likers and commenters, its notifications) in one transaction.
 * Returns the deleted row, or null when there was none. `releasedFile` names its attachment's file when
 * that went with it: the caller deletes it with `deleteUploadFiles` once its transaction committed.
 */
export async function removeEndorsement(db: Db, id: number) {
  return db.transaction(async (tx) => {
    const [pair] = await tx
      .select({ fromUserId: vouches.fromUserId, toUserId: vouches.toUserId })
      .from(vouches)
      .where(eq(vouches.id, id))
    if (!pair) return null
    await lockPair(tx, pair.fromUserId, pair.toUserId)
    await lockMembers(tx, pair.fromUserId, pair.toUserId)
    const [vouch] = await tx.select().from(vouches).where(eq(vouches.id, id)).for('update')
    if (!vouch) return null
    const reverse = await findReverse(tx, vouch)
    const tags = await tx
      .select({ id: hashtags.id, tag: hashtags.tag })
      .from(vouchHashtags)
      .innerJoin(hashtags, eq(hashtags.id, vouchHashtags.hashtagId))
      .where(eq(vouchHashtags.vouchId, id))

    // Every act that disappears with it, on the day it was counted (an anonymous one counted none).
    const actsResult = await tx.execute(sql`
      select user_id, ${utcDay(sql`created_at`)}::text as day, count(*)::int as n from (
        select ${vouches.fromUserId} as user_id, ${vouches.createdAt} as created_at from ${vouches}
          where ${vouches.id} = ${id} and not ${vouches.isAnonymous}
        union all select user_id, created_at from ${vouchLikes} where vouch_id = ${id}
        union all select user_id, created_at from ${vouchComments} where vouch_id = ${id}
      ) acts group by 1, 2`)
    const acts = rowsOf<{ user_id: number; day: string; n: number }>(actsResult)

    // Likes, comments and tag links go with it (foreign keys cascade).
    await tx.delete(vouches).where(eq(vouches.id, id))
    // So does its attachment, unless the member reused it on another endorsement.
    const releasedFile = vouch.contentUrl ? await releaseAttachment(tx, vouch.contentUrl) : null

    if (tags.length > 0) {
      // Locked in lower(tag) order first, the order an arriving endorsement takes them in: an update of
      // the list locks them in whatever order it reads them, and the two deadlocked in the soak run once
      // endorsers could withdraw.
      await tx.execute(
        sql`select 1 from ${hashtags} where ${inArray(
          hashtags.id,
          tags.map((tag) => tag.id),
        )} order by lower(${hashtags.tag}) for update`,
      )
      await tx
        .update(hashtags)
        .set({ count: sql`${hashtags.count} - 1` })
        .where(
          inArray(
            hashtags.id,
            tags.map((tag) => tag.id),
          ),
        )
    }
    // The acts after the tags, as an arriving endorsement writes its endorser's act after its tags (a
    // liker endorsing while their liked endorsement goes deadlocked the soak run otherwise), and in
    // (member, day) order, so two removals sharing likers or commenters never deadlock.
    acts.sort((a, b) => a.user_id - b.user_id || (a.day < b.day ? -1 : a.day > b.day ? 1 : 0))
    for (const act of acts) {
      await tx
        .update(memberDailyActivity)
        .set({ count: sql`${memberDailyActivity.count} - ${act.n}::int` })
        .where(and(eq(memberDailyActivity.userId, act.user_id), eq(memberDailyActivity.day, act.day)))
    }
    for (const userId of new Set(acts.map((act) => act.user_id))) await pruneEmptyDays(tx, userId)
    // A hidden endorsement counted for nothing, so there is nothing to take back from its receiver.
    if (isCounted(vouch)) {
      await applyReceivedCounters(tx, {
        userId: vouch.toUserId,
        category: vouch.category,
        points: countedPoints({
          weight: vouch.engagementWeight,
          reciprocal: pairsUp(vouch, reverse),
          hidden: false,
        }),
        hashtagIds: tags.map((tag) => tag.id),
        sign: -1,
      })
    }
    // The reverse endorsement is no longer reciprocal: its receiver gets its full worth back.
    if (reverse && pairsUp(vouch, reverse) && isCounted(reverse)) {
      await applyPointsDelta(tx, vouch.fromUserId, vouch.category, halfOf(reverse.engagementWeight))
    }
    if (tags.length > 0) {
      // A tag no endorsement carries any more no longer exists.
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
    await refreshMedals(
      tx,
      vouch.toUserId,
      tags.map((tag) => tag.tag),
    )
    // Last, as in every transaction: the members' unread counts stay locked until the commit.
    await tx
      .delete(notifications)
      .where(
        and(inArray(notifications.type, ['endorsement', 'like', 'comment']), eq(notifications.entityId, id)),
      )
    return { ...vouch, releasedFile }
  })
}

/** Notifies the endorsement's receiver and giver of someone's like or comment (never the actor). */
async function notifyAround(
  tx: Db,
  vouch: typeof vouches.$inferSelect,
  actor: Member,
  type: 'like' | 'comment',
) {
  const [receiver] = await tx
    .select({ fullName: users.fullName, username: users.username })
    .from(users)
    .where(eq(users.id, vouch.toUserId))
  const actorName = displayName(actor)
  const verb = type === 'like' ? 'liked' : 'commented on'
  const notices = [
    { userId: vouch.toUserId, message: `${actorName} ${verb} an endorsement you received` },
    {
      userId: vouch.fromUserId,
      message: `${actorName} ${verb} your endorsement of ${receiver ? displayName(receiver) : 'a member'}`,
    },
  ]
  // In member order: each notification locks its member's unread count until the commit, and a like of
  // A's endorsement of B must not wait for B's count while a like of B's endorsement of A holds it and
  // waits for A's (a deadlock the soak run met).
  for (const notice of notices.sort((a, b) => a.userId - b.userId)) {
    await createNotification(tx, { ...notice, type, entityId: vouch.id, fromUserId: actor.id })
  }
}

/** The endorsement the actor likes or comments on; a hidden one is a 404 as it is in the lists. */
/**
 * A like or comment racing the endorsement's withdrawal: the endorsement was there when checked and
 * gone when the row that points at it was written. The answer is the 404 the check would give now.
 */
async function unlessWithdrawn<T>(write: Promise<T>): Promise<T> {
  try {
    return await write
  } catch (error) {
    const e = error as { code?: string; cause?: { code?: string } }
    if ((e.cause ?? e).code === '23503') throw notFound('Endorsement')
    throw error
  }
}

async function requireVouch(db: Db, id: number, actor: Viewer) {
  const vouch = await findReachableVouchRow(db, id, actor)
  if (!vouch) throw notFound('Endorsement')
  return vouch
}

/**
 * Likes and comments reach the endorsement's receiver and giver: refused when either blocked the
 * actor or was blocked by them. An anonymous giver is left out, so a refusal never reveals who it is.
 */
async function assertCanReach(db: Db, actor: Member, vouch: typeof vouches.$inferSelect) {
  await assertNoBlockWithAny(
    db,
    actor.id,
    vouch.isAnonymous ? [vouch.toUserId] : [vouch.toUserId, vouch.fromUserId],
  )
}

/** Idempotent: liking twice changes nothing (DECISIONS.md §5). */
export async function likeEndorsement(db: Db, actor: Member, vouchId: number): Promise<TLikeState> {
  await assertCanReach(db, actor, await requireVouch(db, vouchId, actor))
  return unlessWithdrawn(
    db.transaction(async (tx) => {
      const inserted = await tx
        .insert(vouchLikes)
        .values({ vouchId, userId: actor.id })
        .onConflictDoNothing()
        .returning({ id: vouchLikes.id })
      if (inserted.length === 0) {
        const [vouch] = await tx
          .select({ likeCount: vouches.likeCount })
          .from(vouches)
          .where(eq(vouches.id, vouchId))
        return { hasLiked: true, likeCount: vouch?.likeCount ?? 0 }
      }
      const [vouch] = await tx
        .update(vouches)
        .set({ likeCount: sql`${vouches.likeCount} + 1` })
        .where(eq(vouches.id, vouchId))
        .returning()
      await addActivity(tx, actor.id, 1)
      await notifyAround(tx, vouch!, actor, 'like')
      return { hasLiked: true, likeCount: vouch!.likeCount }
    }),
  )
}

/** Idempotent: unliking what one does not like changes nothing. */
export async function unlikeEndorsement(db: Db, actor: Member, vouchId: number): Promise<TLikeState> {
  await requireVouch(db, vouchId, actor)
  return db.transaction(async (tx) => {
    const [removed] = await tx
      .delete(vouchLikes)
      .where(and(eq(vouchLikes.vouchId, vouchId), eq(vouchLikes.userId, actor.id)))
      .returning({ createdAt: vouchLikes.createdAt })
    if (!removed) {
      const [vouch] = await tx
        .select({ likeCount: vouches.likeCount })
        .from(vouches)
        .where(eq(vouches.id, vouchId))
      return { hasLiked: false, likeCount: vouch?.likeCount ?? 0 }
    }
    const [vouch] = await tx
      .update(vouches)
      .set({ likeCount: sql`${vouches.likeCount} - 1` })
      .where(eq(vouches.id, vouchId))
      .returning({ likeCount: vouches.likeCount })
    await addActivity(tx, actor.id, -1, removed.createdAt)
    return { hasLiked: false, likeCount: vouch!.likeCount }
  })
}

export async function addComment(db: Db, actor: Member, vouchId: number, comment: string): Promise<TComment> {
  await assertCanReach(db, actor, await requireVouch(db, vouchId, actor))
  const id = await unlessWithdrawn(
    db.transaction(async (tx) => {
      const [row] = await tx.insert(vouchComments).values({ vouchId, userId: actor.id, comment }).returning()
      const [vouch] = await tx
        .update(vouches)
        .set({ commentCount: sql`${vouches.commentCount} + 1` })
        .where(eq(vouches.id, vouchId))
        .returning()
      await addActivity(tx, actor.id, 1)
      await notifyAround(tx, vouch!, actor, 'comment')
      return row!.id
    }),
  )
  return (await findComment(db, id))!
}

/** Only the comment's author or an admin deletes it. */
export async function removeComment(db: Db, actor: Viewer, commentId: number) {
  const comment = await findComment(db, commentId)
  if (!comment) throw notFound('Comment')
  if (comment.userId !== actor.id && !actor.isAdmin)
    throw forbidden('Only the author can delete this comment')
  await db.transaction(async (tx) => {
    const [removed] = await tx.delete(vouchComments).where(eq(vouchComments.id, commentId)).returning({
      vouchId: vouchComments.vouchId,
      userId: vouchComments.userId,
      createdAt: vouchComments.createdAt,
    })
    if (!removed) return
    await tx
      .update(vouches)
      .set({ commentCount: sql`${vouches.commentCount} - 1` })
      .where(eq(vouches.id, removed.vouchId))
    await addActivity(tx, removed.userId, -1, removed.createdAt)
  })
}

/**
 * Takes back everything a member did to others before their account goes: endorsements given and
 * received (with all their counters), likes and comments on other endorsements. The admin and account
 * deletion flows call it in the transaction that then deletes the member. Returns the attachment files
 * released with those endorsements (others' uploads on endorsements the member received included), for
 * the caller to delete after commit.
 */
export async function removeMemberContributions(db: Db, userId: number): Promise<string[]> {
  return db.transaction(async (tx) => {
    const own = await tx
      .select({ id: vouches.id })
      .from(vouches)
      .where(sql`${vouches.fromUserId} = ${userId} or ${vouches.toUserId} = ${userId}`)
    const releasedFiles: string[] = []
    for (const { id } of own) {
      const removed = await removeEndorsement(tx, id)
      if (removed?.releasedFile) releasedFiles.push(removed.releasedFile)
    }
    const likes = await tx
      .delete(vouchLikes)
      .where(eq(vouchLikes.userId, userId))
      .returning({ vouchId: vouchLikes.vouchId })
    for (const { vouchId } of likes) {
      await tx
        .update(vouches)
        .set({ likeCount: sql`${vouches.likeCount} - 1` })
        .where(eq(vouches.id, vouchId))
    }
    const comments = await tx
      .delete(vouchComments)
      .where(eq(vouchComments.userId, userId))
      .returning({ vouchId: vouchComments.vouchId })
    for (const { vouchId } of comments) {
      await tx
        .update(vouches)
        .set({ commentCount: sql`${vouches.commentCount} - 1` })
        .where(eq(vouches.id, vouchId))
    }
    await tx.delete(memberDailyActivity).where(eq(memberDailyActivity.userId, userId))
    return releasedFiles
  })
}
