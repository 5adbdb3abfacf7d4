import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { SEARCH_SORTS, type TSearchSort } from '@vouched/shared/discovery'
import { queryRows } from '../../db/client'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createMember } from '../../../test/factories'
import {
  hashtags,
  memberActivityScores,
  memberActivityWindow,
  memberDailyActivity,
  memberHashtags,
  searchTerms,
  trustScores,
  users,
} from '../../db/schema/index'
import { createEndorsement } from '../endorsements/endorsements.create.service'
import { searchMembersByHashtags } from './discovery.hashtag-search'
import { slideActivityWindow } from './discovery.service'
import { editDistance, typoCorrections } from './discovery.typos'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})
beforeEach(async () => {
  await t.reset()
})

const utcDaysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)
const scoreOf = async (userId: number) => {
  const [row] = await t.db.select().from(memberActivityScores).where(eq(memberActivityScores.userId, userId))
  return row?.score
}

describe('editDistance', () => {
  it.each([
    ['jonh', 'john', 1],
    ['jonh', 'jon', 1],
    ['jonh', 'jones', 2],
    ['smiht', 'smith', 1],
    ['kitten', 'sitting', 3],
    ['', 'abc', 3],
    ['same', 'same', 0],
  ])('%s → %s is %i', (a, b, expected) => {
    expect(editDistance(a, b)).toBe(expected)
  })

  it('stops early beyond the allowed distance', () => {
    expect(editDistance('kitten', 'sitting', 1)).toBe(2)
    expect(editDistance('a', 'abcdef', 2)).toBe(3)
  })
})

describe('search_terms dictionary', () => {
  it('holds the words of usernames, full names and titles, kept current on update', async () => {
    const member = await createMember(t.db, {
      username: 'j.doe42',
      fullName: 'Jane Doe',
      title: 'Staff Engineer',
    })
    const terms = async () => (await t.db.select().from(searchTerms)).map((r) => r.term)
    expect(await terms()).toEqual(expect.arrayContaining(['doe', 'jane', 'staff', 'engineer']))
    expect(await terms()).not.toContain('42')
    await t.db.update(users).set({ fullName: 'Jane Quimby' }).where(eq(users.id, member.id))
    expect(await terms()).toContain('quimby')
  })

  it('has trigram indexes without a pending list, so a search never reads a backlog of new members', async () => {
    const rows = await queryRows<{ name: string; options: string[] | null }>(
      t.db,
      sql`select c.relname as name, c.reloptions as options from pg_class c join pg_am a on a.oid = c.relam
          where a.amname = 'gin' and c.relname like '%trgm%' order by 1`,
    )
    expect(rows.map((r) => r.name)).toEqual([
      'search_terms_trgm_idx',
      'users_full_name_trgm_idx',
      'users_title_trgm_idx',
      'users_username_trgm_idx',
    ])
    for (const row of rows) expect(row.options).toContain('fastupdate=false')
  })

  it('proposes the closest spellings of a query that members use', async () => {
    await createMember(t.db, { username: 'jj', fullName: 'John Smith' })
    await createMember(t.db, { username: 'kk', fullName: 'Jones Smithers' })
    await createMember(t.db, { username: 'll', fullName: 'Jon Snow' })
    // A swap of two letters beats other single edits ('jon' is one letter off 'jonh' too).
    expect(await typoCorrections(t.db, 'jonh')).toEqual(['john'])
    expect(await typoCorrections(t.db, 'Jonh  Smiht')).toEqual(['john smith'])
    // Without a swap, every single edit, the closest in length first.
    expect(await typoCorrections(t.db, 'jonn')).toEqual(['john', 'jon'])
    // Nothing close: no correction at all rather than a wild guess.
    expect(await typoCorrections(t.db, 'xyzzy')).toEqual([])
    // The query itself is no correction.
    expect(await typoCorrections(t.db, 'john')).not.toContain('john')
  })
})

