import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { TUserCard } from '@vouched/shared/discovery'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { eventually } from '../../../test/eventually'
import { createMember } from '../../../test/factories'
import { blocks, hashtags, memberHashtags, users } from '../../db/schema/index'
import { createPopularMembers } from './discovery.popular'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ sessionCacheSize: 1000 })
})
afterAll(async () => {
  await t.close()
})
beforeEach(async () => {
  await t.reset()
})

type Member = Awaited<ReturnType<typeof createMember>>

async function popular(viewer: Member, app: FastifyInstance = t.app, limit = 12) {
  const cookie = await t.cookieFor(viewer)
  const res = await app.inject({
    method: 'GET',
    url: `/api/users/discover/popular?limit=${limit}`,
    headers: { cookie },
  })
  expect(res.statusCode).toBe(200)
  return res.json() as TUserCard[]
}
const usernames = (cards: TUserCard[]) => cards.map((card) => card.username)

/** Members ranked by reputation: the first has the highest score. */
async function ranked(count: number) {
  const members: Member[] = []
  for (let i = 0; i < count; i++) {
    members.push(await createMember(t.db, { username: `ranked_${i}`, reputationScore: 1000 - i }))
  }
  return members
}

describe('popular members from memory', () => {
  it('serves the list from memory until a member changes, on every instance', async () => {
    const other = await t.otherInstance()
    const viewer = await createMember(t.db)
    const [first] = await ranked(3)
    expect(usernames(await popular(viewer))).toEqual(['ranked_0', 'ranked_1', 'ranked_2'])
    expect(usernames(await popular(viewer, other))).toEqual(['ranked_0', 'ranked_1', 'ranked_2'])
    // Tags alone change no member's row: both instances keep answering what they hold.
    const [tag] = await t.db.insert(hashtags).values({ tag: 'Kept', count: 1 }).returning()
    await t.db.insert(memberHashtags).values({ userId: first!.id, hashtagId: tag!.id, count: 1 })
    expect((await popular(viewer))[0]!.topHashtags).toEqual([])
    expect((await popular(viewer, other))[0]!.topHashtags).toEqual([])
    // A score moves a row: both read the list again, tags included.
    await t.db.update(users).set({ reputationScore: 1 }).where(eq(users.id, first!.id))
    for (const app of [t.app, other]) {
      await eventually(async () => {
        const cards = await popular(viewer, app)
        expect(usernames(cards)).toEqual(['ranked_1', 'ranked_2', 'ranked_0'])
        expect(cards[2]!.topHashtags).toEqual(['Kept'])
      })
    }
  })

  it('drops a suspended or deleted member', async () => {
    const viewer = await createMember(t.db)
    const [first, second] = await ranked(3)
    await popular(viewer)
    await t.db.update(users).set({ suspendedAt: new Date() }).where(eq(users.id, first!.id))
    await t.db.delete(users).where(eq(users.id, second!.id))
    await eventually(async () => expect(usernames(await popular(viewer))).toEqual(['ranked_2']))
  })

  it("cuts each viewer's list: never themselves, never anyone blocked either way", async () => {
    const other = await t.otherInstance()
    const [top, second, third] = await ranked(4)
    expect(usernames(await popular(top!))).toEqual(['ranked_1', 'ranked_2', 'ranked_3'])
    expect(usernames(await popular(third!))).toEqual(['ranked_0', 'ranked_1', 'ranked_3'])
    // Blocked through the app: the blocker's very next list leaves them out on this instance.
    const res = await t.inject(top!, { method: 'POST', url: `/api/blocks/${second!.id}` })
    expect(res.statusCode).toBe(201)
    expect(usernames(await popular(top!))).toEqual(['ranked_2', 'ranked_3'])
    // The blocked member and the other instance hear of it from the database.
    await eventually(async () => expect(usernames(await popular(second!))).toEqual(['ranked_2', 'ranked_3']))
    await eventually(async () =>
      expect(usernames(await popular(top!, other))).toEqual(['ranked_2', 'ranked_3']),
    )
    expect(usernames(await popular(third!))).toEqual(['ranked_0', 'ranked_1', 'ranked_3'])
    // Lifted behind the app: everyone sees both again.
    await t.db.delete(blocks).where(eq(blocks.blockerId, top!.id))
    await eventually(async () =>
      expect(usernames(await popular(second!))).toEqual(['ranked_0', 'ranked_2', 'ranked_3']),
    )
    await eventually(async () =>
      expect(usernames(await popular(top!))).toEqual(['ranked_1', 'ranked_2', 'ranked_3']),
    )
  })

  it('reads the list for the viewer alone when their blocks empty the shared one', async () => {
    const members = await ranked(80)
    const viewer = await createMember(t.db)
    // Blocks among the very top: more than the shared list has room for beyond 50.
    await t.db
      .insert(blocks)
      .values(members.slice(0, 20).map((m) => ({ blockerId: viewer.id, blockedId: m.id })))
    await eventually(async () => {
      const cards = await popular(viewer, t.app, 50)
      expect(usernames(cards)).toEqual(members.slice(20, 70).map((m) => m.username))
    })
  })

  it('shares one read of the list among requests arriving together', async () => {
    const { db, statements } = t.countingDb()
    const popular = createPopularMembers(db, t.app.cacheInvalidation, t.app.blockSets, true)
    await ranked(3)
    const viewers = await Promise.all([createMember(t.db), createMember(t.db), createMember(t.db)])
    // The members' own changes are heard first: one arriving during the read would drop its result.
    await t.settle()
    const lists = await Promise.all(viewers.map((viewer) => popular.list(viewer.id, 3)))
    expect(lists.map(usernames)).toEqual(viewers.map(() => ['ranked_0', 'ranked_1', 'ranked_2']))
    expect(statements.filter((query) => query.includes('from users u')).length).toBe(1)
  })

  it('reads from the database when turned off', async () => {
    const off = await t.otherInstance({ sessionCacheSize: 0 })
    const viewer = await createMember(t.db)
    const [first] = await ranked(2)
    expect(usernames(await popular(viewer, off))).toEqual(['ranked_0', 'ranked_1'])
    const [tag] = await t.db.insert(hashtags).values({ tag: 'Fresh', count: 1 }).returning()
    await t.db.insert(memberHashtags).values({ userId: first!.id, hashtagId: tag!.id, count: 1 })
    expect((await popular(viewer, off))[0]!.topHashtags).toEqual(['Fresh'])
  })
})
