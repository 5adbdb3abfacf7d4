import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { federationFollowing, federationRemotePosts } from '../../db/schema/index'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createMember } from '../../../test/factories'

/** The following routes' answers that need no remote server: refusals and bad input (DECISIONS §3). */
const PUBLIC_URL = 'http://vouched.test'
let on: TestApp
let off: TestApp
beforeAll(async () => {
  on = await buildTestApp({ federation: true, publicUrl: PUBLIC_URL })
  off = await buildTestApp({ publicUrl: PUBLIC_URL })
})
afterAll(async () => {
  await on?.close()
  await off?.close()
})

const lookup = (t: TestApp, member: Awaited<ReturnType<typeof createMember>>, handle: string) =>
  t.inject(member, { method: 'GET', url: `/api/federation/lookup?handle=${encodeURIComponent(handle)}` })

describe('the following routes', () => {
  it('need a signed-in member', async () => {
    for (const [method, url] of [
      ['GET', '/api/federation/lookup?handle=@a@example.social'],
      ['GET', '/api/federation/following'],
      ['GET', '/api/federation/feed'],
      ['DELETE', '/api/federation/following/1'],
    ] as const) {
      const res = await on.app.inject({ method, url })
      expect(res.statusCode, url).toBe(401)
    }
  })

  it('answer 409 FEDERATION_OFF where the instance does not federate', async () => {
    const member = await createMember(off.db, { federated: false })
    for (const [method, url] of [
      ['GET', '/api/federation/lookup?handle=@a@example.social'],
      ['GET', '/api/federation/following'],
      ['GET', '/api/federation/feed'],
    ] as const) {
      const res = await off.inject(member, { method, url })
      expect(res.statusCode, url).toBe(409)
      expect(res.json(), url).toMatchObject({ code: 'FEDERATION_OFF' })
    }
  })
})

describe('GET /api/federation/lookup', () => {
  it('refuses what is not a handle or an http(s) URL, naming the field (400)', async () => {
    const member = await createMember(on.db)
    for (const handle of [
      'alice',
      '@alice',
      'alice@',
      '@a@b@c',
      'javascript:alert(1)',
      'ftp://x.y/z',
      'a b@c.d',
    ]) {
      const res = await lookup(on, member, handle)
      expect(res.statusCode, handle).toBe(400)
      expect(res.json(), handle).toMatchObject({ field: 'handle' })
    }
    const missing = await on.inject(member, { method: 'GET', url: '/api/federation/lookup' })
    expect(missing.statusCode).toBe(400)
    expect(missing.json()).toMatchObject({ field: 'handle' })
  })

  it('points to the member search for a handle on this server (400 LOCAL_HANDLE)', async () => {
    const member = await createMember(on.db)
    const res = await lookup(on, member, `@${member.username}@vouched.test`)
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ code: 'LOCAL_HANDLE', field: 'handle' })
  })

  it('says when the account cannot be found (404) without asking a private address', async () => {
    // FEDERATION_PRIVATE_ADDRESSES is off here: a loopback server is never asked, and nothing is found.
    const member = await createMember(on.db)
    const res = await lookup(on, member, '@someone@127.0.0.1:9')
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ code: 'REMOTE_NOT_FOUND' })
  })
})

describe('POST /api/federation/following', () => {
  it('tells a member who does not publish to turn publishing on (409), and follows nothing', async () => {
    const member = await createMember(on.db, { federated: false })
    const res = await on.inject(member, {
      method: 'POST',
      url: '/api/federation/following',
      payload: { actorUri: 'https://example.social/users/a' },
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'NOT_PUBLISHING', field: 'federated' })
    expect(res.json<{ message: string }>().message).toContain('Settings')
    expect(await on.db.select().from(federationFollowing)).toEqual([])
  })

  it('refuses an actorUri that is not an http(s) URL (400)', async () => {
    const member = await createMember(on.db, { federated: true })
    for (const actorUri of ['not a url', 'javascript:alert(1)', '']) {
      const res = await on.inject(member, {
        method: 'POST',
        url: '/api/federation/following',
        payload: { actorUri },
      })
      expect(res.statusCode, actorUri).toBe(400)
      expect(res.json(), actorUri).toMatchObject({ field: 'actorUri' })
    }
  })
})

describe('DELETE /api/federation/following/:id', () => {
  it('answers 404 for a follow that is not the member’s, and leaves it', async () => {
    const owner = await createMember(on.db, { federated: true })
    const other = await createMember(on.db, { federated: true })
    const [row] = await on.db
      .insert(federationFollowing)
      .values({
        userId: owner.id,
        actorUri: 'https://example.social/users/kept',
        inboxUri: 'https://example.social/users/kept/inbox',
        handle: '@kept@example.social',
        followId: `${PUBLIC_URL}/profile/${owner.username}#follows/kept`,
        state: 'accepted',
      })
      .returning()
    const res = await on.inject(other, { method: 'DELETE', url: `/api/federation/following/${row!.id}` })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' })
    const list = await on.inject(owner, { method: 'GET', url: '/api/federation/following' })
    expect(list.json()).toMatchObject({
      following: [{ id: row!.id, state: 'accepted', handle: '@kept@example.social' }],
    })
    expect((await on.inject(other, { method: 'GET', url: '/api/federation/following' })).json()).toEqual({
      following: [],
    })
    const bad = await on.inject(owner, { method: 'DELETE', url: '/api/federation/following/abc' })
    expect(bad.statusCode).toBe(400)
  })
})

describe('GET /api/federation/feed', () => {
  it('pages the posts of accepted follows newest first, and refuses a cursor it did not make', async () => {
    const reader = await createMember(on.db, { federated: true })
    const actorUri = `https://feed.example/users/${reader.username}`
    await on.db.insert(federationFollowing).values({
      userId: reader.id,
      actorUri,
      inboxUri: `${actorUri}/inbox`,
      handle: `@${reader.username}@feed.example`,
      name: 'Feed Author',
      followId: `${PUBLIC_URL}/profile/${reader.username}#follows/feed`,
      state: 'accepted',
    })
    const base = Date.parse('2026-01-01T00:00:00Z')
    await on.db.insert(federationRemotePosts).values(
      Array.from({ length: 25 }, (_, i) => ({
        objectUri: `${actorUri}/notes/${i}`,
        actorUri,
        text: `post ${i}`,
        // Two posts share each instant: the id orders them.
        publishedAt: new Date(base + Math.floor(i / 2) * 60_000),
      })),
    )
    const first = await on.inject(reader, { method: 'GET', url: '/api/federation/feed' })
    expect(first.statusCode).toBe(200)
    const page1 = first.json<{ items: { text: string; author: { name: string } }[]; nextCursor: string }>()
    expect(page1.items).toHaveLength(20)
    expect(page1.items[0]).toMatchObject({ text: 'post 24', author: { name: 'Feed Author' } })
    const second = await on.inject(reader, {
      method: 'GET',
      url: `/api/federation/feed?cursor=${encodeURIComponent(page1.nextCursor)}`,
    })
    const page2 = second.json<{ items: { text: string }[]; nextCursor: string | null }>()
    expect([...page1.items, ...page2.items].map((item) => item.text)).toEqual(
      Array.from({ length: 25 }, (_, i) => `post ${24 - i}`),
    )
    expect(page2.nextCursor).toBeNull()

    const bad = await on.inject(reader, { method: 'GET', url: '/api/federation/feed?cursor=nonsense' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ code: 'INVALID_CURSOR', field: 'cursor' })
  })
})
