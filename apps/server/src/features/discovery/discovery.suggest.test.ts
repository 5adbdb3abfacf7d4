import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { TSearchSuggestions, TUserCard } from '@vouched/shared/discovery'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createAdmin, createMember } from '../../../test/factories'
import { blocks, hashtags, memberHashtags } from '../../db/schema/index'

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

type Member = Awaited<ReturnType<typeof createMember>>

/** Counters as the endorsement service keeps them: hashtags.count and member_hashtags together. */
async function receiveTags(member: Member, tags: Record<string, number>) {
  for (const [tag, count] of Object.entries(tags)) {
    const [existing] = await t.db
      .update(hashtags)
      .set({ count: sql`${hashtags.count} + ${count}` })
      .where(sql`lower(${hashtags.tag}) = lower(${tag})`)
      .returning()
    const row = existing ?? (await t.db.insert(hashtags).values({ tag, count }).returning())[0]!
    await t.db.insert(memberHashtags).values({ userId: member.id, hashtagId: row.id, count })
  }
}

const suggest = async (viewer: Member, q: string) => {
  const res = await t.inject(viewer, { method: 'GET', url: `/api/search/suggest?q=${encodeURIComponent(q)}` })
  expect(res.statusCode).toBe(200)
  return res.json() as TSearchSuggestions
}

describe('GET /api/search/suggest', () => {
  it('answers 401 without a session, whatever the query', async () => {
    for (const url of ['/api/search/suggest?q=ann', '/api/search/suggest']) {
      const res = await t.app.inject({ method: 'GET', url })
      expect(res.statusCode).toBe(401)
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' })
    }
  })

  it.each([
    ['a missing text', ''],
    ['a blank text', '?q=%20%20'],
    ['101 characters', `?q=${'a'.repeat(101)}`],
  ])('refuses %s with 400 naming q', async (_, query) => {
    const viewer = await createMember(t.db)
    const res = await t.inject(viewer, { method: 'GET', url: `/api/search/suggest${query}` })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field: 'q' })
  })

  it('suggests up to 5 members by name, best match first, and up to 5 tags by use', async () => {
    const viewer = await createMember(t.db)
    const exact = await createMember(t.db, { username: 'ann', fullName: 'Ann Example', title: 'CTO' })
    for (let i = 0; i < 6; i++) {
      await createMember(t.db, { username: `annabel${i}`, reputationScore: 10 + i })
    }
    for (const [i, tag] of ['Annotations', 'AnnualPlanning', 'Anns', 'Annex', 'Annals', 'Annoy'].entries()) {
      await receiveTags(exact, { [tag]: i + 1 })
    }
    await receiveTags(exact, { Banner: 50 })

    const found = await suggest(viewer, 'Ann')
    expect(found.users).toHaveLength(5)
    expect(found.users[0]).toEqual({
      id: exact.id,
      username: 'ann',
      fullName: 'Ann Example',
      title: 'CTO',
      profilePicture: null,
      isVerified: false,
    })
    // The prefix group follows, highest reputation first.
    expect(found.users.slice(1).map((u) => u.username)).toEqual([
      'annabel5',
      'annabel4',
      'annabel3',
      'annabel2',
    ])
    expect(found.hashtags.map((h) => [h.tag, h.count])).toEqual([
      ['Annoy', 6],
      ['Annals', 5],
      ['Annex', 4],
      ['Anns', 3],
      ['AnnualPlanning', 2],
    ])
  })

  it('never suggests the viewer, admins, suspended members nor anyone blocked either way', async () => {
    const viewer = await createMember(t.db, { username: 'zed_viewer' })
    await createAdmin(t.db, { username: 'zed_admin' })
    await createMember(t.db, { username: 'zed_suspended', suspendedAt: new Date() })
    const blocked = await createMember(t.db, { username: 'zed_blocked' })
    const blocker = await createMember(t.db, { username: 'zed_blocker' })
    await createMember(t.db, { username: 'zed_visible' })
    await t.db.insert(blocks).values([
      { blockerId: viewer.id, blockedId: blocked.id },
      { blockerId: blocker.id, blockedId: viewer.id },
    ])
    expect((await suggest(viewer, 'zed')).users.map((u) => u.username)).toEqual(['zed_visible'])
    // Blocks are between two members: someone else still sees both.
    const other = await createMember(t.db)
    expect((await suggest(other, 'zed_block')).users.map((u) => u.username).sort()).toEqual([
      'zed_blocked',
      'zed_blocker',
    ])
  })

  it("reads a leading '#' as tags only, ignores case and tags no endorsement carries any more", async () => {
    const viewer = await createMember(t.db)
    const holder = await createMember(t.db, { username: 'rusty' })
    await receiveTags(holder, { Rust: 2 })
    await t.db.insert(hashtags).values({ tag: 'RustBelt', count: 0 })
    const found = await suggest(viewer, '#rus')
    expect(found.users).toEqual([])
    expect(found.hashtags.map((h) => h.tag)).toEqual(['Rust'])
    expect((await suggest(viewer, 'rus')).users.map((u) => u.username)).toEqual(['rusty'])
  })

  it('treats LIKE wildcards literally', async () => {
    const viewer = await createMember(t.db)
    const holder = await createMember(t.db)
    await receiveTags(holder, { C_Sharp: 1, CSS: 1 })
    expect((await suggest(viewer, '#c_')).hashtags.map((h) => h.tag)).toEqual(['C_Sharp'])
    expect((await suggest(viewer, '%')).hashtags).toEqual([])
  })
})

describe('GET /api/search: why a member matched', () => {
  const search = async (viewer: Member, params: Record<string, string>) => {
    const res = await t.inject(viewer, { method: 'GET', url: `/api/search?${new URLSearchParams(params)}` })
    expect(res.statusCode).toBe(200)
    return res.json() as TUserCard[]
  }

  it('lists the searched tags each member received with their counts, most endorsed first', async () => {
    const viewer = await createMember(t.db)
    const both = await createMember(t.db, { username: 'both' })
    const one = await createMember(t.db, { username: 'one' })
    await receiveTags(both, { ReactJS: 2, NodeJS: 7, Go: 9 })
    await receiveTags(one, { reactjs: 3 })

    const cards = await search(viewer, { q: 'reactjs, NodeJS, Elm', type: 'hashtag' })
    expect(cards.map((c) => [c.username, c.matchedHashtags])).toEqual([
      [
        'both',
        [
          { tag: 'NodeJS', count: 7 },
          { tag: 'ReactJS', count: 2 },
        ],
      ],
      ['one', [{ tag: 'ReactJS', count: 3 }]],
    ])
    // Without a type, a tag search carries them too; a name search does not.
    const [merged] = await search(viewer, { q: '#NodeJS' })
    expect(merged!.matchedHashtags).toEqual([{ tag: 'NodeJS', count: 7 }])
    const [byName] = await search(viewer, { q: 'both', type: 'user' })
    expect(byName).not.toHaveProperty('matchedHashtags')
  })

  it('keeps them on a member a search finds by name and by tag', async () => {
    const viewer = await createMember(t.db)
    const member = await createMember(t.db, { username: 'kotlin' })
    await receiveTags(member, { Kotlin: 4 })
    const [card] = await search(viewer, { q: 'kotlin' })
    expect(card).toMatchObject({ username: 'kotlin', matchedHashtags: [{ tag: 'Kotlin', count: 4 }] })
  })
})