describe('activity scores', () => {
  it('gives every new member a score row', async () => {
    const member = await createMember(t.db)
    expect(await scoreOf(member.id)).toBe(0)
  })

  it('follows member_daily_activity inside the window only', async () => {
    const member = await createMember(t.db)
    await t.db.insert(memberDailyActivity).values([
      { userId: member.id, day: utcDaysAgo(0), count: 2 },
      { userId: member.id, day: utcDaysAgo(29), count: 3 },
      { userId: member.id, day: utcDaysAgo(30), count: 50 },
    ])
    expect(await scoreOf(member.id)).toBe(5)
    await t.db
      .update(memberDailyActivity)
      .set({ count: 7 })
      .where(
        sql`${memberDailyActivity.userId} = ${member.id} and ${memberDailyActivity.day} = ${utcDaysAgo(0)}`,
      )
    expect(await scoreOf(member.id)).toBe(10)
    await t.db
      .update(memberDailyActivity)
      .set({ count: 1 })
      .where(sql`${memberDailyActivity.day} = ${utcDaysAgo(30)}`)
    expect(await scoreOf(member.id)).toBe(10)
    await t.db.delete(memberDailyActivity).where(sql`${memberDailyActivity.day} = ${utcDaysAgo(29)}`)
    expect(await scoreOf(member.id)).toBe(7)
  })

  it('subtracts the days that leave the window when it slides', async () => {
    const member = await createMember(t.db)
    // As if the window had last moved five days ago.
    await t.db.insert(memberActivityWindow).values({ id: 1, windowStart: utcDaysAgo(34) })
    await t.db.insert(memberDailyActivity).values([
      { userId: member.id, day: utcDaysAgo(33), count: 4 },
      { userId: member.id, day: utcDaysAgo(30), count: 6 },
      { userId: member.id, day: utcDaysAgo(29), count: 1 },
      { userId: member.id, day: utcDaysAgo(1), count: 2 },
    ])
    expect(await scoreOf(member.id)).toBe(13)
    expect(await slideActivityWindow(t.db)).toBe(5)
    expect(await scoreOf(member.id)).toBe(3)
    // Sliding again the same day changes nothing.
    expect(await slideActivityWindow(t.db)).toBe(0)
    expect(await scoreOf(member.id)).toBe(3)
    const [window] = await t.db.select().from(memberActivityWindow)
    expect(window!.windowStart).toBe(utcDaysAgo(29))
  })
})

describe('hashtag search strategies', () => {
  /** A small world with common, medium and rare tags and distinct sort keys. */
  async function seedWorld() {
    const viewer = await createMember(t.db)
    const tagRows = await t.db
      .insert(hashtags)
      .values(['Common', 'Medium', 'Rare', 'Solo'].map((tag) => ({ tag, count: 0 })))
      .returning()
    const share = [0.8, 0.35, 0.08, 0.03]
    const held = new Map<number, Set<number>>()
    let seed = 7
    const random = () => ((seed = (seed * 16807) % 2147483647) - 1) / 2147483646
    for (let i = 0; i < 60; i++) {
      const member = await createMember(t.db, {
        reputationScore: Math.round(random() * 40) * 2.5,
        vouchCount: Math.floor(random() * 12),
      })
      await t.db
        .insert(memberDailyActivity)
        .values({ userId: member.id, day: utcDaysAgo(i % 40), count: 1 + (i % 7) })
      const mine = new Set(tagRows.filter((_, j) => random() < share[j]!).map((row) => row.id))
      held.set(member.id, mine)
      // Most members have a trust score (some of them 0); the others joined after the last recompute.
      if (i % 5 !== 0) {
        const trust = i % 7 === 0 ? 0 : random() / 100
        await t.db.insert(trustScores).values({
          userId: member.id,
          trust,
          score: trust * 60,
          percentile: 0,
          isSeed: false,
          sources: [],
          computedAt: new Date(),
        })
      }
      for (const hashtagId of mine) {
        await t.db.insert(memberHashtags).values({ userId: member.id, hashtagId, count: 1 })
        await t.db
          .update(hashtags)
          .set({ count: sql`${hashtags.count} + 1` })
          .where(eq(hashtags.id, hashtagId))
      }
    }
    return { viewer, tagRows, held }
  }

  /** The ranking computed the slow, obvious way. */
  async function bruteForce(
    viewerId: number,
    tagIds: number[],
    held: Map<number, Set<number>>,
    sort: TSearchSort,
  ) {
    const rows = await t.db
      .select({
        id: users.id,
        rep: users.reputationScore,
        vc: users.vouchCount,
        act: memberActivityScores.score,
        // A member the last trust recompute did not include comes after every one it did.
        trust: sql<number>`coalesce(${trustScores.trust}, -1)`,
      })
      .from(users)
      .innerJoin(memberActivityScores, eq(memberActivityScores.userId, users.id))
      .leftJoin(trustScores, eq(trustScores.userId, users.id))
    const keys: Record<TSearchSort, (r: (typeof rows)[number]) => number[]> = {
      reputation: (r) => [r.rep, r.vc, r.id],
      active: (r) => [r.vc, r.rep, r.id],
      recent: (r) => [r.act, r.id],
      trust: (r) => [r.trust, r.id],
    }
    const key = keys[sort]
    return rows
      .filter((r) => r.id !== viewerId)
      .map((r) => ({ ...r, mc: tagIds.filter((id) => held.get(r.id)?.has(id)).length }))
      .filter((r) => r.mc > 0)
      .sort((a, b) => {
        if (a.mc !== b.mc) return b.mc - a.mc
        const [ka, kb] = [key(a), key(b)]
        for (let i = 0; i < ka.length; i++) if (ka[i] !== kb[i]) return kb[i]! - ka[i]!
        return 0
      })
      .slice(0, 12)
      .map((r) => ({ id: r.id, matchCount: r.mc }))
  }

  it('answers the same ranking whichever strategy runs', async () => {
    const { viewer, tagRows, held } = await seedWorld()
    const queries = [
      ['Common', 'Medium'],
      ['Common', 'Medium', 'Rare'],
      ['Rare', 'Solo'],
      ['Common', 'Rare', 'Solo', 'Medium'],
    ]
    const tunings = [
      { aggregateMax: 1_000_000, walkMax: 1_000_000 }, // everything aggregated
      { aggregateMax: 0, walkMax: 1_000_000 }, // everything walked
      { aggregateMax: 6, walkMax: 1_000_000 }, // rare levels aggregated, the rest walked
      { aggregateMax: 6, walkMax: 5 }, // walks too short: exact fallback
    ]
    for (const tags of queries) {
      const tagIds = tags.map((tag) => tagRows.find((row) => row.tag === tag)!.id)
      for (const sort of SEARCH_SORTS) {
        const expected = await bruteForce(viewer.id, tagIds, held, sort)
        expect(expected.length).toBeGreaterThan(0)
        for (const tuning of tunings) {
          const cards = await searchMembersByHashtags(
            t.db,
            { tags: tags.map((tag) => tag.toLowerCase()), viewerId: viewer.id, sort, limit: 12 },
            tuning,
          )
          const hits = cards.map((card) => ({ id: card.id, matchCount: card.matchCount }))
          expect(hits, `${tags.join(',')} by ${sort} with ${JSON.stringify(tuning)}`).toEqual(expected)
          expect(cards.every((card) => card.totalHashtags === tags.length)).toBe(true)
        }
      }
    }
  })
})

