import { existsSync } from 'node:fs'
import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { eq, sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADMIN_MESSAGES } from '@vouched/shared/admin'
import type { Db } from '../../db/client'
import {
  announcements,
  auditLog,
  connectionRequests,
  hashtags,
  medals,
  memberCategoryHashtags,
  memberCategoryStats,
  memberDailyActivity,
  memberHashtags,
  notifications,
  uploads,
  users,
  vouches,
} from '../../db/schema/index'
import { createSession } from '../../core/session'
import { uploadsDir } from '../../core/uploads'
import { recomputeHashtagCounts, recomputeMemberStats } from '../endorsements/endorsements.recompute.service'
import { addComment, likeEndorsement } from '../endorsements/endorsements.likes-comments.service'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createAdmin, createMember, endorse, uniqueSuffix } from '../../../test/factories'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

type Member = Awaited<ReturnType<typeof createMember>>

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}

const connect = (a: Member, b: Member) =>
  t.db.insert(connectionRequests).values({ fromUserId: a.id, toUserId: b.id, status: 'accepted' })

async function counterSnapshot() {
  const round = (n: number) => Math.round(n * 100) / 100
  return {
    users: (
      await t.db
        .select({ id: users.id, r: users.reputationScore, v: users.vouchCount })
        .from(users)
        .orderBy(users.id)
    ).map((u) => ({ ...u, r: round(u.r) })),
    categoryStats: (
      await t.db
        .select()
        .from(memberCategoryStats)
        .orderBy(memberCategoryStats.userId, memberCategoryStats.category)
    ).map((s) => ({ ...s, score: round(s.score) })),
    memberHashtags: await t.db
      .select()
      .from(memberHashtags)
      .orderBy(memberHashtags.userId, memberHashtags.hashtagId),
    categoryHashtags: await t.db
      .select()
      .from(memberCategoryHashtags)
      .orderBy(
        memberCategoryHashtags.userId,
        memberCategoryHashtags.category,
        memberCategoryHashtags.hashtagId,
      ),
    medals: await t.db
      .select({
        userId: medals.userId,
        skill: medals.skillName,
        tier: medals.tier,
        n: medals.endorsementCount,
      })
      .from(medals)
      .orderBy(medals.userId, medals.skillName),
    activity: await t.db
      .select()
      .from(memberDailyActivity)
      .orderBy(memberDailyActivity.userId, memberDailyActivity.day),
    vouches: await t.db
      .select({ id: vouches.id, likes: vouches.likeCount, comments: vouches.commentCount })
      .from(vouches)
      .orderBy(vouches.id),
    hashtags: await t.db.select().from(hashtags).orderBy(hashtags.id),
  }
}

