import { randomUUID } from 'node:crypto'
import { Create, Delete, Image, Link, Note, Person, Reject, Tombstone, Update } from '@fedify/vocab'
import type { TFediverseFeed, TFollowing, TRemoteAccount } from '@vouched/shared/fediverse-following'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { federationFollowers, federationFollowing, federationRemotePosts } from '../../db/schema/index'
import type { TestApp } from '../../../test/build-test-app'
import { createMember } from '../../../test/factories'
import { startFederatedApp, startPeer, type Peer } from '../../../test/fediverse-peer'
import { Temporal } from './temporal'

/**
 * Members following fediverse accounts, against real servers on 127.0.0.1: a Vouched-like peer that
 * accepts follows, and a plain one that does not answer them. Every request is signed and checked.
 */
let t: TestApp
let peer: Peer
let quiet: Peer
beforeAll(async () => {
  t = await startFederatedApp()
  peer = await startPeer({ software: 'vouched', acceptFollows: true })
  quiet = await startPeer()
}, 60_000)
afterAll(async () => {
  await peer?.close()
  await quiet?.close()
  await t?.close()
})

type Member = Awaited<ReturnType<typeof createMember>>
const publisher = async () => {
  const member = await createMember(t.db, { federated: true, email: `${randomUUID()}-secret@example.org` })
  return member
}
const handleOn = (p: Peer, identifier: string) => `@${identifier}@${new URL(p.origin).host}`
const actorUrl = (member: Member) => `${t.config.publicUrl}/profile/${member.username}`
const lookup = async (member: Member, handle: string) =>
  t.inject(member, { method: 'GET', url: `/api/federation/lookup?handle=${encodeURIComponent(handle)}` })
const follow = async (member: Member, actorUri: string) =>
  t.inject(member, { method: 'POST', url: '/api/federation/following', payload: { actorUri } })
const following = async (member: Member) =>
  (await t.inject(member, { method: 'GET', url: '/api/federation/following' })).json<{
    following: TFollowing[]
  }>().following
