import type { FastifyInstance } from 'fastify'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { eventually } from '../../../test/eventually'
import { createAdmin, createMember, endorse } from '../../../test/factories'
import { handInvalidation } from '../../../test/hand-invalidation'
import { createBlockSets } from '../blocks/blocks.queries'
import { blocks, users, vouches } from '../../db/schema/index'
import { createProfileSnapshots } from './profiles.snapshots'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ sessionCacheSize: 1000, profileCacheSize: 100 })
})
afterAll(async () => {
  await t.close()
})
beforeEach(async () => {
  await t.reset()
})

type Member = Awaited<ReturnType<typeof createMember>>
const member = () => createMember(t.db)

const like = async (member: Member, vouchId: number) =>
  expect((await t.inject(member, { method: 'POST', url: `/api/vouches/${vouchId}/likes` })).statusCode).toBe(
    200,
  )

function snapshotsOn(maxEntries = 100) {
  const hand = handInvalidation()
  const profiles = createProfileSnapshots(
    t.db,
    hand.invalidation,
    createBlockSets(t.db, hand.invalidation, 100),
    maxEntries,
  )
  const view = (username: string, viewer: Member) =>
    profiles.find(username, { id: viewer.id, isAdmin: viewer.isAdmin })
  const fromMemory = (username: string, viewer: Member) =>
    profiles.fromMemory(username, { id: viewer.id, isAdmin: viewer.isAdmin })
  return { ...hand, view, fromMemory }
}

describe('which profiles are held (decision 132)', () => {
  it('answers a first read from the database, holds the profile from its second read within the window', async () => {
    const { fromMemory, invalidation } = snapshotsOn()
    const [bob, ann, viewer, other] = await Promise.all([member(), member(), member(), member()])
    await endorse(t, ann, bob)
    const held = () => invalidation.caches().find((cache) => cache.name === 'profiles')!.size

    expect(await fromMemory(bob.username, viewer)).toBeUndefined()
    expect(held()).toBe(0)
    // Seen once: the next read, by anyone and in any casing, is held and answered from memory.
    expect((await fromMemory(bob.username.toUpperCase(), other))!.firstPage.vouches).toHaveLength(1)
    expect(held()).toBe(1)
    expect((await fromMemory(bob.username, viewer))!.user.id).toBe(bob.id)

    // Memory does not answer the owner (their emails) or an admin: the database does.
    expect(await fromMemory(bob.username, bob)).toBeUndefined()
    const admin = await createAdmin(t.db)
    expect(await fromMemory(bob.username, admin)).toBeUndefined()
  })

  it('says so when no such member exists, once the name was asked for twice', async () => {
    const { fromMemory } = snapshotsOn()
    const viewer = await member()
    expect(await fromMemory('nobody_by_this_name', viewer)).toBeUndefined()
    expect(await fromMemory('nobody_by_this_name', viewer)).toBeNull()
  })

  it('never holds anything with the cache off', async () => {
    const { fromMemory } = snapshotsOn(0)
    const [bob, viewer] = await Promise.all([member(), member()])
    for (let i = 0; i < 3; i += 1) expect(await fromMemory(bob.username, viewer)).toBeUndefined()
  })
})

