import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { TUserCard } from '@vouched/shared/discovery'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createAdmin, createMember } from '../../../test/factories'
import { queryRows, type Db } from '../../db/client'
import { blocks, hashtags, memberDailyActivity, memberHashtags, users } from '../../db/schema/index'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})
// Popular lists and rankings are whole-database answers: every test starts from an empty one.
beforeEach(async () => {
  await t.reset()
})

type Member = Awaited<ReturnType<typeof createMember>>

/** Counters as the endorsement service keeps them: hashtags.count and member_hashtags together. */
async function receiveTags(db: Db, member: Member, tags: Record<string, number>) {
  for (const [tag, count] of Object.entries(tags)) {
    const [existing] = await db
      .update(hashtags)
      .set({ count: sql`${hashtags.count} + ${count}` })
      .where(sql`lower(${hashtags.tag}) = lower(${tag})`)
      .returning()
    const row = existing ?? (await db.insert(hashtags).values({ tag, count }).returning())[0]!
    await db.insert(memberHashtags).values({ userId: member.id, hashtagId: row.id, count })
  }
}

const setScores = (db: Db, member: Member, values: { reputationScore?: number; vouchCount?: number }) =>
  db
    .update(users)
    .set(values)
    .where(sql`${users.id} = ${member.id}`)

/** member_daily_activity counts UTC days. */
const daysAgo = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString().slice(0, 10)

const get = (member: Member, url: string) => t.inject(member, { method: 'GET', url })
const usernames = (cards: TUserCard[]) => cards.map((c) => c.username)
const search = async (viewer: Member, params: Record<string, string>) => {
  const res = await get(viewer, `/api/search?${new URLSearchParams(params)}`)
  expect(res.statusCode).toBe(200)
  return res.json() as TUserCard[]
}

