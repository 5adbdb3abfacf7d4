import { randomUUID } from 'node:crypto'
import { Hashtag, Note, Offer, Person, Source, Undo, Update } from '@fedify/vocab'
import { localizeMessage } from '@vouched/shared/i18n/localize'
import type { TRemoteVouchReceived } from '@vouched/shared/remote-vouches'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { remoteVouchesGiven, remoteVouchesReceived, users } from '../../db/schema/index'
import type { TestApp } from '../../../test/build-test-app'
import { createMember } from '../../../test/factories'
import { startFederatedApp, startPeer, type Peer } from '../../../test/fediverse-peer'
import { recomputeMemberStats } from '../endorsements/endorsements.recompute.service'

/**
 * Vouching across instances (issue 30, decision 156): two Vouched servers on 127.0.0.1, each with its
 * own database, a fediverse server claiming to run Vouched (to read every byte it is sent and to send
 * what a real server would not), and one that runs something else.
 */
let a: TestApp
let b: TestApp
let fake: Peer
let mastodon: Peer
beforeAll(async () => {
  a = await startFederatedApp()
  b = await startFederatedApp()
  fake = await startPeer({ software: 'vouched' })
  mastodon = await startPeer()
}, 60_000)
afterAll(async () => {
  await Promise.all([fake?.close(), mastodon?.close()])
  await Promise.all([a?.close(), b?.close()])
})

type Member = Awaited<ReturnType<typeof createMember>>
const publisher = (t: TestApp, fullName: string, email?: string) =>
  createMember(t.db, { federated: true, fullName, ...(email ? { email } : {}) })
const actorUrl = (t: TestApp, member: Member) => `${t.config.publicUrl}/profile/${member.username}`
const host = (t: TestApp) => new URL(t.config.publicUrl).host

const give = (t: TestApp, member: Member, payload: object) =>
  t.inject(member, { method: 'POST', url: '/api/federation/vouches', payload })
const received = async (t: TestApp, member: Member) => {
  const res = await t.inject(member, { method: 'GET', url: '/api/federation/vouches/received' })
  expect(res.statusCode).toBe(200)
  return res.json() as TRemoteVouchReceived[]
}
const reputationOf = async (t: TestApp, member: Member) => {
  const [row] = await t.db.select({ score: users.reputationScore }).from(users).where(eq(users.id, member.id))
  return row!.score
}
const drained = (t: TestApp) =>
  expect.poll(async () => (await t.app.federation.queue.getDepth()).queued, { timeout: 20_000 }).toBe(0)

