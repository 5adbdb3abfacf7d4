import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { TUserCard } from '@vouched/shared/discovery'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { eventually } from '../../../test/eventually'
import { createMember, endorse } from '../../../test/factories'
import { handInvalidation } from '../../../test/hand-invalidation'
import { createBlockSets } from '../blocks/blocks.queries'
import { blocks, hashtags, memberHashtags, users } from '../../db/schema/index'
import { createSearchResults } from './discovery.search-results'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ sessionCacheSize: 1000, searchCacheSize: 100 })
})
afterAll(async () => {
  await t.close()
})
beforeEach(async () => {
  await t.reset()
})

type Member = Awaited<ReturnType<typeof createMember>>

type Query = { q: string; type?: 'user' | 'hashtag'; sort?: 'reputation' | 'recent' | 'active' }

async function searchAs(viewer: Member, query: Query, app: FastifyInstance = t.app) {
  const params = new URLSearchParams({ sort: 'reputation', ...query })
  const res = await app.inject({
    method: 'GET',
    url: `/api/search?${params.toString()}`,
    headers: { cookie: await t.cookieFor(viewer) },
  })
  expect(res.statusCode).toBe(200)
  return res.json() as TUserCard[]
}
const usernames = (cards: TUserCard[]) => cards.map((card) => card.username)

/** Members whose names start with `prefix`, ranked by reputation: the first has the highest score. */
async function ranked(prefix: string, count: number) {
  const members: Member[] = []
  for (let i = 0; i < count; i++) {
    members.push(
      await createMember(t.db, {
        username: `${prefix}_${i}`,
        fullName: `Pat ${prefix}`,
        reputationScore: 1000 - i,
      }),
    )
  }
  return members
}

