import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { federationBlockedAccounts, federationFollowers } from '../../db/schema/index'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createMember } from '../../../test/factories'

/**
 * The followers and blocked-accounts routes through inject (issue 30, decision 154): who may call
 * them and every refusal. What reaches a remote server is in federation.followers.test.ts.
 */
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

type Member = Awaited<ReturnType<typeof createMember>>
let remote = 0
/** A follower row as the inbox writes it, without a server behind it (no request is sent for it). */
async function follower(member: Member, state: 'pending' | 'accepted' = 'accepted') {
  remote += 1
  const [row] = await on.db
    .insert(federationFollowers)
    .values({
      userId: member.id,
      actorUri: `https://remote.example/users/fan${remote}`,
      inboxUri: `https://remote.example/users/fan${remote}/inbox`,
      handle: `@fan${remote}@remote.example`,
      name: `Fan ${remote}`,
      url: `https://remote.example/@fan${remote}`,
      followId: `https://remote.example/follows/${remote}`,
      state,
    })
    .returning()
  return row!
}

describe('approveFollowers in the settings', () => {
  it('is off by default and saved with PATCH', async () => {
    const member = await createMember(on.db)
    const res = await on.inject(member, { method: 'GET', url: '/api/account/settings' })
    expect(res.json()).toMatchObject({ approveFollowers: false })
    const saved = await on.inject(member, {
      method: 'PATCH',
      url: '/api/account/settings',
      payload: { approveFollowers: true },
    })
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toMatchObject({ approveFollowers: true, federated: false })
  })

  it('refuses what is not a boolean (400)', async () => {
    const member = await createMember(on.db)
    const res = await on.inject(member, {
      method: 'PATCH',
      url: '/api/account/settings',
      payload: { approveFollowers: 'yes' },
    })
    expect(res.statusCode).toBe(400)
    expect(res.json()).toMatchObject({ message: 'approveFollowers must be true or false' })
  })

  it('makes the actor say it approves followers', async () => {
    const member = await createMember(on.db, { federated: true, approveFollowers: true })
    const res = await on.app.inject({
      method: 'GET',
      url: `/profile/${member.username}`,
      headers: { accept: 'application/activity+json' },
    })
    expect(res.json()).toMatchObject({ manuallyApprovesFollowers: true })
  })
})

describe('GET /api/federation/followers', () => {
  it('lists pending requests first, then followers, newest first, page by page', async () => {
    const member = await createMember(on.db, { federated: true })
    const first = await follower(member)
    const second = await follower(member)
    const asking = await follower(member, 'pending')
    const page = await on.inject(member, { method: 'GET', url: '/api/federation/followers?limit=2' })
    expect(page.statusCode).toBe(200)
    const body = page.json()
    expect(body.followers.map((f: { id: number }) => f.id)).toEqual([asking.id, second.id])
    expect(body.followers[0]).toEqual({
      id: asking.id,
      handle: asking.handle,
      actorUri: asking.actorUri,
      url: asking.url,
      name: asking.name,
      state: 'pending',
      since: asking.createdAt.toISOString(),
    })
    const next = await on.inject(member, {
      method: 'GET',
      url: `/api/federation/followers?limit=2&cursor=${body.nextCursor}`,
    })
    expect(next.json()).toMatchObject({ followers: [{ id: first.id, state: 'accepted' }], nextCursor: null })
  })

  it('shows nobody else their followers', async () => {
    const member = await createMember(on.db, { federated: true })
    await follower(member)
    const other = await createMember(on.db)
    const res = await on.inject(other, { method: 'GET', url: '/api/federation/followers' })
    expect(res.json()).toEqual({ followers: [], nextCursor: null })
  })

  it('refuses a bad cursor (400), a stranger (401) and a server that does not federate (409)', async () => {
    const member = await createMember(on.db)
    const bad = await on.inject(member, { method: 'GET', url: '/api/federation/followers?cursor=zz' })
    expect(bad.statusCode).toBe(400)
    expect(bad.json()).toMatchObject({ code: 'INVALID_CURSOR', field: 'cursor' })
    const anonymous = await on.app.inject({ method: 'GET', url: '/api/federation/followers' })
    expect(anonymous.statusCode).toBe(401)
    const elsewhere = await createMember(off.db)
    const res = await off.inject(elsewhere, { method: 'GET', url: '/api/federation/followers' })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'FEDERATION_OFF' })
  })
})

describe('POST /api/federation/followers/:id/approve', () => {
  it('accepts a pending request', async () => {
    const member = await createMember(on.db, { federated: true, approveFollowers: true })
    const asking = await follower(member, 'pending')
    const res = await on.inject(member, {
      method: 'POST',
      url: `/api/federation/followers/${asking.id}/approve`,
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ id: asking.id, state: 'accepted' })
    const [row] = await on.db.select().from(federationFollowers).where(eq(federationFollowers.id, asking.id))
    expect(row?.state).toBe('accepted')
  })

  it("answers 404 for an unknown id and for someone else's follower", async () => {
    const member = await createMember(on.db, { federated: true })
    const theirs = await follower(await createMember(on.db, { federated: true }), 'pending')
    for (const id of [theirs.id, 999_999]) {
      const res = await on.inject(member, { method: 'POST', url: `/api/federation/followers/${id}/approve` })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Follower not found' })
    }
    const [row] = await on.db.select().from(federationFollowers).where(eq(federationFollowers.id, theirs.id))
    expect(row?.state).toBe('pending')
  })

  it('needs the member to publish (409), a number (400) and a session (401)', async () => {
    const quiet = await createMember(on.db)
    const asking = await follower(quiet, 'pending')
    const res = await on.inject(quiet, {
      method: 'POST',
      url: `/api/federation/followers/${asking.id}/approve`,
    })
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'NOT_PUBLISHING' })
    const bad = await on.inject(quiet, { method: 'POST', url: '/api/federation/followers/abc/approve' })
    expect(bad.statusCode).toBe(400)
    const anonymous = await on.app.inject({
      method: 'POST',
      url: `/api/federation/followers/${asking.id}/approve`,
    })
    expect(anonymous.statusCode).toBe(401)
  })
})