describe('GET /api/users/discover/popular', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/users/discover/popular' })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' })
  })

  it('orders by reputation, then endorsements received, then newest', async () => {
    const viewer = await createMember(t.db)
    const low = await createMember(t.db, { username: 'low' })
    const older = await createMember(t.db, { username: 'older' })
    const newer = await createMember(t.db, { username: 'newer' })
    const endorsed = await createMember(t.db, { username: 'endorsed' })
    const top = await createMember(t.db, { username: 'top' })
    await setScores(t.db, low, { reputationScore: 5, vouchCount: 1 })
    await setScores(t.db, older, { reputationScore: 20, vouchCount: 2 })
    await setScores(t.db, newer, { reputationScore: 20, vouchCount: 2 })
    await setScores(t.db, endorsed, { reputationScore: 20, vouchCount: 3 })
    await setScores(t.db, top, { reputationScore: 37.5, vouchCount: 2 })

    const res = await get(viewer, '/api/users/discover/popular')
    expect(res.statusCode).toBe(200)
    expect(usernames(res.json())).toEqual(['top', 'endorsed', 'newer', 'older', 'low'])
  })

  it('never shows the viewer, admins or the user named admin', async () => {
    const viewer = await createMember(t.db, { username: 'viewer' })
    const flagged = await createAdmin(t.db, { username: 'moderator' })
    const named = await createMember(t.db, { username: 'Admin' })
    const regular = await createMember(t.db, { username: 'regular' })
    for (const m of [viewer, flagged, named, regular]) await setScores(t.db, m, { reputationScore: 10 })
    await setScores(t.db, viewer, { reputationScore: 99 })

    const cards = (await get(viewer, '/api/users/discover/popular')).json() as TUserCard[]
    expect(usernames(cards)).toEqual(['regular'])
    // And the admins see the same grid: the rule is about who is shown, not who asks.
    const asAdmin = (await get(flagged, '/api/users/discover/popular')).json() as TUserCard[]
    expect(usernames(asAdmin).sort()).toEqual(['regular', 'viewer'])
  })

  it('never shows a suspended member, nor anyone blocked either way', async () => {
    const viewer = await createMember(t.db)
    const suspended = await createMember(t.db, { username: 'suspended', suspendedAt: new Date() })
    const blockedByViewer = await createMember(t.db, { username: 'blocked_by_viewer' })
    const blockerOfViewer = await createMember(t.db, { username: 'blocker_of_viewer' })
    await createMember(t.db, { username: 'visible' })
    await t.db.insert(blocks).values([
      { blockerId: viewer.id, blockedId: blockedByViewer.id },
      { blockerId: blockerOfViewer.id, blockedId: viewer.id },
    ])
    for (const m of [suspended, blockedByViewer, blockerOfViewer]) {
      await setScores(t.db, m, { reputationScore: 50 })
      await receiveTags(t.db, m, { Hidden: 1 })
    }
    // With caches on, the popular list read by an earlier test is held until the app hears of these rows.
    await t.settle()
    expect(usernames((await get(viewer, '/api/users/discover/popular')).json())).toEqual(['visible'])
    expect(usernames(await search(viewer, { q: 'b', type: 'user' }))).toEqual([])
    expect(usernames(await search(viewer, { q: 'Hidden', type: 'hashtag' }))).toEqual([])
    // Someone else still finds them (blocks are between two members).
    const other = await createMember(t.db)
    expect(usernames(await search(other, { q: 'blocke', type: 'user' })).sort()).toEqual([
      'blocked_by_viewer',
      'blocker_of_viewer',
    ])
  })

  it('answers the card shape with top hashtags and the activity of the last 30 days', async () => {
    const viewer = await createMember(t.db)
    const member = await createMember(t.db, {
      username: 'carded',
      fullName: 'Card Holder',
      title: 'Engineer',
      isEmailVerified: true,
    })
    await setScores(t.db, member, { reputationScore: 12.5, vouchCount: 4 })
    await receiveTags(t.db, member, { TypeScript: 3, Testing: 1, Leadership: 5, Agile: 2 })
    await t.db.insert(memberDailyActivity).values([
      { userId: member.id, day: daysAgo(0), count: 2 },
      { userId: member.id, day: daysAgo(29), count: 3 },
      { userId: member.id, day: daysAgo(30), count: 100 },
    ])

    const [card] = (await get(viewer, '/api/users/discover/popular')).json() as TUserCard[]
    expect(card).toEqual({
      id: member.id,
      username: 'carded',
      fullName: 'Card Holder',
      title: 'Engineer',
      profilePicture: null,
      reputationScore: 12.5,
      topHashtags: ['Leadership', 'TypeScript', 'Agile'],
      matchCount: 0,
      totalHashtags: 0,
      isVerified: true,
      vouchCount: 4,
      activityScore: 5,
    })
    expect(card).not.toHaveProperty('email')
  })

  it('returns 12 by default and honours a limit up to 50', async () => {
    const viewer = await createMember(t.db)
    for (let i = 0; i < 55; i++) await createMember(t.db)
    expect((await get(viewer, '/api/users/discover/popular')).json()).toHaveLength(12)
    expect((await get(viewer, '/api/users/discover/popular?limit=3')).json()).toHaveLength(3)
    expect((await get(viewer, '/api/users/discover/popular?limit=50')).json()).toHaveLength(50)
  })

  it.each(['0', '51', '-1', '2.5', 'ten'])('refuses limit=%s with 400', async (limit) => {
    const viewer = await createMember(t.db)
    const res = await get(viewer, `/api/users/discover/popular?limit=${limit}`)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'limit' })
  })
})

describe('GET /api/hashtags/popular', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/hashtags/popular' })
    expect(res.statusCode).toBe(401)
  })

  it('lists used tags by count, 10 by default, up to 50', async () => {
    const viewer = await createMember(t.db)
    await t.db
      .insert(hashtags)
      .values([
        { tag: 'Unused', count: 0 },
        ...Array.from({ length: 60 }, (_, i) => ({ tag: `Tag${i}`, count: i + 1 })),
      ])
    const res = await get(viewer, '/api/hashtags/popular')
    expect(res.statusCode).toBe(200)
    const body = res.json() as { id: number; tag: string; count: number }[]
    expect(body).toHaveLength(10)
    expect(body[0]).toEqual({ id: expect.any(Number), tag: 'Tag59', count: 60 })
    expect(body.map((h) => h.count)).toEqual([60, 59, 58, 57, 56, 55, 54, 53, 52, 51])

    const all = (await get(viewer, '/api/hashtags/popular?limit=50')).json() as { tag: string }[]
    expect(all).toHaveLength(50)
    expect(all.map((h) => h.tag)).not.toContain('Unused')
    expect((await get(viewer, '/api/hashtags/popular?limit=51')).statusCode).toBe(400)
  })

  it('answers an empty list when nothing was tagged yet', async () => {
    const viewer = await createMember(t.db)
    await t.db.insert(hashtags).values({ tag: 'Orphan', count: 0 })
    expect((await get(viewer, '/api/hashtags/popular')).json()).toEqual([])
  })
})