describe('a vouch from one Vouched instance to another', () => {
  it('arrives pending with its origin, counts once accepted, and goes when withdrawn', async () => {
    const alice = await publisher(a, 'Alice Remote')
    const bob = await publisher(b, 'Bob Remote')
    const before = await reputationOf(b, bob)

    const res = await give(a, alice, {
      actorUri: actorUrl(b, bob),
      category: 'Teamwork',
      note: '  Kept the release calm  ',
      hashtags: ['#Rust', 'rust', 'Mentoring'],
    })
    expect(res.statusCode).toBe(201)
    expect(res.json()).toMatchObject({
      handle: `@${bob.username}@${host(b)}`,
      category: 'Teamwork',
      note: 'Kept the release calm',
      hashtags: ['Rust', 'Mentoring'],
    })
    const given = await a.inject(alice, { method: 'GET', url: '/api/federation/vouches/given' })
    expect(given.json()).toMatchObject([{ id: res.json().id, actorUri: actorUrl(b, bob) }])

    await expect.poll(async () => (await received(b, bob)).length, { timeout: 20_000 }).toBe(1)
    const [pending] = await received(b, bob)
    expect(pending).toMatchObject({
      handle: `@${alice.username}@${host(a)}`,
      instance: host(a),
      actorUri: actorUrl(a, alice),
      name: 'Alice Remote',
      status: 'pending',
      category: 'Teamwork',
      note: 'Kept the release calm',
      hashtags: ['Rust', 'Mentoring'],
    })
    // Waiting: neither shown on the profile nor counted.
    const profileList = () =>
      b.inject(bob, { method: 'GET', url: `/api/federation/users/${bob.username}/vouches` })
    expect((await profileList()).json()).toEqual([])
    expect(await reputationOf(b, bob)).toBe(before)

    // Read twice, so that with caches on (VOUCHED_TEST_CACHES=on) the profile is held (decision 132).
    const profileOf = () => b.inject(bob, { method: 'GET', url: `/api/users/${bob.username}` })
    for (let i = 0; i < 2; i += 1) expect((await profileOf()).json().user.reputationScore).toBe(before)
    const accepted = await b.inject(bob, {
      method: 'POST',
      url: `/api/federation/vouches/received/${pending!.id}/accept`,
    })
    expect(accepted.statusCode).toBe(200)
    expect(accepted.json()).toMatchObject({ status: 'accepted' })
    expect((await profileList()).json()).toMatchObject([
      { id: pending!.id, handle: `@${alice.username}@${host(a)}` },
    ])
    expect(await reputationOf(b, bob)).toBe(before + 2)
    await b.settle()
    expect((await profileOf()).json().user.reputationScore).toBe(before + 2)
    const explained = await b.inject(bob, { method: 'GET', url: '/api/reputation/me' })
    expect(explained.json()).toMatchObject({ reputationScore: before + 2, remotePoints: 2 })
    // The counter kept on each write is what recomputing from the rows gives.
    await recomputeMemberStats(b.db, bob.id)
    expect(await reputationOf(b, bob)).toBe(before + 2)

    const again = await b.inject(bob, {
      method: 'POST',
      url: `/api/federation/vouches/received/${pending!.id}/accept`,
    })
    expect(again.statusCode).toBe(409)

    // Both travel in their member's data export.
    const exportOf = async (t: TestApp, member: Member) =>
      (await t.inject(member, { method: 'GET', url: '/api/account/export' })).json()
    expect((await exportOf(a, alice)).remoteVouchesGiven).toMatchObject([
      { handle: `@${bob.username}@${host(b)}` },
    ])
    expect((await exportOf(b, bob)).remoteVouchesReceived).toMatchObject([
      { handle: `@${alice.username}@${host(a)}`, status: 'accepted' },
    ])

    const withdrawn = await a.inject(alice, {
      method: 'DELETE',
      url: `/api/federation/vouches/${res.json().id}`,
    })
    expect(withdrawn.statusCode).toBe(200)
    expect((await a.inject(alice, { method: 'GET', url: '/api/federation/vouches/given' })).json()).toEqual(
      [],
    )
    await expect.poll(async () => (await received(b, bob)).length, { timeout: 20_000 }).toBe(0)
    expect((await profileList()).json()).toEqual([])
    expect(await reputationOf(b, bob)).toBe(before)
    await b.settle()
    expect((await profileOf()).json().user.reputationScore).toBe(before)
  })

  it('lets the receiver decline, and counts several vouches from one instance once, capped over many', async () => {
    const bob = await publisher(b, 'Bob Decliner')
    const givers = [await publisher(a, 'Ann One'), await publisher(a, 'Ann Two')]
    for (const giver of givers) {
      expect((await give(a, giver, { actorUri: actorUrl(b, bob), category: 'Leadership' })).statusCode).toBe(
        201,
      )
    }
    await expect.poll(async () => (await received(b, bob)).length, { timeout: 20_000 }).toBe(2)
    const [first, second] = await received(b, bob)
    for (const vouch of [first!, second!]) {
      const res = await b.inject(bob, {
        method: 'POST',
        url: `/api/federation/vouches/received/${vouch.id}/accept`,
      })
      expect(res.statusCode).toBe(200)
    }
    // Two members of one instance: one instance, 2 points.
    expect(await reputationOf(b, bob)).toBe(2)

    // Rows as many instances would leave them: the sum stops at 10 however many there are.
    await b.db.insert(remoteVouchesReceived).values(
      Array.from({ length: 8 }, (_, i) => ({
        toUserId: bob.id,
        actorUri: `https://ring${i}.example/users/x`,
        handle: `@x@ring${i}.example`,
        instance: `ring${i}.example`,
        profileUrl: `https://ring${i}.example/users/x`,
        category: 'Creativity',
        offerId: `https://ring${i}.example/offers/${i}`,
        status: 'accepted' as const,
      })),
    )
    await recomputeMemberStats(b.db, bob.id)
    expect(await reputationOf(b, bob)).toBe(10)

    const declined = await b.inject(bob, {
      method: 'POST',
      url: `/api/federation/vouches/received/${first!.id}/decline`,
    })
    expect(declined.statusCode).toBe(200)
    expect((await received(b, bob)).map((vouch) => vouch.id)).not.toContain(first!.id)
    expect(await reputationOf(b, bob)).toBe(10)
  })
})