describe('DELETE /api/federation/followers/:id', () => {
  it('removes a follower or a request of the member only', async () => {
    const member = await createMember(on.db)
    const fan = await follower(member)
    const theirs = await follower(await createMember(on.db))
    const refused = await on.inject(member, {
      method: 'DELETE',
      url: `/api/federation/followers/${theirs.id}`,
    })
    expect(refused.statusCode).toBe(404)
    const res = await on.inject(member, { method: 'DELETE', url: `/api/federation/followers/${fan.id}` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ success: true })
    const rows = await on.db
      .select()
      .from(federationFollowers)
      .where(eq(federationFollowers.userId, member.id))
    expect(rows).toEqual([])
    const again = await on.inject(member, { method: 'DELETE', url: `/api/federation/followers/${fan.id}` })
    expect(again.statusCode).toBe(404)
    const anonymous = await on.app.inject({ method: 'DELETE', url: `/api/federation/followers/${theirs.id}` })
    expect(anonymous.statusCode).toBe(401)
  })
})

describe('/api/federation/blocked-accounts', () => {
  it('blocks a follower by its address: removed from the followers, listed, and unblocked', async () => {
    const member = await createMember(on.db)
    const fan = await follower(member)
    const res = await on.inject(member, {
      method: 'POST',
      url: '/api/federation/blocked-accounts',
      payload: { actor: fan.actorUri },
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ actorUri: fan.actorUri, handle: fan.handle })
    const rows = await on.db
      .select()
      .from(federationFollowers)
      .where(eq(federationFollowers.userId, member.id))
    expect(rows).toEqual([])
    const list = await on.inject(member, { method: 'GET', url: '/api/federation/blocked-accounts' })
    expect(list.json()).toEqual({ accounts: [res.json()], nextCursor: null })

    const stranger = await createMember(on.db)
    const theirs = await on.inject(stranger, {
      method: 'DELETE',
      url: `/api/federation/blocked-accounts/${res.json().id}`,
    })
    expect(theirs.statusCode).toBe(404)
    expect(theirs.json()).toMatchObject({ message: 'Blocked account not found' })
    const unblocked = await on.inject(member, {
      method: 'DELETE',
      url: `/api/federation/blocked-accounts/${res.json().id}`,
    })
    expect(unblocked.statusCode).toBe(200)
    const left = await on.db
      .select()
      .from(federationBlockedAccounts)
      .where(and(eq(federationBlockedAccounts.userId, member.id)))
    expect(left).toEqual([])
  })

  it('refuses what is not an account', async () => {
    const member = await createMember(on.db)
    const block = (actor: unknown) =>
      on.inject(member, { method: 'POST', url: '/api/federation/blocked-accounts', payload: { actor } })
    for (const [actor, code] of [
      ['', 'VALIDATION_ERROR'],
      ['x'.repeat(501), 'VALIDATION_ERROR'],
      ['not an address', 'INVALID_ACTOR'],
      ['ftp://remote.example/users/a', 'INVALID_ACTOR'],
      // http only where private addresses are allowed (instances on one machine).
      ['http://remote.example/users/a', 'INVALID_ACTOR'],
      [`${PUBLIC_URL}/profile/someone`, 'ACTOR_IS_LOCAL'],
      ['@someone@vouched.test', 'ACTOR_IS_LOCAL'],
    ] as const) {
      const res = await block(actor)
      expect(res.statusCode, actor).toBe(400)
      expect(res.json(), actor).toMatchObject({ code, field: 'actor' })
    }
    // A handle whose server cannot be asked: nobody to block.
    const missing = await block('@nobody@127.0.0.1:9')
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ code: 'ACTOR_NOT_FOUND' })
    const list = await on.inject(member, { method: 'GET', url: '/api/federation/blocked-accounts' })
    expect(list.json().accounts).toEqual([])
  })

  it('needs a session (401), a federating server (409) and a valid cursor (400)', async () => {
    const anonymous = await on.app.inject({ method: 'GET', url: '/api/federation/blocked-accounts' })
    expect(anonymous.statusCode).toBe(401)
    const elsewhere = await createMember(off.db)
    const res = await off.inject(elsewhere, {
      method: 'POST',
      url: '/api/federation/blocked-accounts',
      payload: { actor: '@a@remote.example' },
    })
    expect(res.statusCode).toBe(409)
    const member = await createMember(on.db)
    const bad = await on.inject(member, { method: 'GET', url: '/api/federation/blocked-accounts?cursor=p1' })
    expect(bad.statusCode).toBe(400)
  })
})