describe('with endorsements made through the endorsement service', () => {
  it('finds the endorsed member by tag and by name, and counts the endorser as active', async () => {
    const alice = await createMember(t.db, { username: 'alice_e2e', fullName: 'Alice Adams' })
    const bob = await createMember(t.db, { username: 'bob_e2e', fullName: 'Robert Brown' })
    const viewer = await createMember(t.db)
    await createEndorsement(t.db, t.config, {
      from: alice,
      toUserId: bob.id,
      category: 'Technical Skills',
      note: 'Shipped the search',
      hashtags: ['PostgreSQL', 'Search'],
      contentUrl: undefined,
      contentType: undefined,
      isAnonymous: false,
    })

    const tagged = await t.inject(viewer, {
      method: 'GET',
      url: '/api/search?q=postgresql,search&type=hashtag',
    })
    expect(tagged.json()).toEqual([
      expect.objectContaining({
        username: 'bob_e2e',
        matchCount: 2,
        totalHashtags: 2,
        vouchCount: 1,
        topHashtags: expect.arrayContaining(['PostgreSQL', 'Search']),
      }),
    ])
    expect((await t.inject(viewer, { method: 'GET', url: '/api/search?q=robrt&type=user' })).json()).toEqual([
      expect.objectContaining({ username: 'bob_e2e' }),
    ])
    const popular = await t.inject(viewer, { method: 'GET', url: '/api/users/discover/popular' })
    expect(popular.json()[0]).toMatchObject({ username: 'bob_e2e', reputationScore: 12 })
    const recent = await t.inject(viewer, { method: 'GET', url: '/api/search?q=e2e&type=user&sort=recent' })
    expect(
      recent.json().map((c: { username: string; activityScore: number }) => [c.username, c.activityScore]),
    ).toEqual([
      ['alice_e2e', 1],
      ['bob_e2e', 0],
    ])
    const tags = await t.inject(viewer, { method: 'GET', url: '/api/hashtags/popular' })
    expect(
      tags
        .json()
        .map((h: { tag: string; count: number }) => [h.tag, h.count])
        .sort(),
    ).toEqual([
      ['PostgreSQL', 1],
      ['Search', 1],
    ])
  })
})