describe('the receiver is told', () => {
  it('of each new vouch once, in their language, and the notice goes with the vouch', async () => {
    const bob = await publisher(b, 'Bob Notified')
    const target = actorUrl(b, bob)
    const carol = `@carol@${new URL(fake.origin).host}`
    const offer = (category: string, words: string) =>
      new Offer({
        id: new URL(`/offers/${randomUUID()}`, fake.origin),
        actor: new URL(fake.actorUri('carol')),
        target: new URL(target),
        object: new Note({
          id: new URL(`/notes/${randomUUID()}`, fake.origin),
          attribution: new URL(fake.actorUri('carol')),
          name: category,
          source: new Source({ content: words, mediaType: 'text/plain' }),
        }),
      })
    const notices = async () => {
      const res = await b.inject(bob, { method: 'GET', url: '/api/notifications?type=remote-vouch' })
      expect(res.statusCode).toBe(200)
      return res.json() as {
        notifications: { type: string; entityId: number; message: string; fromUserId: number | null }[]
        unreadCount: number
      }
    }

    await fake.send('carol', target, offer('Teamwork', 'First words'))
    await expect.poll(async () => (await received(b, bob)).length, { timeout: 20_000 }).toBe(1)
    const [vouch] = await received(b, bob)
    const first = await notices()
    expect(first.unreadCount).toBe(1)
    expect(first.notifications).toEqual([
      expect.objectContaining({
        type: 'remote-vouch',
        entityId: vouch!.id,
        fromUserId: null,
        message: `${carol} vouched for you in Teamwork from another Vouched server`,
      }),
    ])
    expect(localizeMessage(first.notifications[0]!.message, 'de')).toBe(
      `${carol} hat dich auf einem anderen Vouched-Server für Teamarbeit empfohlen`,
    )

    // The same vouch offered again with new words: kept, and no second notice.
    await fake.send('carol', target, offer('Teamwork', 'Better words'))
    await expect
      .poll(async () => (await received(b, bob)).map((v) => v.note), { timeout: 20_000 })
      .toEqual(['Better words'])
    expect((await notices()).notifications).toHaveLength(1)

    // Its giver renames herself: the vouch shows her new name (decision 161).
    await fake.send(
      'carol',
      target,
      new Update({
        id: new URL(`/updates/${randomUUID()}`, fake.origin),
        actor: new URL(fake.actorUri('carol')),
        object: new Person({
          id: new URL(fake.actorUri('carol')),
          preferredUsername: 'carol',
          name: 'Carol Ng',
        }),
      }),
    )
    await expect.poll(async () => (await received(b, bob))[0]?.name, { timeout: 20_000 }).toBe('Carol Ng')

    // Declined: the notice that asked for an answer goes too.
    const declined = await b.inject(bob, {
      method: 'POST',
      url: `/api/federation/vouches/received/${vouch!.id}/decline`,
    })
    expect(declined.statusCode).toBe(200)
    expect(await notices()).toMatchObject({ notifications: [], unreadCount: 0 })

    // Taken back by its giver before the member answered: vouch and notice go.
    const leadership = offer('Leadership', 'Led well')
    await fake.send('carol', target, leadership)
    await expect.poll(async () => (await notices()).notifications.length, { timeout: 20_000 }).toBe(1)
    await fake.send(
      'carol',
      target,
      new Undo({
        id: new URL(`/undo/${randomUUID()}`, fake.origin),
        actor: new URL(fake.actorUri('carol')),
        object: leadership,
      }),
    )
    await expect.poll(async () => (await received(b, bob)).length, { timeout: 20_000 }).toBe(0)
    expect(await notices()).toMatchObject({ notifications: [], unreadCount: 0 })
  })
})

