import type { TLevel, TMedalTier, TRelationship } from '@vouched/shared/endorsements'
import { sql, type SQL } from 'drizzle-orm'
import { queryRows, type Db } from '../../db/client'
import { credentialStatuses, medals, users, vouches } from '../../db/schema/index'

/**
 * Reads behind the credentials (docs/decisions/136, 137). The status bits are derived at read time
 * from the current rows: a credential's bit is set exactly when what it states no longer holds, so
 * every transaction that withdraws, hides, deletes or takes back a medal flips it by construction.
 */

/**
 * The version of an endorsement's content a credential states: what the endorser may edit, and its
 * skills in lower case. One SQL expression, read when issuing and compared when deriving the bits.
 */
const fingerprintSql = (alias: string) =>
  sql.raw(`md5(concat_ws(chr(31), ${alias}.category, coalesce(${alias}.note, ''),
    coalesce(${alias}.relationship, ''), coalesce(${alias}.level, ''),
    (select coalesce(string_agg(lower(h.tag), ',' order by lower(h.tag)), '')
      from vouch_hashtags vh join hashtags h on h.id = vh.hashtag_id where vh.vouch_id = ${alias}.id)))`)

const tierRank = (column: string) =>
  sql.raw(`array_position(array['bronze','silver','gold','platinum'], ${column})`)

export type VouchSource = {
  id: number
  toUserId: number
  fromUserId: number
  category: string
  note: string | null
  relationship: TRelationship | null
  level: TLevel | null
  createdAt: string
  isPublic: boolean
  fromUsername: string
  fromFullName: string | null
  toUsername: string
  toFullName: string | null
  hashtags: string[]
  fingerprint: string
}

/** An endorsement with what its credential states; `isPublic` false when anonymous or hidden. */
export async function findVouchSource(db: Db, id: number): Promise<VouchSource | null> {
  const [row] = await queryRows<VouchSource>(
    db,
    sql`select v.id, v.to_user_id as "toUserId", v.from_user_id as "fromUserId", v.category, v.note,
        v.relationship, v.level, v.created_at as "createdAt",
        not (v.is_anonymous or v.is_hidden or v.hidden_by_block) as "isPublic",
        fu.username as "fromUsername", fu.full_name as "fromFullName",
        tu.username as "toUsername", tu.full_name as "toFullName",
        (select coalesce(json_agg(h.tag order by lower(h.tag)), '[]'::json)
          from vouch_hashtags vh join hashtags h on h.id = vh.hashtag_id where vh.vouch_id = v.id) as hashtags,
        ${fingerprintSql('v')} as fingerprint
      from ${vouches} v
      join ${users} fu on fu.id = v.from_user_id
      join ${users} tu on tu.id = v.to_user_id
      where v.id = ${id}`,
  )
  return row ? { ...row, createdAt: new Date(row.createdAt).toISOString() } : null
}

export type MedalSource = {
  id: number
  userId: number
  skillName: string
  tier: TMedalTier
  endorsementCount: number
  username: string
  fullName: string | null
}

export async function findMedalSource(db: Db, id: number): Promise<MedalSource | null> {
  const [row] = await queryRows<MedalSource>(
    db,
    sql`select m.id, m.user_id as "userId", m.skill_name as "skillName", m.tier,
        m.endorsement_count as "endorsementCount", u.username, u.full_name as "fullName"
      from ${medals} m join ${users} u on u.id = m.user_id where m.id = ${id}`,
  )
  return row ?? null
}

/** The medals a member holds now (their badge carries these credentials). */
export async function listMedalIds(db: Db, userId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select m.id from ${medals} m where m.user_id = ${userId}
      order by ${tierRank('m.tier')} desc, m.endorsement_count desc, m.skill_name`,
  )
  return rows.map((row) => row.id)
}

/** The public endorsements a member received (their data export carries these credentials). */
export async function listPublicVouchIds(db: Db, userId: number): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select v.id from ${vouches} v where v.to_user_id = ${userId}
      and not (v.is_anonymous or v.is_hidden or v.hidden_by_block) order by v.created_at, v.id`,
  )
  return rows.map((row) => row.id)
}

export type StatusRow = { index: number; credentialId: string; createdAt: string }

async function allocate(db: Db, insert: SQL, find: SQL): Promise<StatusRow> {
  const columns = sql`id as "index", credential_id as "credentialId", created_at as "createdAt"`
  const [made] = await queryRows<StatusRow>(db, sql`${insert} on conflict do nothing returning ${columns}`)
  const row =
    made ?? (await queryRows<StatusRow>(db, sql`select ${columns} from ${credentialStatuses} ${find}`))[0]!
  return { ...row, createdAt: new Date(row.createdAt).toISOString() }
}

/** The status row of this version of an endorsement's credential, made the first time it is issued. */
export function allocateVouchStatus(db: Db, vouch: Pick<VouchSource, 'id' | 'toUserId' | 'fingerprint'>) {
  return allocate(
    db,
    sql`insert into ${credentialStatuses} (kind, user_id, vouch_id, fingerprint)
      values ('vouch', ${vouch.toUserId}, ${vouch.id}, ${vouch.fingerprint})`,
    sql`where kind = 'vouch' and vouch_id = ${vouch.id} and fingerprint = ${vouch.fingerprint}`,
  )
}

/** The status row of a member's medal on a skill at a tier, made the first time it is issued. */
export function allocateMedalStatus(db: Db, medal: Pick<MedalSource, 'userId' | 'skillName' | 'tier'>) {
  const skill = medal.skillName.toLowerCase()
  return allocate(
    db,
    sql`insert into ${credentialStatuses} (kind, user_id, skill, tier)
      values ('medal', ${medal.userId}, ${skill}, ${medal.tier})`,
    sql`where kind = 'medal' and user_id = ${medal.userId} and skill = ${skill} and tier = ${medal.tier}`,
  )
}

/**
 * Revocation (for good): the endorsement is gone (withdrawn, deleted, either member's account deleted)
 * or was edited since (this version no longer stands); the medal's holder deleted their account.
 */
const revokedSql = sql`(cs.kind = 'vouch' and not exists (select 1 from ${vouches} v
      where v.id = cs.vouch_id and ${fingerprintSql('v')} = cs.fingerprint))
    or (cs.kind = 'medal' and not exists (select 1 from ${users} u where u.id = cs.user_id))`

/**
 * Suspension (while it lasts): the receiver hid the endorsement or blocked its endorser; the medal's
 * holder no longer has that many endorsements for the skill; the member's account is suspended.
 */
const suspendedSql = sql`exists (select 1 from ${users} u where u.id = cs.user_id and u.suspended_at is not null)
    or (cs.kind = 'vouch' and exists (select 1 from ${vouches} v
      where v.id = cs.vouch_id and (v.is_hidden or v.hidden_by_block)))
    or (cs.kind = 'medal' and exists (select 1 from ${users} u where u.id = cs.user_id)
      and not exists (select 1 from ${medals} m where m.user_id = cs.user_id
        and lower(m.skill_name) = cs.skill and ${tierRank('m.tier')} >= ${tierRank('cs.tier')}))`

/** The indexes in [from, to) whose bit is set for the purpose. */
export async function listSetBits(
  db: Db,
  purpose: 'revocation' | 'suspension',
  from: number,
  to: number,
): Promise<number[]> {
  const rows = await queryRows<{ id: number }>(
    db,
    sql`select cs.id from ${credentialStatuses} cs
      where cs.id >= ${from} and cs.id < ${to} and (${purpose === 'revocation' ? revokedSql : suspendedSql})`,
  )
  return rows.map((row) => row.id)
}