const feed = async (member: Member, cursor?: string) =>
  (
    await t.inject(member, {
      method: 'GET',
      url: `/api/federation/feed${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
    })
  ).json<TFediverseFeed>()
const sentBy = (p: Peer, type: string, member: Member) =>
  p.accepted.filter((a) => a.type === type && String(a.json.actor) === actorUrl(member))

const note = (
  p: Peer,
  identifier: string,
  content: string,
  extra: Partial<ConstructorParameters<typeof Note>[0]> = {},
) =>
  new Note({
    id: new URL(`/notes/${randomUUID()}`, p.origin),
    attribution: new URL(p.actorUri(identifier)),
    content,
    url: new URL(`/@${identifier}/1`, p.origin),
    published: Temporal.Now.instant(),
    ...extra,
  })
const create = (p: Peer, identifier: string, object: Note) =>
  new Create({
    id: new URL(`/creates/${randomUUID()}`, p.origin),
    actor: new URL(p.actorUri(identifier)),
    object,
  })

describe('looking up a fediverse account', () => {
  it('finds it by handle over WebFinger, with its server’s software, and its summary as plain text', async () => {
    const ann = await createMember(t.db)
    const res = await lookup(ann, handleOn(peer, 'alice'))
    expect(res.statusCode).toBe(200)
    expect(res.json<TRemoteAccount>()).toEqual({
      handle: handleOn(peer, 'alice'),
      actorUri: peer.actorUri('alice'),
      name: 'Peer alice',
      summary: 'Hello from alice',
      avatarUrl: null,
      url: null,
      software: 'vouched',
      vouched: true,
      following: 'none',
    })
    const other = await lookup(ann, `${handleOn(quiet, 'bob').slice(1)}`)
    expect(other.json()).toMatchObject({ software: 'fedify-peer', vouched: false })
    // An actor's URL finds it too.
    expect((await lookup(ann, peer.actorUri('carol'))).json()).toMatchObject({
      actorUri: peer.actorUri('carol'),
    })
  })

  it('answers 404 for an account its server does not have, 502 for a server that does not answer', async () => {
    const ann = await createMember(t.db)
    // The peer's actors exist for any name; a path it does not serve has no actor.
    const missing = await lookup(ann, `${peer.origin}/nobody/here`)
    expect(missing.statusCode).toBe(404)
    expect(missing.json()).toMatchObject({ code: 'REMOTE_NOT_FOUND' })
    const down = await lookup(ann, '@someone@127.0.0.1:9')
    expect(down.statusCode).toBe(502)
    expect(down.json()).toMatchObject({ code: 'REMOTE_UNAVAILABLE' })
  })
})

describe('following a fediverse account', () => {
  it('sends a Follow, is accepted, keeps its posts in the feed, applies Update and Delete, and sends Undo', async () => {
    const fay = await publisher()
    const found = (await lookup(fay, handleOn(peer, 'dora'))).json<TRemoteAccount>()
    const res = await follow(fay, found.actorUri)
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({ handle: handleOn(peer, 'dora'), state: 'pending', vouched: true })
    // Following again sends nothing more.
    expect((await follow(fay, found.actorUri)).statusCode).toBe(200)

    await expect.poll(() => sentBy(peer, 'Follow', fay).length, { timeout: 15_000 }).toBe(1)
    await expect.poll(async () => (await following(fay))[0]?.state, { timeout: 15_000 }).toBe('accepted')
    expect((await lookup(fay, handleOn(peer, 'dora'))).json()).toMatchObject({ following: 'accepted' })

    // A vouch Note from another Vouched instance, with markup and a script that must not survive.
    const vouchNote = note(
      peer,
      'dora',
      '<p>Vouched for <a href="x">Eli</a> in <strong>Teamwork</strong></p><script>steal()</script><p>Great &amp; kind</p>',
      {
        attachments: [
          new Link({
            href: new URL('/api/credentials/vouches/7', peer.origin),
            mediaType: 'application/vc+ld+json',
          }),
        ],
      },
    )
    await peer.send('dora', actorUrl(fay), create(peer, 'dora', vouchNote))
    const plain = note(peer, 'dora', 'Just a post')
    await peer.send('dora', actorUrl(fay), create(peer, 'dora', plain))
    // A Note from an account no one here follows is not kept.
    const stranger = note(peer, 'stranger', 'Not followed')
    await peer.send('stranger', actorUrl(fay), create(peer, 'stranger', stranger))
    // Nor one the followed account sends as someone else's.
    const forged = note(peer, 'dora', 'Forged', { attribution: new URL(peer.actorUri('stranger')) })
    await peer.send('dora', actorUrl(fay), create(peer, 'dora', forged))

    await expect.poll(async () => (await feed(fay)).items.length, { timeout: 15_000 }).toBe(2)
    const { items } = await feed(fay)
    const vouch = items.find((item) => item.isVouch)
    expect(vouch).toMatchObject({
      author: { handle: handleOn(peer, 'dora'), name: 'Peer dora' },
      text: 'Vouched for Eli in Teamwork\n\nGreat & kind',
      url: `${peer.origin}/@dora/1`,
    })
    expect(items.find((item) => !item.isVouch)).toMatchObject({ text: 'Just a post' })
    const stored = await t.db.select().from(federationRemotePosts)
    expect(stored.map((row) => row.text)).not.toContain('Not followed')
    expect(stored.map((row) => row.text)).not.toContain('Forged')

    await peer.send(
      'dora',
      actorUrl(fay),
      new Update({
        id: new URL(`/updates/${randomUUID()}`, peer.origin),
        actor: new URL(peer.actorUri('dora')),
        object: note(peer, 'dora', 'Just an edited post', { id: plain.id }),
      }),
    )
    await expect
      .poll(async () => (await feed(fay)).items.map((item) => item.text), { timeout: 15_000 })
      .toContain('Just an edited post')

    await peer.send(
      'dora',
      actorUrl(fay),
      new Delete({
        id: new URL(`/deletes/${randomUUID()}`, peer.origin),
        actor: new URL(peer.actorUri('dora')),
        object: new Tombstone({ id: plain.id }),
      }),
    )
    await expect.poll(async () => (await feed(fay)).items.length, { timeout: 15_000 }).toBe(1)

    // Another member does not see what fay follows.
    const gus = await createMember(t.db)
    expect((await feed(gus)).items).toEqual([])

    const [row] = await following(fay)
    const unfollowed = await t.inject(fay, { method: 'DELETE', url: `/api/federation/following/${row!.id}` })
    expect(unfollowed.statusCode).toBe(200)
    await expect.poll(() => sentBy(peer, 'Undo', fay).length, { timeout: 15_000 }).toBe(1)
    const undo = sentBy(peer, 'Undo', fay)[0]!.json
    const sentFollow = sentBy(peer, 'Follow', fay)[0]!.json
    expect(undo.object).toMatchObject({ type: 'Follow', id: sentFollow.id, object: peer.actorUri('dora') })
    expect(await following(fay)).toEqual([])
    expect((await feed(fay)).items).toEqual([])
    // No one here follows dora any longer: her posts are gone.
    expect(
      await t.db
        .select()
        .from(federationRemotePosts)
        .where(eq(federationRemotePosts.actorUri, peer.actorUri('dora'))),
    ).toEqual([])

    // What was sent carries nothing private: the member's actor, the followed account, ids.
    for (const delivery of peer.deliveries.filter((d) => String(d.json.actor) === actorUrl(fay))) {
      expect(['Follow', 'Undo']).toContain(delivery.json.type)
      expect(delivery.body).not.toContain('secret@example.org')
      expect(delivery.body).not.toContain('Not followed')
      const keys = Object.keys(delivery.json).filter(
        (key) => !['@context', 'id', 'type', 'actor', 'object', 'proof', 'signature'].includes(key),
      )
      expect(keys).toEqual([])
    }
  })

  it('shows the new name, picture and page an account gives itself in Update(Person), and only its own', async () => {
    const gil = await publisher()
    for (const account of ['hana', 'ivan']) {
      const found = (await lookup(gil, handleOn(peer, account))).json<TRemoteAccount>()
      expect((await follow(gil, found.actorUri)).statusCode).toBe(201)
    }
    const named = async () => Object.fromEntries((await following(gil)).map((f) => [f.handle, f] as const))
    const hana = async () => (await named())[handleOn(peer, 'hana')]!
    await expect
      .poll(async () => (await following(gil)).map((f) => f.state), { timeout: 15_000 })
      .toEqual(['accepted', 'accepted'])
    // Hana also follows Gil: she is kept as his follower under the name she had then.
    await peer.follow('hana', actorUrl(gil))
    const followerName = async () =>
      (
        await t.db
          .select({ name: federationFollowers.name, url: federationFollowers.url })
          .from(federationFollowers)
          .where(eq(federationFollowers.userId, gil.id))
      )[0]
    await expect.poll(async () => (await followerName())?.name, { timeout: 15_000 }).toBe('Peer hana')

    const update = (sender: string, about: string, name: string) =>
      new Update({
        id: new URL(`/updates/${randomUUID()}`, peer.origin),
        actor: new URL(peer.actorUri(sender)),
        object: new Person({
          id: new URL(peer.actorUri(about)),
          preferredUsername: about,
          name,
          url: new URL(`/@${about}`, peer.origin),
          icon: new Image({ url: new URL(`/avatars/${about}.png`, peer.origin) }),
        }),
      })
    // Ivan's Update of someone else's profile renames nobody, not even Ivan; then Hana renames herself,
    // with markup that must not survive.
    await peer.send('ivan', actorUrl(gil), update('ivan', 'hana', 'Not Hana'))
    await expect
      .poll(async () => (await t.app.federation.queue.getDepth()).queued, { timeout: 15_000 })
      .toBe(0)
    expect((await following(gil)).map((f) => f.name).sort()).toEqual(['Peer hana', 'Peer ivan'])
    await peer.send('hana', actorUrl(gil), update('hana', 'hana', '<b>Hana</b> Ito'))
    await expect.poll(async () => (await hana()).name, { timeout: 15_000 }).toBe('Hana Ito')
    expect(await hana()).toMatchObject({
      url: `${peer.origin}/@hana`,
      avatarUrl: `${peer.origin}/avatars/hana.png`,
    })
    expect(await followerName()).toEqual({ name: 'Hana Ito', url: `${peer.origin}/@hana` })
  })

  it('stays pending until answered, and a Reject forgets the follow', async () => {
    const hal = await publisher()
    const target = quiet.actorUri('ida')
    expect((await follow(hal, target)).statusCode).toBe(201)
    await expect.poll(() => sentBy(quiet, 'Follow', hal).length, { timeout: 15_000 }).toBe(1)
    expect((await lookup(hal, handleOn(quiet, 'ida'))).json()).toMatchObject({ following: 'pending' })

    // Posts of an account not (yet) accepted are not kept.
    await quiet.send('ida', actorUrl(hal), create(quiet, 'ida', note(quiet, 'ida', 'Too early')))
    const sent = sentBy(quiet, 'Follow', hal)[0]!.json
    // A Reject from someone else than the followed account changes nothing.
    await quiet.send(
      'mallory',
      actorUrl(hal),
      new Reject({
        id: new URL(`/rejects/${randomUUID()}`, quiet.origin),
        actor: new URL(quiet.actorUri('mallory')),
        object: new URL(String(sent.id)),
      }),
    )
    await quiet.send(
      'ida',
      actorUrl(hal),
      new Reject({
        id: new URL(`/rejects/${randomUUID()}`, quiet.origin),
        actor: new URL(target),
        object: new URL(String(sent.id)),
      }),
    )
    await expect.poll(async () => (await following(hal)).length, { timeout: 15_000 }).toBe(0)
    const rows = await t.db.select().from(federationFollowing).where(eq(federationFollowing.userId, hal.id))
    expect(rows).toEqual([])
    expect((await t.db.select().from(federationRemotePosts)).map((row) => row.text)).not.toContain(
      'Too early',
    )
  })

  it('sends Undo(Follow) and forgets the follows of a member who stops publishing', async () => {
    const jo = await publisher()
    expect((await follow(jo, peer.actorUri('kim'))).statusCode).toBe(201)
    await expect.poll(async () => (await following(jo))[0]?.state, { timeout: 15_000 }).toBe('accepted')
    const off = await t.inject(jo, {
      method: 'PATCH',
      url: '/api/account/settings',
      payload: { federated: false },
    })
    expect(off.statusCode).toBe(200)
    await t.app.federation.publisher.drain()
    await expect.poll(() => sentBy(peer, 'Undo', jo).length, { timeout: 15_000 }).toBe(1)
    expect(sentBy(peer, 'Undo', jo)[0]!.json.object).toMatchObject({
      type: 'Follow',
      object: peer.actorUri('kim'),
    })
    expect(
      await t.db.select().from(federationFollowing).where(eq(federationFollowing.userId, jo.id)),
    ).toEqual([])
  })
})