describe('searches from memory', () => {
  it('answers a repeated search from what it holds until a member changes, on every instance', async () => {
    const other = await t.otherInstance()
    const viewer = await createMember(t.db)
    const [first] = await ranked('smith', 3)
    for (const app of [t.app, other]) {
      expect(usernames(await searchAs(viewer, { q: 'smith' }, app))).toEqual([
        'smith_0',
        'smith_1',
        'smith_2',
      ])
    }
    // Tags alone change no member's row: both instances keep answering what they hold.
    const [tag] = await t.db.insert(hashtags).values({ tag: 'Kept', count: 1 }).returning()
    await t.db.insert(memberHashtags).values({ userId: first!.id, hashtagId: tag!.id, count: 1 })
    for (const app of [t.app, other]) {
      expect((await searchAs(viewer, { q: 'smith' }, app))[0]!.topHashtags).toEqual([])
    }
    // A score moves a row: both read the search again, tags included.
    await t.db.update(users).set({ reputationScore: 1 }).where(eq(users.id, first!.id))
    for (const app of [t.app, other]) {
      await eventually(async () => {
        const cards = await searchAs(viewer, { q: 'smith' }, app)
        expect(usernames(cards)).toEqual(['smith_1', 'smith_2', 'smith_0'])
        expect(cards[2]!.topHashtags).toEqual(['Kept'])
      })
    }
  })

  it('finds a member who just joined, and drops one suspended or renamed', async () => {
    const viewer = await createMember(t.db)
    const [first, second] = await ranked('jones', 2)
    expect(usernames(await searchAs(viewer, { q: 'jones' }))).toEqual(['jones_0', 'jones_1'])
    await createMember(t.db, { username: 'jones_new', reputationScore: 5000 })
    await eventually(async () =>
      expect(usernames(await searchAs(viewer, { q: 'jones' }))).toEqual(['jones_new', 'jones_0', 'jones_1']),
    )
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, first!.id))
    await t.db
      .update(users)
      .set({ username: 'renamed', fullName: 'Someone Else' })
      .where(eq(users.id, second!.id))
    await eventually(async () =>
      expect(usernames(await searchAs(viewer, { q: 'jones' }))).toEqual(['jones_new']),
    )
  })

  it('finds a member by a tag they just received, through the app, on every instance', async () => {
    const other = await t.otherInstance()
    const [viewer, giver, bob] = await Promise.all([
      createMember(t.db),
      createMember(t.db),
      createMember(t.db),
    ])
    for (const app of [t.app, other]) {
      expect(await searchAs(viewer, { q: '#Rustacean', type: 'hashtag' }, app)).toEqual([])
    }
    await endorse(t, giver, bob, { category: 'Teamwork', hashtags: ['Rustacean'] })
    for (const app of [t.app, other]) {
      await eventually(async () => {
        const cards = await searchAs(viewer, { q: '#Rustacean', type: 'hashtag' }, app)
        expect(cards).toMatchObject([{ username: bob.username, matchCount: 1, totalHashtags: 1 }])
      })
    }
  })

  it("cuts each viewer's answer: never themselves, never anyone blocked either way", async () => {
    const [top, second, third] = await ranked('lee', 4)
    expect(usernames(await searchAs(top!, { q: 'lee' }))).toEqual(['lee_1', 'lee_2', 'lee_3'])
    expect(usernames(await searchAs(third!, { q: 'lee' }))).toEqual(['lee_0', 'lee_1', 'lee_3'])
    const res = await t.inject(top!, { method: 'POST', url: `/api/blocks/${second!.id}` })
    expect(res.statusCode).toBe(201)
    expect(usernames(await searchAs(top!, { q: 'lee' }))).toEqual(['lee_2', 'lee_3'])
    await eventually(async () =>
      expect(usernames(await searchAs(second!, { q: 'lee' }))).toEqual(['lee_2', 'lee_3']),
    )
    expect(usernames(await searchAs(third!, { q: 'lee' }))).toEqual(['lee_0', 'lee_1', 'lee_3'])
  })

  it('reads the search for the viewer alone when their blocks cut into what is held', async () => {
    const members = await ranked('many', 80)
    const viewer = await createMember(t.db)
    // Blocks among the very top: more than the held list has room for beyond 50.
    await t.db
      .insert(blocks)
      .values(members.slice(0, 20).map((m) => ({ blockerId: viewer.id, blockedId: m.id })))
    await eventually(async () =>
      expect(usernames(await searchAs(viewer, { q: 'many' }))).toEqual(
        members.slice(20, 70).map((m) => m.username),
      ),
    )
    // A viewer with fewer blocks is cut from the held list.
    const other = await createMember(t.db)
    await t.db
      .insert(blocks)
      .values(members.slice(0, 5).map((m) => ({ blockerId: m.id, blockedId: other.id })))
    await eventually(async () =>
      expect(usernames(await searchAs(other, { q: 'many' }))).toEqual(
        members.slice(5, 55).map((m) => m.username),
      ),
    )
  })

  it('answers each viewer exactly what the database answers: names, typos, tags, both, every sort', async () => {
    const fresh = await t.otherInstance({ searchCacheSize: 0 })
    const people = [
      await createMember(t.db, { username: 'john_doe', fullName: 'John Doe', reputationScore: 40 }),
      await createMember(t.db, { username: 'johnny', fullName: 'Johnny Cash', reputationScore: 90 }),
      await createMember(t.db, { username: 'jon_smith', fullName: 'Jon Smith', title: 'Rust engineer' }),
      await createMember(t.db, { username: 'ann_rust', fullName: 'Ann Rustova', reputationScore: 70 }),
      await createMember(t.db, { username: 'rustacean', fullName: 'Ray Crab', vouchCount: 9 }),
    ]
    const [giver, viewer] = [await createMember(t.db), await createMember(t.db)]
    await endorse(t, giver, people[0]!, { category: 'Teamwork', hashtags: ['Rust', 'Go'] })
    await endorse(t, giver, people[2]!, { category: 'Teamwork', hashtags: ['Rust'] })
    await endorse(t, viewer, people[4]!, { category: 'Teamwork', hashtags: ['Go'] })
    const blocked = await t.inject(viewer, { method: 'POST', url: `/api/blocks/${people[1]!.id}` })
    expect(blocked.statusCode).toBe(201)
    const queries: Query[] = [
      { q: 'john' },
      { q: 'jonh', type: 'user' },
      { q: 'rust' },
      { q: 'Rust,Go', type: 'hashtag' },
      { q: '#go' },
      { q: 'rust', sort: 'active' },
      { q: 'john', sort: 'recent' },
    ]
    for (const who of [viewer, giver, ...people]) {
      for (const query of queries) {
        await eventually(async () =>
          expect(await searchAs(who, query)).toEqual(await searchAs(who, query, fresh)),
        )
      }
    }
  })

  it('still refuses too many tags, and answers a blank text with nothing', async () => {
    const viewer = await createMember(t.db)
    const res = await t.inject(viewer, {
      method: 'GET',
      url: `/api/search?q=${encodeURIComponent('a,b,c,d,e,f,g,h,i,j,k')}&type=hashtag`,
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'TOO_MANY_HASHTAGS', field: 'q' })
    expect(await searchAs(viewer, { q: '   ' })).toEqual([])
  })
})