describe('profiles from memory, as the invalidation channel tells them', () => {
  it('serves a profile until a change names its member, an endorser on its page or its endorsements', async () => {
    const { view, tell } = snapshotsOn()
    const [bob, ann, viewer, other] = await Promise.all([member(), member(), member(), member()])
    const vouchId = (await endorse(t, ann, bob)).id
    expect((await view(bob.username, other))!.firstPage.vouches).toHaveLength(1)

    // What no change names is not seen: the profile is held.
    await t.db.update(users).set({ bio: 'New bio' }).where(eq(users.id, bob.id))
    expect((await view(bob.username, other))!.user.bio).toBeNull()
    tell({ kind: 'member', ids: [bob.id] })
    expect((await view(bob.username, other))!.user.bio).toBe('New bio')

    await t.db.update(users).set({ fullName: 'Ann Renamed' }).where(eq(users.id, ann.id))
    expect((await view(bob.username, other))!.firstPage.vouches[0]!.fromFullName).toBe(ann.fullName)
    tell({ kind: 'member', ids: [ann.id] })
    expect((await view(bob.username, other))!.firstPage.vouches[0]!.fromFullName).toBe('Ann Renamed')

    await like(viewer, vouchId)
    expect((await view(bob.username, other))!.firstPage.vouches[0]!.likeCount).toBe(0)
    tell({ kind: 'reaction', ids: [bob.id] })
    expect((await view(bob.username, other))!.firstPage.vouches[0]).toMatchObject({
      likeCount: 1,
      hasLiked: false,
    })
    // The viewer's own like, told by the likers read with the page.
    expect((await view(bob.username, viewer))!.firstPage.vouches[0]).toMatchObject({
      likeCount: 1,
      hasLiked: true,
    })
  })

  it('reads from the database for a member who just wrote, so their writes show at once', async () => {
    const { view, invalidation } = snapshotsOn()
    const [bob, ann, viewer, other] = await Promise.all([member(), member(), member(), member()])
    const vouchId = (await endorse(t, ann, bob)).id
    await view(bob.username, viewer)
    await like(viewer, vouchId)
    // Before the database's word: the liker is noted as the app notes every writer before answering.
    expect((await view(bob.username, viewer))!.firstPage.vouches[0]).toMatchObject({ hasLiked: false })
    invalidation.noteWriter(viewer.id)
    expect((await view(bob.username, viewer))!.firstPage.vouches[0]).toMatchObject({
      hasLiked: true,
      likeCount: 1,
    })
    expect((await view(bob.username, other))!.firstPage.vouches[0]).toMatchObject({ likeCount: 0 })
  })

  it('shows its member the endorsements they hid, read for them from the database, and no one else', async () => {
    const { view, tell } = snapshotsOn()
    const [bob, ann, cy] = await Promise.all([member(), member(), member()])
    const hidden = (await endorse(t, ann, bob)).id
    await endorse(t, cy, bob, { category: 'Leadership' })
    await t.db.update(vouches).set({ isHidden: true }).where(eq(vouches.id, hidden))
    tell({ kind: 'endorsement', ids: [bob.id] })
    expect((await view(bob.username, cy))!.firstPage.vouches.map((v) => v.id)).not.toContain(hidden)
    const own = (await view(bob.username, bob))!
    expect(own.firstPage.vouches).toHaveLength(2)
    expect(own.firstPage.vouches.find((v) => v.id === hidden)).toMatchObject({ isHidden: true })
    // Others read from memory, which a change not told does not reach; the member reads the database.
    await t.db.update(vouches).set({ isHidden: false }).where(eq(vouches.id, hidden))
    expect((await view(bob.username, cy))!.firstPage.vouches).toHaveLength(1)
    expect((await view(bob.username, bob))!.firstPage.vouches.find((v) => v.id === hidden)).toMatchObject({
      isHidden: false,
    })
  })

  it('never serves an admin or a blocked viewer from memory', async () => {
    const { view } = snapshotsOn()
    const [bob, viewer, stranger] = await Promise.all([member(), member(), member()])
    const admin = await createAdmin(t.db)
    await view(bob.username, viewer)
    await t.db.update(users).set({ bio: 'Changed' }).where(eq(users.id, bob.id))
    expect((await view(bob.username, viewer))!.user.bio).toBeNull()
    expect((await view(bob.username, admin))!.user.bio).toBe('Changed')
    // Bob blocks a member whose blocks were never read: the profile no longer exists for them.
    await t.db.insert(blocks).values({ blockerId: bob.id, blockedId: stranger.id })
    expect(await view(bob.username, stranger)).toBeNull()
    expect(await view('nobody_here', stranger)).toBeNull()
  })

  it('keeps the most recently read profiles up to its size', async () => {
    const { view } = snapshotsOn(2)
    const [a, b, c, viewer] = await Promise.all([member(), member(), member(), member()])
    for (const member of [a, b, a, c]) await view(member.username, viewer)
    await t.db.update(users).set({ bio: 'changed' }).where(eq(users.id, a.id))
    await t.db.update(users).set({ bio: 'changed' }).where(eq(users.id, b.id))
    // b was the least recently read when c came; a is still held (and b, read again, takes c's place).
    expect((await view(a.username, viewer))!.user.bio).toBeNull()
    expect((await view(b.username, viewer))!.user.bio).toBe('changed')
  })

  it('reads everything from the database while changes are not heard, and forgets all on `*`', async () => {
    const { view, tell, setLive } = snapshotsOn()
    const [bob, viewer] = await Promise.all([member(), member()])
    await view(bob.username, viewer)
    await t.db.update(users).set({ bio: 'first' }).where(eq(users.id, bob.id))
    setLive(false)
    expect((await view(bob.username, viewer))!.user.bio).toBe('first')
    // Changes may have been missed meanwhile: nothing held before is answered again.
    setLive(true)
    expect((await view(bob.username, viewer))!.user.bio).toBe('first')
    await t.db.update(users).set({ bio: 'second' }).where(eq(users.id, bob.id))
    expect((await view(bob.username, viewer))!.user.bio).toBe('first')
    tell({ kind: 'member', ids: 'all' })
    expect((await view(bob.username, viewer))!.user.bio).toBe('second')
  })
})

