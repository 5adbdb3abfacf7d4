import { retryInWords } from '@vouched/shared/server.constants'
import {
  ENDORSEMENT_MESSAGES,
  engagementWeight,
  type TCreateEndorsement,
  type TEndorsement,
} from '@vouched/shared/endorsements'
import { ENDORSEMENTS_PER_DAY, REPUTATION_MESSAGES } from '@vouched/shared/reputation'
import { sql } from 'drizzle-orm'
import type { Config } from '../../config'
import { queryRows, type Db } from '../../db/client'
import { pendingVouches, users, vouches } from '../../db/schema/index'
import { AppError, notFound } from '../../core/errors'
import { findOwnUpload } from '../../core/uploads'
import { displayName, type Member } from '../../core/user-shapes'
import { blockedError, blockerBetween } from '../blocks/blocks.queries'
import { lockPairAndMembers } from './endorsements.counters'
import { insertPendingEndorsement, pendingToEndorsement } from './endorsements.pending'
import { toEndorsement, type EndorsementRow } from './endorsements.queries'
import { recordEndorsementAndEffects, type NewEndorsement } from './endorsements.writes.service'

/** Creating an endorsement: its checks, its weight, and whether it counts now or waits for review. */

const isUniqueViolation = (error: unknown, constraint: string) => {
  const e = error as { code?: string; constraint?: string; cause?: { code?: string; constraint?: string } }
  const inner = e.cause ?? e
  return inner.code === '23505' && (inner.constraint ?? '').includes(constraint)
}

const duplicate = () => new AppError('DUPLICATE_ENDORSEMENT', ENDORSEMENT_MESSAGES.duplicate, 409, 'category')

export type CreateEndorsementInput = TCreateEndorsement & { from: Member }

/** A member as an endorsement shows them. */
const publicMemberSql = (alias: string) =>
  sql.raw(`json_build_object('id', ${alias}.id, 'username', ${alias}.username, 'fullName', ${alias}.full_name,
    'profilePicture', ${alias}.profile_picture, 'isVerified', ${alias}.is_email_verified)`)

type PublicMember = EndorsementRow['from']

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
      REPUTATION_MESSAGES.dailyLimit(retryInWords(retryAt - Date.now())),
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
 * Creates an endorsement, in one transaction under the pair's lock: checked (readPair, the attachment
 * is the endorser's own upload, not given twice), weighed, and then either recorded with everything it
 * moves (recordEndorsementAndEffects) or, when the receiver reviews endorsements, left waiting.
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
      await lockPairAndMembers(tx, from.id, toUserId)
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
      const { vouch, tags } = await recordEndorsementAndEffects(tx, arriving, input.hashtags, {
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
