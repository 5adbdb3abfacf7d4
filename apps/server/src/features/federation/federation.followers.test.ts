import { randomUUID } from 'node:crypto'
import { Follow } from '@fedify/vocab'
import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { federationFollowers, notifications, users } from '../../db/schema/index'
import type { TestApp } from '../../../test/build-test-app'
import { createAdmin, createMember, DEFAULT_PASSWORD, endorse } from '../../../test/factories'
import { startFederatedApp, startPeer, type Peer } from '../../../test/fediverse-peer'
import { blockMember } from '../blocks/blocks.service'

/**
 * Followers approved, rejected, removed and blocked, and the Delete of an actor, against a real
 * fediverse server (a fedify peer on another port that checks every signature): what it is sent is
 * read from what it accepted, and every byte it received is checked for what never leaves.
 */
let t: TestApp
let peer: Peer
beforeAll(async () => {
  t = await startFederatedApp()
  peer = await startPeer()
}, 60_000)
afterAll(async () => {
  await peer?.close()
  await t?.close()
})

type Member = Awaited<ReturnType<typeof createMember>>
const member = (overrides: Partial<typeof users.$inferInsert> = {}) =>
  createMember(t.db, {
    federated: true,
    fullName: 'Fed Member',
    email: `followers-${randomUUID()}@secret.example`,
    ...overrides,
  })
const actorUrl = (m: Member) => `${t.config.publicUrl}/profile/${m.username}`
const heard = (type: string, m: Member) =>
  peer.accepted.filter((a) => a.type === type && String(a.json.actor) === actorUrl(m))
const objectOf = (activity: { json: Record<string, unknown> }) =>
  activity.json.object as Record<string, unknown> | string
const followers = async (m: Member) =>
  (await t.inject(m, { method: 'GET', url: '/api/federation/followers' })).json().followers as {
    id: number
    state: string
    actorUri: string
    handle: string | null
  }[]
const collectionSize = async (m: Member) =>
  (
    await t.app.inject({
      method: 'GET',
      url: `/federation/users/${m.username}/followers`,
      headers: { accept: 'application/activity+json' },
    })
  ).json().totalItems as number
/** Everything queued has gone out: what the peer holds is all that will be delivered. */
const drained = () =>
  expect.poll(async () => (await t.app.federation.queue.getDepth()).queued, { timeout: 20_000 }).toBe(0)

describe('a member who approves followers', () => {
  it('keeps a follow pending and notifies them; approving sends the Accept', async () => {
    const ada = await member({ approveFollowers: true })
    const follow = await peer.follow('asker', actorUrl(ada))
    await expect
      .poll(async () => (await followers(ada)).map((f) => f.state), { timeout: 15_000 })
      .toEqual(['pending'])
    await drained()
    expect(heard('Accept', ada)).toEqual([])
    expect(await collectionSize(ada)).toBe(0)
    const [notice] = await t.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ada.id), eq(notifications.type, 'follow-request')))
    expect(notice?.message).toBe(`@asker@${new URL(peer.origin).host} asked to follow you on the fediverse`)

    const [request] = await followers(ada)
    const res = await t.inject(ada, {
      method: 'POST',
      url: `/api/federation/followers/${request!.id}/approve`,
    })
    expect(res.statusCode).toBe(200)
    await expect.poll(() => heard('Accept', ada).length, { timeout: 15_000 }).toBe(1)
    expect(objectOf(heard('Accept', ada)[0]!)).toMatchObject({ id: follow.id!.href })
    expect(await collectionSize(ada)).toBe(1)
  })

  it('rejecting a request sends a Reject and forgets it', async () => {
    const bo = await member({ approveFollowers: true })
    const follow = await peer.follow('hopeful', actorUrl(bo))
    await expect.poll(async () => (await followers(bo)).length, { timeout: 15_000 }).toBe(1)
    const [request] = await followers(bo)
    const res = await t.inject(bo, { method: 'DELETE', url: `/api/federation/followers/${request!.id}` })
    expect(res.statusCode).toBe(200)
    await expect.poll(() => heard('Reject', bo).length, { timeout: 15_000 }).toBe(1)
    expect(objectOf(heard('Reject', bo)[0]!)).toMatchObject({ id: follow.id!.href })
    expect(heard('Accept', bo)).toEqual([])
    expect(await followers(bo)).toEqual([])
  })
})