describe('what a remote vouch refuses', () => {
  it('answers bad input, strangers and other software with clear errors', async () => {
    const alice = await publisher(a, 'Alice Errors')
    const quiet = await createMember(a.db)
    const bob = await publisher(b, 'Bob Errors')
    const target = actorUrl(b, bob)

    const anonymous = await a.app.inject({
      method: 'POST',
      url: '/api/federation/vouches',
      payload: { actorUri: target },
    })
    expect(anonymous.statusCode).toBe(401)
    expect((await give(a, quiet, { actorUri: target })).json()).toMatchObject({ code: 'NOT_PUBLISHING' })

    for (const [payload, field] of [
      [{ actorUri: target, isAnonymous: true }, 'isAnonymous'],
      [{ actorUri: target, category: 'Juggling' }, 'category'],
      [{ actorUri: target, note: 'x'.repeat(1001) }, 'note'],
      [{ actorUri: target, hashtags: ['#'] }, 'hashtags'],
      [{ actorUri: 'not a url' }, 'actorUri'],
      [{ actorUri: 'ftp://example.org/x' }, 'actorUri'],
      [{ actorUri: actorUrl(a, quiet) }, 'actorUri'],
    ] as const) {
      const res = await give(a, alice, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json().field, JSON.stringify(payload)).toBe(field)
      expect(res.json().message).toEqual(expect.any(String))
    }

    const nobody = await give(a, alice, { actorUri: `${b.config.publicUrl}/profile/nobody-here` })
    expect(nobody.statusCode).toBe(404)
    expect(nobody.json()).toMatchObject({ code: 'REMOTE_ACTOR_NOT_FOUND', field: 'actorUri' })

    const elsewhere = await give(a, alice, { actorUri: mastodon.actorUri('someone') })
    expect(elsewhere.statusCode).toBe(400)
    expect(elsewhere.json()).toMatchObject({ code: 'NOT_A_VOUCHED_SERVER', field: 'actorUri' })

    expect((await give(a, alice, { actorUri: target, category: 'Creativity' })).statusCode).toBe(201)
    const twice = await give(a, alice, { actorUri: target, category: 'Creativity' })
    expect(twice.statusCode).toBe(409)
    expect(twice.json()).toMatchObject({ code: 'DUPLICATE' })

    // Other members' vouches are not there for them.
    const [mine] = (await a.inject(alice, { method: 'GET', url: '/api/federation/vouches/given' })).json()
    expect(
      (await a.inject(quiet, { method: 'DELETE', url: `/api/federation/vouches/${mine.id}` })).statusCode,
    ).toBe(404)
    await expect.poll(async () => (await received(b, bob)).length, { timeout: 20_000 }).toBe(1)
    const [waiting] = await received(b, bob)
    const stranger = await publisher(b, 'Stranger Errors')
    for (const action of ['accept', 'decline']) {
      const res = await b.inject(stranger, {
        method: 'POST',
        url: `/api/federation/vouches/received/${waiting!.id}/${action}`,
      })
      expect(res.statusCode).toBe(404)
    }
    const badId = await b.inject(bob, { method: 'POST', url: '/api/federation/vouches/received/abc/accept' })
    expect(badId.statusCode).toBe(400)
    const unknown = await b.inject(bob, { method: 'GET', url: '/api/federation/users/nobody-at-all/vouches' })
    expect(unknown.statusCode).toBe(404)
  })

  it('drops anonymous, forged and invalid Offers, and those from other software or unsigned', async () => {
    const bob = await publisher(b, 'Bob Guarded')
    const target = actorUrl(b, bob)
    const offer = (from: Peer, note: Partial<ConstructorParameters<typeof Note>[0]>, category = 'Teamwork') =>
      new Offer({
        id: new URL(`/offers/${randomUUID()}`, from.origin),
        actor: new URL(from.actorUri('carol')),
        target: new URL(target),
        object: new Note({
          id: new URL(`/notes/${randomUUID()}`, from.origin),
          attribution: new URL(from.actorUri('carol')),
          name: category,
          content: '<p>a vouch</p>',
          ...note,
        }),
      })
    // Anonymous (no giver named), forged (another giver), invalid fields, and from a non-Vouched server.
    await fake.send('carol', target, offer(fake, { attribution: null }))
    await fake.send('carol', target, offer(fake, { attribution: new URL(fake.actorUri('dave')) }))
    await fake.send('carol', target, offer(fake, {}, 'Juggling'))
    await fake.send(
      'carol',
      target,
      offer(fake, { source: new Source({ content: 'x'.repeat(1001), mediaType: 'text/plain' }) }),
    )
    await fake.send('carol', target, offer(fake, { tags: [new Hashtag({ name: '#' + 'y'.repeat(60) })] }))
    await mastodon.send('carol', target, offer(mastodon, {}))
    // Unsigned, naming a Vouched actor as its sender: refused before anything reads it.
    const unsigned = await fetch(`${b.config.publicUrl}/federation/users/${bob.username}/inbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json' },
      body: JSON.stringify(await offer(fake, {}).toJsonLd({ format: 'compact' })),
    })
    expect(unsigned.status).toBe(401)

    // Signed by a key of the fake server while naming an actor of the Vouched server A as its sender.
    const alice = await publisher(a, 'Alice Impersonated')
    const impersonated = offer(fake, { attribution: new URL(actorUrl(a, alice)) })
    await expect(
      fake.send('carol', target, impersonated.clone({ actor: new URL(actorUrl(a, alice)) })),
    ).rejects.toThrow(/401/)

    // The one valid Offer, sent last, arrives: everything before it was read and dropped.
    await fake.send(
      'carol',
      target,
      offer(fake, { source: new Source({ content: 'Fine', mediaType: 'text/plain' }) }, 'Creativity'),
    )
    await expect.poll(async () => (await received(b, bob)).length, { timeout: 20_000 }).toBe(1)
    expect(await received(b, bob)).toMatchObject([
      { category: 'Creativity', handle: `@carol@${new URL(fake.origin).host}`, status: 'pending' },
    ])
  })
})

describe('privacy', () => {
  it('offers the vouch and the giver’s public profile only, signed, to the receiver alone', async () => {
    const alice = await publisher(a, 'Alice Private', `alice-secret-mail-${randomUUID()}@example.org`)
    const res = await give(a, alice, {
      actorUri: fake.actorUri('erin'),
      category: 'Communication',
      note: 'Clear writer',
      hashtags: ['Docs'],
    })
    expect(res.statusCode).toBe(201)
    const offersSeen = () => fake.deliveries.filter((delivery) => delivery.json.type === 'Offer').length
    await expect.poll(offersSeen, { timeout: 20_000 }).toBe(1)
    await drained(a)
    const offers = fake.deliveries.filter((delivery) => delivery.json.type === 'Offer')
    expect(offers).toHaveLength(1)
    const [delivery] = offers
    expect(delivery!.path).toBe('/users/erin/inbox')
    expect(delivery!.json).toMatchObject({ actor: actorUrl(a, alice), target: fake.actorUri('erin') })
    expect(delivery!.body).toContain('Clear writer')
    expect(delivery!.body).not.toContain('secret-mail')
    expect(delivery!.body).not.toContain('example.org')
    expect(delivery!.body).not.toMatch(/"(cc|bto|bcc)"/)
    expect(delivery!.body).not.toContain('https://www.w3.org/ns/activitystreams#Public')
    // The signature checked: the peer's fedify took it as alice's.
    await expect
      .poll(() => fake.accepted.filter((activity) => activity.type === 'Offer').length, { timeout: 20_000 })
      .toBe(1)

    const [row] = await a.db.select().from(remoteVouchesGiven).where(eq(remoteVouchesGiven.id, res.json().id))
    const withdrawn = await a.inject(alice, { method: 'DELETE', url: `/api/federation/vouches/${row!.id}` })
    expect(withdrawn.statusCode).toBe(200)
    await expect
      .poll(() => fake.deliveries.some((d) => d.json.type === 'Undo'), { timeout: 20_000 })
      .toBe(true)
    const undo = fake.deliveries.find((d) => d.json.type === 'Undo')
    expect(undo?.json).toMatchObject({
      actor: actorUrl(a, alice),
      object: { id: row!.offerId, type: 'Offer' },
    })
  })
})
