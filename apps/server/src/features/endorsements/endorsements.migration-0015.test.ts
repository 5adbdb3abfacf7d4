import { readFile } from 'node:fs/promises'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createMember, endorse } from '../../../test/factories'
import { rowsOf } from '../../db/client'
import { recomputeMemberStats } from './endorsements.recompute.service'
import { medals, memberDailyActivity, memberHashtags, users, vouches } from '../../db/schema/index'

/**
 * Migration 0015 brings endorsements written under the old rules (issue 21) to the new ones: no verified
 * factor and no block hiding on anonymous endorsements, and every counter of the members concerned
 * as the recomputation from the rows gives it.
 */
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

const migration = new URL('../../db/migrations/0015_anonymous_endorsements_alone.sql', import.meta.url)

/** Runs the migration's statements as the migrator does: in order, in one transaction. */
async function migrate() {
  const statements = (await readFile(migration, 'utf8')).split('--> statement-breakpoint')
  await t.db.transaction(async (tx) => {
    for (const statement of statements) await tx.execute(sql.raw(statement))
  })
}

/** Every counter the endorsements move, in a stable order. */
async function counters() {
  const read = async (query: string) => rowsOf<unknown>(await t.db.execute(sql.raw(query)))
  return {
    users: await read('select id, reputation_score, vouch_count from users order by id'),
    stats: await read('select user_id, category, score, count from member_category_stats order by 1, 2'),
    tags: await read('select user_id, hashtag_id, count from member_hashtags order by 1, 2'),
    categoryTags: await read(
      'select user_id, category, hashtag_id, count from member_category_hashtags order by 1, 2, 3',
    ),
    medals: await read(
      'select user_id, skill_name, tier, endorsement_count, last_endorsed_at::text from medals order by 1, 2',
    ),
    activity: await read('select user_id, day::text, count from member_daily_activity order by 1, 2'),
  }
}

describe('migration 0015', () => {
  it('takes the verified factor and the block out of anonymous endorsements and recomputes the counters', async () => {
    const verified = await createMember(t.db, { isEmailVerified: true })
    const receiver = await createMember(t.db)
    const other = await createMember(t.db)
    await endorse(t, receiver, verified, { category: 'Teamwork' })
    const anonymous = (
      await endorse(t, verified, receiver, {
        category: 'Teamwork',
        note: 'Kind',
        hashtags: ['Care'],
        isAnonymous: true,
      })
    ).id
    const named = (await endorse(t, other, receiver, { category: 'Leadership', hashtags: ['Care'] })).id

    // The rows and counters as the old rules left them: weight with the verified factor (1.2 × 1.25),
    // hidden by the receiver's block, the receiver's endorsement of its giver halved, an act counted.
    await t.db
      .update(vouches)
      .set({ engagementWeight: 1.5, hiddenByBlock: true })
      .where(eq(vouches.id, anonymous))
    await t.db.update(users).set({ reputationScore: 5 }).where(eq(users.id, verified.id))
    await t.db.update(users).set({ reputationScore: 10, vouchCount: 1 }).where(eq(users.id, receiver.id))
    await t.db.update(memberHashtags).set({ count: 1 }).where(eq(memberHashtags.userId, receiver.id))
    await t.db.execute(sql`insert into ${memberDailyActivity} (user_id, day, count)
      values (${verified.id}, (now() at time zone 'UTC')::date, 1)`)
    await t.db.insert(medals).values({
      userId: receiver.id,
      skillName: 'Care',
      tier: 'bronze',
      lastEndorsedAt: new Date(),
      endorsementCount: 10,
    })
    const untouched = await counters()

    await migrate()

    const [row] = await t.db.select().from(vouches).where(eq(vouches.id, anonymous))
    expect(row).toMatchObject({ hiddenByBlock: false, isHidden: false })
    expect(row!.engagementWeight).toBeCloseTo(1.2, 6)
    // A named endorsement keeps its weight.
    const [kept] = await t.db.select().from(vouches).where(eq(vouches.id, named))
    expect(kept!.engagementWeight).toBe(1)
    const migrated = await counters()
    expect(migrated).not.toEqual(untouched)
    for (const member of [verified, receiver, other]) await recomputeMemberStats(t.db, member.id)
    expect(await counters()).toEqual(migrated)
    const score = async (id: number) =>
      (await t.db.select().from(users).where(eq(users.id, id)))[0]!.reputationScore
    expect(await score(receiver.id)).toBe(12 + 10)
    expect(await score(verified.id)).toBe(10)
    expect(migrated.medals).toEqual([])

    // Running it again changes nothing.
    await migrate()
    expect(await counters()).toEqual(migrated)
  })
})
