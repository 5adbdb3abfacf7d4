import { and, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { federationFollowers } from '../../db/schema/index'
import type { TestApp } from '../../../test/build-test-app'
import { createMember, endorse } from '../../../test/factories'
import { startFederatedApp, startPeer, type Peer } from '../../../test/fediverse-peer'

/**
 * A real fediverse server (a fedify peer on another port) follows members of this instance and hears
 * of their vouches, with every request signed and checked both ways.
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
const publisher = async (fullName: string) => {
  const member = await createMember(t.db, { fullName })
  const res = await t.inject(member, {
    method: 'PATCH',
    url: '/api/account/settings',
    payload: { federated: true },
  })
  expect(res.statusCode).toBe(200)
  return member
}
const actorUrl = (member: Member) => `${t.config.publicUrl}/profile/${member.username}`
/** Activities the peer accepted (signature checked) of a type, about one of this member's notes. */
const heard = (type: string, member?: Member) =>
  peer.accepted.filter((a) => a.type === type && (!member || String(a.json.actor) === actorUrl(member)))
const publish = () => t.app.federation.publisher.drain()

describe('following', () => {
  it('accepts a remote follow at once and keeps the follower', async () => {
    const alice = await publisher('Alice Follow')
    await peer.follow('fan', actorUrl(alice))
    await expect.poll(() => heard('Accept', alice).length, { timeout: 15_000 }).toBe(1)
    const rows = await t.db.select().from(federationFollowers).where(eq(federationFollowers.userId, alice.id))
    expect(rows).toMatchObject([
      {
        actorUri: peer.actorUri('fan'),
        inboxUri: `${peer.origin}/users/fan/inbox`,
        handle: `@fan@${new URL(peer.origin).host}`,
      },
    ])
  })

  it('is found by its handle through WebFinger, and the actor fetched', async () => {
    const handleOwner = await publisher('Hana Handle')
    // Over the network, as a peer asks (fedify's own handle lookups go over https only).
    const host = new URL(t.config.publicUrl).host
    const answer = await fetch(
      `${t.config.publicUrl}/.well-known/webfinger?resource=${encodeURIComponent(`acct:${handleOwner.username}@${host}`)}`,
    )
    expect(answer.status).toBe(200)
    const self = ((await answer.json()) as { links: { rel: string; href: string }[] }).links.find(
      (link) => link.rel === 'self',
    )
    expect(self?.href).toBe(actorUrl(handleOwner))
    const found = await peer.lookup(self!.href)
    expect(found.preferredUsername).toBe(handleOwner.username)
  })

  it('forgets a follower who undoes the follow', async () => {
    const uma = await publisher('Uma Undo')
    const follow = await peer.follow('leaver', actorUrl(uma))
    await expect.poll(() => heard('Accept', uma).length, { timeout: 15_000 }).toBe(1)
    await peer.unfollow('leaver', actorUrl(uma), follow)
    await expect
      .poll(
        async () =>
          (
            await t.db
              .select()
              .from(federationFollowers)
              .where(
                and(
                  eq(federationFollowers.userId, uma.id),
                  eq(federationFollowers.actorUri, peer.actorUri('leaver')),
                ),
              )
          ).length,
        { timeout: 15_000 },
      )
      .toBe(0)
  })

  it('has no follow accepted for a member who does not publish', async () => {
    const quiet = await createMember(t.db)
    await expect(peer.follow('fan', actorUrl(quiet))).rejects.toThrow()
  })
})

describe('publishing vouches', () => {
  it('sends followers a Note of each public vouch, given and received, then Deletes it when withdrawn', async () => {
    const alice = await publisher('Alice Received')
    const bob = await publisher('Bob Giver')
    await peer.follow('fan', actorUrl(alice))
    await peer.follow('fan', actorUrl(bob))
    await expect
      .poll(() => heard('Accept', alice).length + heard('Accept', bob).length, { timeout: 15_000 })
      .toBe(2)

    const vouch = await endorse(t, bob, alice, {
      category: 'Leadership',
      note: 'Led our migration <carefully>',
      hashtags: ['Mentorship', 'Postgres'],
    })
    await publish()
    await expect
      .poll(() => heard('Create', alice).length + heard('Create', bob).length, { timeout: 15_000 })
      .toBe(2)

    const [received] = heard('Create', alice)
    const note = received!.json.object as Record<string, unknown>
    expect(note).toMatchObject({
      type: 'Note',
      id: `${t.config.publicUrl}/federation/users/${alice.username}/vouches/${vouch.id}`,
      attributedTo: actorUrl(alice),
      to: 'as:Public',
      url: `${t.config.publicUrl}/vouches/${vouch.id}`,
    })
    expect(note.content).toContain('Received a vouch from')
    expect(note.content).toContain('Bob Giver')
    expect(note.content).toContain('<strong>Leadership</strong>')
    expect(note.content).toContain('Led our migration &lt;carefully&gt;')
    expect(note.tag).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'Hashtag', name: '#Mentorship' }),
        expect.objectContaining({ type: 'Hashtag', name: '#Postgres' }),
      ]),
    )
    expect(note.attachment).toMatchObject({
      type: 'Link',
      href: `${t.config.publicUrl}/api/credentials/vouches/${vouch.id}`,
    })
    const given = heard('Create', bob)[0]!.json.object as Record<string, unknown>
    expect(given.content).toContain('Vouched for')
    expect(given.content).toContain('Alice Received')

    // Nothing changed: nothing more is sent.
    await publish()
    expect(heard('Create', alice)).toHaveLength(1)

    // An edit is an Update of the same Note.
    const edited = await t.inject(bob, {
      method: 'PATCH',
      url: `/api/vouches/${vouch.id}`,
      payload: { note: 'Led two migrations' },
    })
    expect(edited.statusCode).toBe(200)
    await publish()
    await expect.poll(() => heard('Update', alice).length, { timeout: 15_000 }).toBe(1)
    expect(String((heard('Update', alice)[0]!.json.object as Record<string, unknown>).content)).toContain(
      'Led two migrations',
    )

    const withdrawn = await t.inject(bob, { method: 'DELETE', url: `/api/vouches/${vouch.id}` })
    expect(withdrawn.statusCode).toBe(200)
    await publish()
    await expect
      .poll(() => heard('Delete', alice).length + heard('Delete', bob).length, { timeout: 15_000 })
      .toBe(2)
    expect(heard('Delete', alice)[0]!.json.object).toMatchObject({ type: 'Tombstone', id: note.id })
  })

  it('sends a Delete when the receiver hides a vouch, and a Create when they show it again', async () => {
    const hana = await publisher('Hana Hider')
    const gil = await publisher('Gil Giver')
    await peer.follow('watcher', actorUrl(hana))
    await expect.poll(() => heard('Accept', hana).length, { timeout: 15_000 }).toBe(1)
    const vouch = await endorse(t, gil, hana, { category: 'Communication' })
    await publish()
    await expect.poll(() => heard('Create', hana).length, { timeout: 15_000 }).toBe(1)

    expect((await t.inject(hana, { method: 'POST', url: `/api/vouches/${vouch.id}/hide` })).statusCode).toBe(
      200,
    )
    await publish()
    await expect.poll(() => heard('Delete', hana).length, { timeout: 15_000 }).toBe(1)

    expect((await t.inject(hana, { method: 'POST', url: `/api/vouches/${vouch.id}/show` })).statusCode).toBe(
      200,
    )
    await publish()
    await expect.poll(() => heard('Create', hana).length, { timeout: 15_000 }).toBe(2)
  })

  it('deletes every Note of a member who stops publishing', async () => {
    const olga = await publisher('Olga Optout')
    const pat = await publisher('Pat Peer')
    await peer.follow('fan', actorUrl(olga))
    await expect.poll(() => heard('Accept', olga).length, { timeout: 15_000 }).toBe(1)
    await endorse(t, pat, olga, { category: 'Teamwork' })
    await publish()
    await expect.poll(() => heard('Create', olga).length, { timeout: 15_000 }).toBe(1)

    await t.inject(olga, { method: 'PATCH', url: '/api/account/settings', payload: { federated: false } })
    await publish()
    await expect.poll(() => heard('Delete', olga).length, { timeout: 15_000 }).toBe(1)
    const actor = await t.app.inject({
      method: 'GET',
      url: `/profile/${olga.username}`,
      headers: { accept: 'application/activity+json' },
    })
    expect(actor.statusCode).toBe(404)
  })
})

describe('delivering', () => {
  it('retries a delivery to a server that was down until it is back', async () => {
    const rosa = await publisher('Rosa Retry')
    const sam = await publisher('Sam Sender')
    const flaky = await startPeer()
    await flaky.follow('fan', actorUrl(rosa))
    await expect
      .poll(() => flaky.accepted.filter((a) => a.type === 'Accept').length, { timeout: 15_000 })
      .toBe(1)
    const port = Number(new URL(flaky.origin).port)
    await flaky.close()

    await endorse(t, sam, rosa, { category: 'Initiative', note: 'sent while the server was down' })
    await publish()
    // The first attempt fails (connection refused) and waits in the queue for its retry.
    await expect
      .poll(async () => (await t.app.federation.queue.getDepth()).delayed, { timeout: 15_000 })
      .toBeGreaterThan(0)

    const back = await startPeer({ port })
    try {
      await expect
        .poll(() => back.accepted.filter((a) => a.type === 'Create').length, { timeout: 30_000 })
        .toBe(1)
      const note = back.accepted.find((a) => a.type === 'Create')!.json.object as Record<string, unknown>
      expect(note.content).toContain('sent while the server was down')
    } finally {
      await back.close()
    }
  }, 60_000)
})