describe('a member who lets anyone follow', () => {
  it('removing a follower sends a Reject, and the follower hears nothing more', async () => {
    const cy = await member()
    await peer.follow('former', actorUrl(cy))
    await expect.poll(() => heard('Accept', cy).length, { timeout: 15_000 }).toBe(1)
    const [fan] = await followers(cy)
    expect(fan).toMatchObject({ state: 'accepted', actorUri: peer.actorUri('former') })
    await t.inject(cy, { method: 'DELETE', url: `/api/federation/followers/${fan!.id}` })
    await expect.poll(() => heard('Reject', cy).length, { timeout: 15_000 }).toBe(1)
    expect(await collectionSize(cy)).toBe(0)
  })

  it('blocking an account by its handle removes it, and its next follow is refused', async () => {
    const di = await member()
    await peer.follow('pest', actorUrl(di))
    await expect.poll(() => heard('Accept', di).length, { timeout: 15_000 }).toBe(1)
    const handle = `@pest@${new URL(peer.origin).host}`
    const res = await t.inject(di, {
      method: 'POST',
      url: '/api/federation/blocked-accounts',
      payload: { actor: handle },
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ actorUri: peer.actorUri('pest'), handle })
    await expect.poll(() => heard('Reject', di).length, { timeout: 15_000 }).toBe(1)
    expect(await followers(di)).toEqual([])

    await peer.follow('pest', actorUrl(di))
    await expect.poll(() => heard('Reject', di).length, { timeout: 15_000 }).toBe(2)
    expect(heard('Accept', di)).toHaveLength(1)
    expect(await followers(di)).toEqual([])

    // Unblocked, it may follow again.
    await t.inject(di, { method: 'DELETE', url: `/api/federation/blocked-accounts/${res.json().id}` })
    await peer.follow('pest', actorUrl(di))
    await expect.poll(() => heard('Accept', di).length, { timeout: 15_000 }).toBe(2)
  })

  it('refuses a follow from the actor of a local member the member blocked', async () => {
    const eve = await member()
    const blocked = await member()
    const friend = await member()
    await t.db.transaction((tx) => blockMember(tx, eve, blocked.id))
    const ctx = t.app.federation.fedify.createContext(new URL(t.config.publicUrl), undefined)
    for (const from of [blocked, friend]) {
      await ctx.sendActivity(
        { identifier: from.username },
        {
          id: new URL(actorUrl(eve)),
          inboxId: new URL(`${t.config.publicUrl}/federation/users/${eve.username}/inbox`),
        },
        new Follow({
          id: new URL(`#follow/${randomUUID()}`, actorUrl(from)),
          actor: new URL(actorUrl(from)),
          object: new URL(actorUrl(eve)),
        }),
      )
    }
    await expect
      .poll(async () => (await followers(eve)).map((f) => f.actorUri), { timeout: 15_000 })
      .toEqual([actorUrl(friend)])
    await drained()
    expect((await followers(eve)).map((f) => f.actorUri)).toEqual([actorUrl(friend)])
  })
})

describe('deleting an account', () => {
  it('sends the Delete of the actor to its followers once the member is gone', async () => {
    const fay = await member()
    await peer.follow('mourner', actorUrl(fay))
    await expect.poll(() => heard('Accept', fay).length, { timeout: 15_000 }).toBe(1)
    const res = await t.inject(fay, {
      method: 'DELETE',
      url: '/api/account',
      payload: { password: DEFAULT_PASSWORD },
    })
    expect(res.statusCode).toBe(200)
    expect(await t.db.select().from(users).where(eq(users.id, fay.id))).toEqual([])
    expect(
      await t.db.select().from(federationFollowers).where(eq(federationFollowers.userId, fay.id)),
    ).toEqual([])
    await expect
      .poll(() => peer.deliveries.filter((d) => d.json.type === 'Delete' && d.json.actor === actorUrl(fay)), {
        timeout: 20_000,
      })
      .toHaveLength(1)
    const [deletion] = peer.deliveries.filter(
      (d) => d.json.type === 'Delete' && d.json.actor === actorUrl(fay),
    )
    expect(deletion!.json.object).toBe(actorUrl(fay))
    // Checked by the peer with the key it kept from the follow: signed by the member's key.
    await expect.poll(() => heard('Delete', fay).length, { timeout: 15_000 }).toBe(1)
  })

  it('sends it too when an admin deletes the member', async () => {
    const gus = await member()
    await peer.follow('witness', actorUrl(gus))
    await expect.poll(() => heard('Accept', gus).length, { timeout: 15_000 }).toBe(1)
    const admin = await createAdmin(t.db)
    const res = await t.inject(admin, { method: 'DELETE', url: `/api/admin/users/${gus.id}` })
    expect(res.statusCode).toBe(200)
    await expect.poll(() => heard('Delete', gus).length, { timeout: 20_000 }).toBe(1)
    expect(objectOf(heard('Delete', gus)[0]!)).toBe(actorUrl(gus))
  })

  it('tells a request still waiting nothing: no Note, no Delete', async () => {
    const lurkers = await startPeer()
    try {
      const hal = await member({ approveFollowers: true })
      const friend = await member()
      await lurkers.follow('lurker', actorUrl(hal))
      await peer.follow('friend', actorUrl(hal))
      await expect.poll(async () => (await followers(hal)).length, { timeout: 15_000 }).toBe(2)
      const request = (await followers(hal)).find((f) => f.actorUri === peer.actorUri('friend'))
      await t.inject(hal, { method: 'POST', url: `/api/federation/followers/${request!.id}/approve` })
      await endorse(t, friend, hal, { category: 'Leadership', note: 'seen-by-followers-only' })
      await t.app.federation.publisher.drain()
      await expect.poll(() => heard('Create', hal).length, { timeout: 15_000 }).toBe(1)
      await t.inject(hal, { method: 'DELETE', url: '/api/account', payload: { password: DEFAULT_PASSWORD } })
      await expect.poll(() => heard('Delete', hal).length, { timeout: 20_000 }).toBe(1)
      await drained()
      expect(lurkers.deliveries).toEqual([])
    } finally {
      await lurkers.close()
    }
  })

  it("never sends a member's email or anything but Accept, Reject, Create, Update or Delete", async () => {
    await drained()
    const bodies = peer.deliveries.map((d) => d.body).join('\n')
    expect(bodies).not.toContain('@secret.example')
    for (const { json, body } of peer.deliveries) {
      expect(['Accept', 'Reject', 'Create', 'Update', 'Delete']).toContain(json.type)
      expect(String(json.actor)).toMatch(new RegExp(`^${t.config.publicUrl}/profile/`))
      // Answers to follows and the Delete of an actor name nobody: ids only, no profile.
      if (json.type !== 'Create' && json.type !== 'Update') expect(body).not.toContain('Fed Member')
    }
  })
})