describe('DELETE /api/admin/users/:id', () => {
  it('refuses an admin deleting themself (400)', async () => {
    const admin = await createAdmin(t.db)
    const res = await t.inject(admin, { method: 'DELETE', url: `/api/admin/users/${admin.id}` })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'SELF_DELETION', message: ADMIN_MESSAGES.selfDeletion })
    expect(await t.db.select().from(users).where(eq(users.id, admin.id))).toHaveLength(1)
  })

  it('answers 404 for an unknown member', async () => {
    const admin = await createAdmin(t.db)
    const res = await t.inject(admin, { method: 'DELETE', url: '/api/admin/users/99999999' })
    expect(res.statusCode).toBe(404)
  })

  it("deletes the member and all their data, leaves no row pointing at them, and keeps others' counters exact", async () => {
    await t.reset()
    const admin = await createAdmin(t.db)
    // The victim is an admin too, so announcements and audit rows of theirs exist.
    const victim = await createAdmin(t.db, { username: `victim_${uniqueSuffix()}` })
    const [ann, bob, cid] = [await createMember(t.db), await createMember(t.db), await createMember(t.db)]
    const crowd = await Promise.all(Array.from({ length: 9 }, () => createMember(t.db)))

    // Ann holds a bronze medal only thanks to the victim's endorsement (9 + 1 = 10).
    for (const member of crowd)
      await endorse(t, member, ann, { category: 'Leadership', hashtags: ['Mentorship'] })
    const victimToAnn = await endorse(t, victim, ann, {
      category: 'Leadership',
      note: 'Great mentor',
      hashtags: ['Mentorship', 'Rare'],
    })
    await endorse(t, victim, bob, { category: 'Communication', hashtags: ['Clarity'], isAnonymous: true })
    const bobToVictim = await endorse(t, bob, victim, { category: 'Teamwork', hashtags: ['Clarity'] })
    const cidToBob = await endorse(t, cid, bob, { category: 'Creativity', hashtags: ['Design'] })
    // The victim's likes and comments on others' endorsements, and others' on the victim's.
    await likeEndorsement(t.db, victim, cidToBob.id)
    await addComment(t.db, victim, cidToBob.id, 'Agreed!')
    await likeEndorsement(t.db, ann, cidToBob.id)
    await likeEndorsement(t.db, cid, bobToVictim.id)
    await addComment(t.db, ann, victimToAnn.id, 'Thank you')
    // Connections, messages, notifications, announcements, uploads, sessions, audit.
    await connect(victim, bob)
    await t.db
      .insert(connectionRequests)
      .values({ fromUserId: cid.id, toUserId: victim.id, status: 'pending' })
    await t.inject(victim, {
      method: 'POST',
      url: '/api/messages',
      payload: { recipientId: bob.id, content: 'Hi Bob' },
    })
    await t.inject(bob, {
      method: 'POST',
      url: '/api/messages',
      payload: { recipientId: victim.id, content: 'Hi!' },
    })
    await t.inject(victim, {
      method: 'POST',
      url: '/api/announcements',
      payload: { title: 'From the victim', content: 'This will disappear with its author.' },
    })
    const pictureName = `${'a'.repeat(32)}.jpg`
    await mkdir(uploadsDir(t.config), { recursive: true })
    await writeFile(path.join(uploadsDir(t.config), pictureName), 'jpeg bytes')
    await t.db.insert(uploads).values({
      userId: victim.id,
      kind: 'profile-picture',
      fileName: pictureName,
      contentType: 'image/jpeg',
      size: 10,
    })
    await createSession(t.db, victim.id)
    await t.inject(victim, { method: 'PATCH', url: `/api/admin/users/${cid.id}`, payload: { isAdmin: true } })
    expect(await t.db.select().from(medals).where(eq(medals.userId, ann.id))).toHaveLength(1)
    const [cidToBobBefore] = await t.db.select().from(vouches).where(eq(vouches.id, cidToBob.id))
    expect(cidToBobBefore).toMatchObject({ likeCount: 2, commentCount: 1 })
    const [annBefore] = await t.db.select().from(users).where(eq(users.id, ann.id))

    const res = await t.inject(admin, { method: 'DELETE', url: `/api/admin/users/${victim.id}` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true })

    // No row anywhere still names the victim: every column that references a member, declared or not.
    const memberColumns = await rows<{ table_name: string; column_name: string }>(
      t.db,
      sql`select c.table_name, c.column_name from information_schema.columns c
          join information_schema.tables tb on tb.table_name = c.table_name and tb.table_schema = c.table_schema
          where c.table_schema = 'public' and tb.table_type = 'BASE TABLE'
            and c.data_type = 'integer'
            and (c.column_name ~ '(^|_)(user|user1|user2|admin|sender|recipient)_id$'
              or exists (
                select 1 from information_schema.referential_constraints rc
                join information_schema.key_column_usage k on k.constraint_name = rc.constraint_name
                  and k.table_schema = 'public' and k.table_name = c.table_name and k.column_name = c.column_name
                join information_schema.constraint_column_usage u on u.constraint_name = rc.unique_constraint_name
                where u.table_name = 'users'))`,
    )
    const tablesChecked = new Set(memberColumns.map((c) => c.table_name))
    for (const table of [
      'sessions',
      'vouches',
      'vouch_likes',
      'vouch_comments',
      'member_category_stats',
      'member_hashtags',
      'member_category_hashtags',
      'member_daily_activity',
      'medals',
      'connection_requests',
      'conversations',
      'messages',
      'notifications',
      'announcements',
      'uploads',
      'audit_log',
    ]) {
      expect(tablesChecked, `${table} is checked`).toContain(table)
    }
    for (const { table_name, column_name } of memberColumns) {
      const [found] = await rows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from ${sql.identifier(table_name)} where ${sql.identifier(column_name)} = ${victim.id}`,
      )
      expect(found!.n, `${table_name}.${column_name}`).toBe(0)
    }
    // And no row anywhere points at a row that is gone (every foreign key, every table).
    const foreignKeys = await rows<{
      table_name: string
      column_name: string
      ref_table: string
      ref_column: string
    }>(
      t.db,
      sql`select cl.relname as table_name, a.attname as column_name, rcl.relname as ref_table, ra.attname as ref_column
          from pg_constraint c
          join pg_class cl on cl.oid = c.conrelid
          join pg_class rcl on rcl.oid = c.confrelid
          join pg_attribute a on a.attrelid = c.conrelid and a.attnum = c.conkey[1]
          join pg_attribute ra on ra.attrelid = c.confrelid and ra.attnum = c.confkey[1]
          where c.contype = 'f' and c.connamespace = 'public'::regnamespace`,
    )
    expect(foreignKeys.length).toBeGreaterThan(15)
    for (const fk of foreignKeys) {
      const [orphans] = await rows<{ n: number }>(
        t.db,
        sql`select count(*)::int as n from ${sql.identifier(fk.table_name)} x
            where x.${sql.identifier(fk.column_name)} is not null and not exists (
              select 1 from ${sql.identifier(fk.ref_table)} r where r.${sql.identifier(fk.ref_column)} = x.${sql.identifier(fk.column_name)})`,
      )
      expect(orphans!.n, `${fk.table_name}.${fk.column_name} → ${fk.ref_table}`).toBe(0)
    }
    // Notifications about the victim's endorsements are gone too.
    expect(
      await t.db.select().from(notifications).where(eq(notifications.entityId, victimToAnn.id)),
    ).toHaveLength(0)
    expect(await t.db.select().from(announcements)).toHaveLength(0)

    // Others' counters: what was kept on each write equals a recomputation from the source rows.
    const [annAfter] = await t.db.select().from(users).where(eq(users.id, ann.id))
    expect(annAfter!.reputationScore).toBeCloseTo(annBefore!.reputationScore - 12)
    expect(annAfter!.vouchCount).toBe(9)
    expect(await t.db.select().from(medals).where(eq(medals.userId, ann.id))).toHaveLength(0)
    expect(await t.db.select().from(hashtags).where(eq(hashtags.tag, 'Rare'))).toHaveLength(0)
    const [mentorship] = await t.db.select().from(hashtags).where(eq(hashtags.tag, 'Mentorship'))
    expect(mentorship!.count).toBe(9)
    const [clarity] = await t.db.select().from(hashtags).where(eq(hashtags.tag, 'Clarity'))
    expect(clarity).toBeUndefined()
    const [cidToBobAfter] = await t.db.select().from(vouches).where(eq(vouches.id, cidToBob.id))
    expect(cidToBobAfter).toMatchObject({ likeCount: 1, commentCount: 0 })

    const kept = await counterSnapshot()
    const survivors = await t.db.select({ id: users.id }).from(users)
    for (const { id } of survivors) await recomputeMemberStats(t.db, id)
    await recomputeHashtagCounts(t.db)
    expect(await counterSnapshot()).toEqual(kept)

    // The audit row stays, naming the deleted member in words.
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.delete'))
    expect(entry).toMatchObject({ adminId: admin.id, targetId: victim.id, targetType: 'user' })
    expect(entry!.details).toContain(victim.username)
    // The victim's own audit rows stay, no longer naming an account.
    const [theirs] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'user.grant-admin'))
    expect(theirs!.adminId).toBeNull()
    // Their files left the disk.
    expect(existsSync(path.join(uploadsDir(t.config), pictureName))).toBe(false)
    // Their username and email are free again.
    expect(await t.db.select().from(users).where(eq(users.username, victim.username))).toHaveLength(0)
  })
})