describe('GET /api/search', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/search?q=john' })
    expect(res.statusCode).toBe(401)
    expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' })
  })

  it('answers [] to a blank query', async () => {
    const viewer = await createMember(t.db)
    await createMember(t.db, { username: 'someone' })
    expect(await search(viewer, { q: '' })).toEqual([])
    expect(await search(viewer, { q: '   ' })).toEqual([])
    expect((await get(viewer, '/api/search')).json()).toEqual([])
  })

  describe('by name', () => {
    it('matches username, full name or title ignoring case', async () => {
      const viewer = await createMember(t.db)
      await createMember(t.db, { username: 'jdoe', fullName: 'Jane Doe' })
      await createMember(t.db, { username: 'mk', fullName: 'Mark Kay', title: 'Staff DOE Engineer' })
      await createMember(t.db, { username: 'doerte', fullName: 'Dörte Lang' })
      await createMember(t.db, { username: 'unrelated', fullName: 'Nobody Here' })

      expect(usernames(await search(viewer, { q: 'JANE', type: 'user' }))).toEqual(['jdoe'])
      expect(usernames(await search(viewer, { q: 'doe', type: 'user' }))).toEqual(
        expect.arrayContaining(['jdoe', 'mk', 'doerte']),
      )
      expect(usernames(await search(viewer, { q: 'doe', type: 'user' }))).not.toContain('unrelated')
    })

    it('matches usernames with their punctuation, and texts no username could hold on names and titles', async () => {
      const viewer = await createMember(t.db)
      await createMember(t.db, { username: 'j_doe.dev', fullName: 'Jane Doe', title: 'Lead, Data & ML' })
      await createMember(t.db, { username: 'jxdoe', fullName: 'Other Person' })
      // '_' is a LIKE wildcard: escaped, it only matches itself.
      expect(usernames(await search(viewer, { q: 'j_do', type: 'user' }))).toEqual(['j_doe.dev'])
      expect(usernames(await search(viewer, { q: '_doe.d', type: 'user' }))).toEqual(['j_doe.dev'])
      expect(usernames(await search(viewer, { q: 'jane doe', type: 'user' }))).toEqual(['j_doe.dev'])
      expect(usernames(await search(viewer, { q: 'e do', type: 'user' }))).toEqual(['j_doe.dev'])
      expect(usernames(await search(viewer, { q: 'data & ml', type: 'user' }))).toEqual(['j_doe.dev'])
    })

    it("tolerates small typos: 'jonh' finds John", async () => {
      const viewer = await createMember(t.db)
      await createMember(t.db, { username: 'john', fullName: 'John Smith' })
      await createMember(t.db, { username: 'jsmith2', fullName: 'John Smithers' })
      await createMember(t.db, { username: 'zed', fullName: 'Zed Zulu' })
      const found = usernames(await search(viewer, { q: 'jonh', type: 'user' }))
      expect(found[0]).toBe('john')
      expect(found).toContain('jsmith2')
      expect(found).not.toContain('zed')
      // A typo in a full name too.
      expect(usernames(await search(viewer, { q: 'smiht', type: 'user' }))).toEqual(
        expect.arrayContaining(['john', 'jsmith2']),
      )
    })

    it('ranks exact matches, then prefixes, then substrings, then similar names', async () => {
      const viewer = await createMember(t.db)
      const similar = await createMember(t.db, { username: 'annna', fullName: 'Similar' })
      const substring = await createMember(t.db, { username: 'joanna', fullName: 'Substring' })
      const prefix = await createMember(t.db, { username: 'annabel', fullName: 'Prefix' })
      const exact = await createMember(t.db, { username: 'anna', fullName: 'Exact' })
      // Reputation would order them the other way round: the match quality wins.
      await setScores(t.db, similar, { reputationScore: 400 })
      await setScores(t.db, substring, { reputationScore: 300 })
      await setScores(t.db, prefix, { reputationScore: 200 })
      await setScores(t.db, exact, { reputationScore: 1 })
      expect(usernames(await search(viewer, { q: 'Anna', type: 'user' }))).toEqual([
        'anna',
        'annabel',
        'joanna',
        'annna',
      ])
    })

    it('breaks ties inside a match group with the chosen sort', async () => {
      const viewer = await createMember(t.db)
      const a = await createMember(t.db, { username: 'sam_a' })
      const b = await createMember(t.db, { username: 'sam_b' })
      const c = await createMember(t.db, { username: 'sam_c' })
      await setScores(t.db, a, { reputationScore: 30, vouchCount: 1 })
      await setScores(t.db, b, { reputationScore: 10, vouchCount: 9 })
      await setScores(t.db, c, { reputationScore: 20, vouchCount: 5 })
      await t.db.insert(memberDailyActivity).values([
        { userId: c.id, day: daysAgo(1), count: 7 },
        { userId: b.id, day: daysAgo(2), count: 3 },
        { userId: a.id, day: daysAgo(45), count: 50 },
      ])
      const q = { q: 'sam', type: 'user' }
      expect(usernames(await search(viewer, { ...q, sort: 'reputation' }))).toEqual([
        'sam_a',
        'sam_c',
        'sam_b',
      ])
      expect(usernames(await search(viewer, { ...q, sort: 'active' }))).toEqual(['sam_b', 'sam_c', 'sam_a'])
      expect(usernames(await search(viewer, { ...q, sort: 'recent' }))).toEqual(['sam_c', 'sam_b', 'sam_a'])
    })

    it('never returns the viewer, admins or the user named admin', async () => {
      const viewer = await createMember(t.db, { username: 'alex_viewer' })
      await createAdmin(t.db, { username: 'alex_admin' })
      await createMember(t.db, { username: 'admin', fullName: 'Alex Root' })
      await createMember(t.db, { username: 'alex_member' })
      expect(usernames(await search(viewer, { q: 'alex' }))).toEqual(['alex_member'])
    })

    it('keeps a stable order for equal members and answers at most 50', async () => {
      const viewer = await createMember(t.db)
      const ids: number[] = []
      for (let i = 0; i < 55; i++) ids.push((await createMember(t.db, { fullName: `Twin Member ${i}` })).id)
      const first = await search(viewer, { q: 'twin', type: 'user' })
      expect(first).toHaveLength(50)
      // Same score everywhere: newest first, by id.
      expect(first.map((c) => c.id)).toEqual([...ids].sort((x, y) => y - x).slice(0, 50))
      expect((await search(viewer, { q: 'twin', type: 'user' })).map((c) => c.id)).toEqual(
        first.map((c) => c.id),
      )
    })

    it('treats one or two letters as a prefix', async () => {
      const viewer = await createMember(t.db)
      await createMember(t.db, { username: 'bo', fullName: 'Bo Berg' })
      await createMember(t.db, { username: 'bobby' })
      await createMember(t.db, { username: 'rob' })
      expect(usernames(await search(viewer, { q: 'bo', type: 'user' }))).toEqual(['bo', 'bobby'])
    })
  })

  describe('by hashtag', () => {
    it('finds members who received a tag, ignoring case and a leading #', async () => {
      const viewer = await createMember(t.db)
      const holder = await createMember(t.db, { username: 'holder' })
      const other = await createMember(t.db, { username: 'other' })
      await receiveTags(t.db, holder, { ReactJS: 2 })
      await receiveTags(t.db, other, { NodeJS: 1 })
      const cards = await search(viewer, { q: '#reactjs', type: 'hashtag' })
      expect(usernames(cards)).toEqual(['holder'])
      expect(cards[0]).toMatchObject({ matchCount: 1, totalHashtags: 1, topHashtags: ['ReactJS'] })
    })

    it('ranks 2 of 2 matches above 1 of 2 whatever the reputation', async () => {
      const viewer = await createMember(t.db)
      const both = await createMember(t.db, { username: 'both' })
      const onlyReact = await createMember(t.db, { username: 'only_react' })
      const onlyNode = await createMember(t.db, { username: 'only_node' })
      await setScores(t.db, both, { reputationScore: 1 })
      await setScores(t.db, onlyReact, { reputationScore: 500 })
      await setScores(t.db, onlyNode, { reputationScore: 250 })
      await receiveTags(t.db, both, { ReactJS: 1, NodeJS: 1 })
      await receiveTags(t.db, onlyReact, { ReactJS: 9 })
      await receiveTags(t.db, onlyNode, { NodeJS: 9, CSS: 4 })

      const cards = await search(viewer, { q: 'ReactJS, nodejs', type: 'hashtag' })
      expect(cards.map((c) => [c.username, c.matchCount, c.totalHashtags])).toEqual([
        ['both', 2, 2],
        ['only_react', 1, 2],
        ['only_node', 1, 2],
      ])
    })

    it('counts an unknown tag in the total and a repeated one once', async () => {
      const viewer = await createMember(t.db)
      const holder = await createMember(t.db, { username: 'holder' })
      await receiveTags(t.db, holder, { Scrum: 1 })
      const cards = await search(viewer, { q: 'Scrum,NoSuchTag,scrum,,', type: 'hashtag' })
      expect(cards.map((c) => [c.username, c.matchCount, c.totalHashtags])).toEqual([['holder', 1, 2]])
    })

    it.each([
      ['reputation', ['rep', 'act', 'rec']],
      ['active', ['act', 'rec', 'rep']],
      ['recent', ['rec', 'rep', 'act']],
    ])('orders equal matches by sort=%s', async (sort, expected) => {
      const viewer = await createMember(t.db)
      const rep = await createMember(t.db, { username: 'rep' })
      const act = await createMember(t.db, { username: 'act' })
      const rec = await createMember(t.db, { username: 'rec' })
      await setScores(t.db, rep, { reputationScore: 90, vouchCount: 2 })
      await setScores(t.db, act, { reputationScore: 50, vouchCount: 8 })
      await setScores(t.db, rec, { reputationScore: 10, vouchCount: 5 })
      await t.db.insert(memberDailyActivity).values([
        { userId: rec.id, day: daysAgo(3), count: 6 },
        { userId: rep.id, day: daysAgo(10), count: 2 },
      ])
      for (const m of [rep, act, rec]) await receiveTags(t.db, m, { DevOps: 1 })
      expect(usernames(await search(viewer, { q: 'DevOps', type: 'hashtag', sort }))).toEqual(expected)
    })

    it('never returns the viewer, admins or the user named admin', async () => {
      const viewer = await createMember(t.db)
      const admin = await createAdmin(t.db)
      const named = await createMember(t.db, { username: 'ADMIN' })
      const member = await createMember(t.db, { username: 'tagged' })
      for (const m of [viewer, admin, named, member]) await receiveTags(t.db, m, { Mentorship: 1 })
      expect(usernames(await search(viewer, { q: 'Mentorship', type: 'hashtag' }))).toEqual(['tagged'])
    })

    it('refuses more than 10 tags at once', async () => {
      const viewer = await createMember(t.db)
      const q = Array.from({ length: 11 }, (_, i) => `t${i}`).join(',')
      const res = await get(viewer, `/api/search?${new URLSearchParams({ q, type: 'hashtag' })}`)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code: 'TOO_MANY_HASHTAGS', field: 'q' })
    })
  })

  describe('without a type', () => {
    it('merges name and hashtag matches without duplicates', async () => {
      const viewer = await createMember(t.db)
      const named = await createMember(t.db, { username: 'agile_anna' })
      const tagged = await createMember(t.db, { username: 'scrum_master' })
      const both = await createMember(t.db, { username: 'agile' })
      await receiveTags(t.db, tagged, { Agile: 3 })
      await receiveTags(t.db, both, { Agile: 1 })
      const cards = await search(viewer, { q: 'agile' })
      expect(usernames(cards)).toEqual(['agile', 'agile_anna', 'scrum_master'])
      expect(cards.find((c) => c.username === 'agile')).toMatchObject({ matchCount: 1, totalHashtags: 1 })
      expect(cards.find((c) => c.username === 'agile_anna')).toMatchObject({
        matchCount: 0,
        totalHashtags: 0,
      })
      expect(new Set(cards.map((c) => c.id)).size).toBe(cards.length)
      void named
    })

    it('reads a comma list as hashtags only', async () => {
      const viewer = await createMember(t.db)
      await createMember(t.db, { username: 'css_fan' })
      const holder = await createMember(t.db, { username: 'holder' })
      await receiveTags(t.db, holder, { CSS: 1, HTML: 1 })
      const cards = await search(viewer, { q: 'css, html' })
      expect(cards.map((c) => [c.username, c.matchCount, c.totalHashtags])).toEqual([['holder', 2, 2]])
    })
  })

  describe('input it must survive', () => {
    it.each([
      "'; drop table users; --",
      "' or 1=1 --",
      '%',
      '_',
      '\\',
      '%_%',
      'Robert"); DELETE FROM users;',
      '(select 1)',
      ',,,',
      '#',
      'ünïcödé 名前 🙂',
    ])('answers %j with results, never 500', async (q) => {
      const viewer = await createMember(t.db)
      await createMember(t.db, { username: 'bystander', fullName: 'Percent 100% Sure' })
      for (const type of ['', 'user', 'hashtag']) {
        const res = await get(viewer, `/api/search?${new URLSearchParams({ q, type })}`)
        expect(res.statusCode).toBe(200)
        expect(Array.isArray(res.json())).toBe(true)
      }
      const [row] = await queryRows<{ count: number }>(t.db, sql`select count(*)::int as count from users`)
      expect(row!.count).toBe(2)
    })

    it('treats wildcards literally', async () => {
      const viewer = await createMember(t.db)
      await createMember(t.db, { username: 'percent', fullName: 'Percent 100% Sure' })
      await createMember(t.db, { username: 'plain', fullName: 'Plain Person' })
      expect(usernames(await search(viewer, { q: '100%', type: 'user' }))).toEqual(['percent'])
      // A lone '%' is a character to look for, not "everyone".
      expect(usernames(await search(viewer, { q: '%', type: 'user' }))).toEqual([])
    })

    it('accepts 100 characters and refuses 101 with 400', async () => {
      const viewer = await createMember(t.db)
      expect((await get(viewer, `/api/search?q=${'a'.repeat(100)}`)).statusCode).toBe(200)
      const res = await get(viewer, `/api/search?q=${'a'.repeat(101)}`)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'q' })
      const huge = await get(viewer, `/api/search?q=${'x'.repeat(5000)}`)
      expect(huge.statusCode).toBe(400)
    })

    it.each([
      ['type', 'people'],
      ['sort', 'newest'],
      ['sort', 'REPUTATION'],
    ])('refuses %s=%s with 400', async (key, value) => {
      const viewer = await createMember(t.db)
      const res = await get(viewer, `/api/search?q=x&${key}=${value}`)
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: key })
    })

    it('accepts an empty type and sort as "not chosen"', async () => {
      const viewer = await createMember(t.db)
      await createMember(t.db, { username: 'findme' })
      expect(usernames(await search(viewer, { q: 'findme', type: '', sort: '' }))).toEqual(['findme'])
      expect(usernames(await search(viewer, { q: 'findme', type: 'all' }))).toEqual(['findme'])
    })

    it('leaves the settings of the connection untouched', async () => {
      const viewer = await createMember(t.db)
      const settings = () =>
        queryRows<{ limit: number; seqscan: string; workers: string }>(
          t.db,
          sql`select show_limit() as limit, current_setting('enable_seqscan') as seqscan,
                current_setting('max_parallel_workers_per_gather') as workers`,
        )
      const before = await settings()
      await search(viewer, { q: 'jonh', type: 'user' })
      const after = await settings()
      expect(after).toEqual(before)
      expect(after[0]!.limit).toBeCloseTo(0.3)
      expect(after[0]!.seqscan).toBe('on')
    })
  })
})
