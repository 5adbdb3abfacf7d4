import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TUserCard } from '@vouched/shared/discovery'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createMember } from '../../../test/factories'
import { blocks, hashtags, memberHashtags } from '../../db/schema/index'
import { createBlockSets } from './blocks.queries'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ sessionCacheSize: 1000, searchCacheSize: 100 })
})
afterAll(async () => {
  await t.close()
})

type Member = Awaited<ReturnType<typeof createMember>>

async function search(viewer: Member, q: string) {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/search?q=${encodeURIComponent(q)}&type=user`,
    headers: { cookie: await t.cookieFor(viewer) },
  })
  expect(res.statusCode).toBe(200)
  return res.json() as TUserCard[]
}

describe('createBlockSets', () => {
  it("drops exactly the pair's blocks for a block, and keeps searches", async () => {
    const { db, statements } = t.countingDb()
    const sets = createBlockSets(db, t.app.cacheInvalidation, 100)
    const reads = () => statements.filter((query) => query.includes('"blocks"')).length
    const [ann, bob, cy, viewer] = [
      await createMember(t.db, { fullName: 'Rook Blockpair' }),
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db),
    ]
    for (const member of [ann, bob, cy]) await sets.of(member.id)
    expect(reads()).toBe(3)
    expect((await search(viewer, 'Rook'))[0]!.topHashtags).toEqual([])
    // A tag given behind the app's back: no message names it, so a held search keeps its old tags.
    const [tag] = await t.db.insert(hashtags).values({ tag: 'StillHeld', count: 1 }).returning()
    await t.db.insert(memberHashtags).values({ userId: ann.id, hashtagId: tag!.id, count: 1 })
    await t.db.insert(blocks).values({ blockerId: ann.id, blockedId: bob.id })
    await t.app.settled()
    expect([...(await sets.of(ann.id))]).toEqual([bob.id])
    expect([...(await sets.of(bob.id))]).toEqual([ann.id])
    expect([...(await sets.of(cy.id))]).toEqual([])
    expect(reads()).toBe(5)
    expect((await search(viewer, 'Rook'))[0]!.topHashtags).toEqual([])
  })
})