describe('profiles read at the same time', () => {
  // The statement that reads a profile for every viewer is the one that lists likers.
  const profileReadsOf = (statements: string[]) => () =>
    statements.filter((query) => query.includes("'likers'")).length

  it('share one read of the database, unless a change came between them', async () => {
    const { db, statements } = t.countingDb()
    const profileReads = profileReadsOf(statements)
    const hand = handInvalidation()
    const profiles = createProfileSnapshots(
      db,
      hand.invalidation,
      createBlockSets(db, hand.invalidation, 100),
      100,
    )
    const [bob, ann, cy, dee] = await Promise.all([member(), member(), member(), member()])
    const view = (viewer: Member) => profiles.find(bob.username, { id: viewer.id, isAdmin: false })

    const first = await Promise.all([ann, cy, dee].map(view))
    expect(first.map((profile) => profile!.user.id)).toEqual([bob.id, bob.id, bob.id])
    expect(profileReads()).toBe(1)
    await view(ann)
    expect(profileReads()).toBe(1)

    hand.tell({ kind: 'member', ids: [bob.id] })
    await Promise.all([ann, cy, dee].map(view))
    expect(profileReads()).toBe(2)

    // A request after a change does not wait for a read begun before it.
    hand.tell({ kind: 'member', ids: [bob.id] })
    const before = view(ann)
    hand.tell({ kind: 'member', ids: [bob.id] })
    await Promise.all([before, view(cy)])
    expect(profileReads()).toBe(4)
  })
})

describe('GET /api/users/:username from memory', () => {
  const profileOf = async (app: FastifyInstance, viewer: Member, username: string) => {
    const res = await app.inject({
      method: 'GET',
      url: `/api/users/${username}`,
      headers: { cookie: await t.cookieFor(viewer) },
    })
    expect(res.statusCode).toBe(200)
    return res.json()
  }

  it('answers each viewer exactly what the database answers: anonymous, liked, hidden, tags, medals', async () => {
    const fresh = await t.otherInstance({ profileCacheSize: 0 })
    const bob = await createMember(t.db)
    const [ann, cy, dee] = await Promise.all([member(), member(), member()])
    const admin = await createAdmin(t.db)
    await endorse(t, ann, bob, { category: 'Teamwork', hashtags: ['Kind', 'Agile'], note: 'Steady' })
    const anonymous = (await endorse(t, cy, bob, { category: 'Leadership', isAnonymous: true })).id
    const hidden = (await endorse(t, dee, bob, { category: 'Other' })).id
    await like(ann, anonymous)
    expect((await t.inject(bob, { method: 'POST', url: `/api/vouches/${hidden}/hide` })).statusCode).toBe(200)
    for (const viewer of [ann, cy, dee, bob, admin]) {
      await eventually(async () =>
        expect(await profileOf(t.app, viewer, bob.username)).toEqual(
          await profileOf(fresh, viewer, bob.username),
        ),
      )
    }
  })

  it('shows every instance a new endorsement, a like and an endorser’s new name once the database tells', async () => {
    const other = await t.otherInstance()
    const [bob, ann, cy, viewer] = await Promise.all([member(), member(), member(), member()])
    await endorse(t, ann, bob)
    for (const app of [t.app, other]) await profileOf(app, viewer, bob.username)
    // The endorser's own next read shows their endorsement, on the instance that took it.
    const second = (await endorse(t, cy, bob, { category: 'Leadership' })).id
    expect((await profileOf(t.app, cy, bob.username)).vouches).toHaveLength(2)
    await like(viewer, second)
    await t.db.update(users).set({ fullName: 'Cy Renamed' }).where(eq(users.id, cy.id))
    for (const app of [t.app, other]) {
      await eventually(async () => {
        const [newest] = (await profileOf(app, ann, bob.username)).vouches
        expect(newest).toMatchObject({
          id: second,
          likeCount: 1,
          hasLiked: false,
          fromFullName: 'Cy Renamed',
        })
      })
    }
    expect((await profileOf(other, viewer, bob.username)).vouches[0]).toMatchObject({ hasLiked: true })
  })
})