describe('searches held by one instance, as the invalidation channel tells them', () => {
  async function searchesOn() {
    const hand = handInvalidation()
    const { db, statements } = t.countingDb()
    const searches = createSearchResults(
      db,
      hand.invalidation,
      createBlockSets(db, hand.invalidation, 100),
      2,
    )
    const run = async (viewer: Member, q: string) =>
      (await searches.search({ viewerId: viewer.id, q, sort: 'reputation' })).cards
    const reads = () => statements.filter((query) => query.includes('from users u')).length
    return { ...hand, run, reads }
  }

  it('reads a search once, again after any change, and shares a read among searches arriving together', async () => {
    const { run, reads, tell } = await searchesOn()
    await ranked('kim', 2)
    const viewers = await Promise.all([createMember(t.db), createMember(t.db), createMember(t.db)])
    const answers = await Promise.all(viewers.map((viewer) => run(viewer, 'kim')))
    expect(answers.map(usernames)).toEqual(viewers.map(() => ['kim_0', 'kim_1']))
    const once = reads()
    expect(once).toBeGreaterThan(0)
    await run(viewers[0]!, 'kim')
    expect(reads()).toBe(once)
    tell({ kind: 'endorsement', ids: [viewers[0]!.id] })
    await run(viewers[0]!, 'kim')
    expect(reads()).toBe(once * 2)
  })

  it('writes one answer for all the viewers who leave out the same members', async () => {
    const hand = handInvalidation()
    const searches = createSearchResults(
      t.db,
      hand.invalidation,
      createBlockSets(t.db, hand.invalidation, 100),
      2,
    )
    const [first] = await ranked('kim', 2)
    const [ann, bob] = [await createMember(t.db), await createMember(t.db)]
    const answerFor = (viewer: Member) =>
      searches.search({ viewerId: viewer.id, q: 'kim', sort: 'reputation' })
    const shared = await answerFor(ann)
    expect(await answerFor(bob)).toBe(shared)
    expect(JSON.parse(shared.json)).toEqual(shared.cards)
    expect(usernames(shared.cards)).toEqual(['kim_0', 'kim_1'])
    const own = await answerFor(first!)
    expect(own).not.toBe(shared)
    expect(usernames(JSON.parse(own.json) as TUserCard[])).toEqual(['kim_1'])
    // Whoever leaves out the same member gets the same answer.
    const cy = await createMember(t.db)
    await t.db.insert(blocks).values({ blockerId: first!.id, blockedId: cy.id })
    expect(await answerFor(cy)).toBe(own)
  })

  it('keeps the most recently read searches up to its size, and none while changes are not heard', async () => {
    const { run, reads, setLive, tell } = await searchesOn()
    const viewer = await createMember(t.db)
    await ranked('kim', 1)
    for (const q of ['kim', 'pat', 'kim', 'lee']) await run(viewer, q)
    const held = reads()
    await run(viewer, 'kim')
    expect(reads()).toBe(held)
    await run(viewer, 'pat')
    expect(reads()).toBeGreaterThan(held)

    tell({ kind: 'member', ids: 'all' })
    setLive(false)
    const before = reads()
    await run(viewer, 'kim')
    const one = reads() - before
    expect(one).toBeGreaterThan(0)
    await run(viewer, 'kim')
    expect(reads() - before).toBe(2 * one)
  })
})
