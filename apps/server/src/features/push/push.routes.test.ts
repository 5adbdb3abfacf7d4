import { randomBytes, createECDH } from 'node:crypto'
import { NOTIFICATION_TEXTS } from '@vouched/shared/notifications.constants'
import { PUSH_MESSAGES, type TPushPayload } from '@vouched/shared/push'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  notificationPreferences,
  pushDeliveries,
  pushSubscriptions,
  pushVapidKeys,
} from '../../db/schema/index'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createMember, DEFAULT_PASSWORD, endorse } from '../../../test/factories'
import { startLocalPushService, type LocalPushService } from '../../../test/local-push-service'
import { createNotification } from '../notifications/notifications.service'
import { findOrCreateVapidKeys, upsertSubscription } from './push.service'

let t: TestApp
let push: LocalPushService
beforeAll(async () => {
  t = await buildTestApp()
  push = await startLocalPushService()
})
afterAll(async () => {
  await push?.close()
  await t.close()
})

type Member = Awaited<ReturnType<typeof createMember>>

/** A subscription as a browser makes one, for a push service that is never called. */
function browserSubscription(endpoint = `https://push.example.test/send/${randomBytes(12).toString('hex')}`) {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return {
    endpoint,
    expirationTime: null,
    keys: {
      p256dh: ecdh.getPublicKey().toString('base64url'),
      auth: randomBytes(16).toString('base64url'),
    },
  }
}

const subscribe = (member: Member, payload: Record<string, unknown>) =>
  t.inject(member, { method: 'POST', url: '/api/push/subscriptions', payload })

const subscriptionsOf = (member: Member) =>
  t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, member.id))

describe('VAPID keys', () => {
  it('makes one pair even when several instances start at once, and keeps it', async () => {
    // First in the file: nothing has made the pair yet.
    await t.db.delete(pushVapidKeys)
    const made = await Promise.all(Array.from({ length: 5 }, () => findOrCreateVapidKeys(t.db)))
    expect(new Set(made.map((keys) => keys.publicKey)).size).toBe(1)
    expect(await t.db.select().from(pushVapidKeys)).toHaveLength(1)

    const member = await createMember(t.db)
    const res = await t.inject(member, { method: 'GET', url: '/api/push/public-key' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ publicKey: made[0]!.publicKey })
    const other = await t.otherInstance()
    const again = await other.inject({
      method: 'GET',
      url: '/api/push/public-key',
      headers: { cookie: await t.cookieFor(member) },
    })
    expect(again.json()).toEqual({ publicKey: made[0]!.publicKey })
    expect(res.body).not.toContain(made[0]!.privateKey)
  })
})

describe('subscriptions', () => {
  it('answers 401 without a session', async () => {
    for (const [method, url] of [
      ['GET', '/api/push/public-key'],
      ['POST', '/api/push/subscriptions'],
      ['DELETE', '/api/push/subscriptions'],
    ] as const) {
      const res = await t.app.inject({ method, url, payload: method === 'GET' ? undefined : {} })
      expect(res.statusCode, `${method} ${url}`).toBe(401)
    }
  })

  it('registers a device with every type on, then updates it by endpoint', async () => {
    const member = await createMember(t.db)
    const subscription = browserSubscription()
    const created = await subscribe(member, { subscription })
    expect(created.statusCode).toBe(201)
    expect(created.json()).toMatchObject({
      endpoint: subscription.endpoint,
      types: { endorsement: true, like: true, comment: true, connection: true },
    })

    const switched = await subscribe(member, { subscription, types: { like: false, comment: false } })
    expect(switched.statusCode).toBe(200)
    expect(switched.json().types).toEqual({
      endorsement: true,
      like: false,
      comment: false,
      connection: true,
    })
    // Without types (a page load re-sending its subscription) the device keeps its switches.
    const resent = await subscribe(member, { subscription })
    expect(resent.json().types).toEqual(switched.json().types)
    expect(await subscriptionsOf(member)).toHaveLength(1)
  })

  it('refuses a malformed subscription, naming the field', async () => {
    const member = await createMember(t.db)
    const good = browserSubscription()
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'subscription'],
      [{ subscription: { ...good, endpoint: 'not a url' } }, 'subscription.endpoint'],
      [{ subscription: { ...good, endpoint: 'http://push.example.test/send/1' } }, 'subscription.endpoint'],
      [{ subscription: { ...good, endpoint: 'ftp://push.example.test/send/1' } }, 'subscription.endpoint'],
      [{ subscription: { endpoint: good.endpoint } }, 'subscription.keys'],
      [{ subscription: { ...good, keys: { ...good.keys, auth: 'short' } } }, 'subscription.keys.auth'],
      // Well formed, but not a point on P-256: nothing could ever be encrypted to it.
      [
        { subscription: { ...good, keys: { ...good.keys, p256dh: `B${'A'.repeat(86)}` } } },
        'subscription.keys.p256dh',
      ],
    ]
    for (const [payload, field] of cases) {
      const res = await subscribe(member, payload)
      expect(res.statusCode, JSON.stringify(payload)).toBe(400)
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR', field })
    }
    const endpoint = await subscribe(member, {
      subscription: { ...good, endpoint: 'http://push.example.test/1' },
    })
    expect(endpoint.json().message).toBe(PUSH_MESSAGES.endpointInvalid)
    expect(await subscriptionsOf(member)).toHaveLength(0)
  })

  it('refuses unknown types and switches that are not booleans', async () => {
    const member = await createMember(t.db)
    for (const types of [{ message: true }, { like: 'no' }, { endorsement: true, mentions: false }, []]) {
      const res = await subscribe(member, { subscription: browserSubscription(), types })
      expect(res.statusCode, JSON.stringify(types)).toBe(400)
      expect(res.json()).toMatchObject({ code: 'VALIDATION_ERROR' })
      expect(res.json().field).toMatch(/^types/)
    }
    expect(await subscriptionsOf(member)).toHaveLength(0)
  })

  it('takes plain http only from a push service on this machine, and never in production', async () => {
    const member = await createMember(t.db)
    const local = browserSubscription('http://127.0.0.1:8090/notify/abc')
    expect((await subscribe(member, { subscription: local })).statusCode).toBe(201)
    await expect(
      upsertSubscription(t.db, { ...t.config, env: 'production' }, member.id, null, {
        subscription: browserSubscription('http://localhost:8090/notify/def'),
      }),
    ).rejects.toMatchObject({ status: 400, field: 'subscription.endpoint' })
  })

  it('removes only the member’s own device: another member’s endpoint is 404 and stays', async () => {
    const [owner, other] = [await createMember(t.db), await createMember(t.db)]
    const subscription = browserSubscription()
    await subscribe(owner, { subscription })

    const stranger = await t.inject(other, {
      method: 'DELETE',
      url: '/api/push/subscriptions',
      payload: { endpoint: subscription.endpoint },
    })
    expect(stranger.statusCode).toBe(404)
    expect(stranger.json()).toMatchObject({ code: 'NOT_FOUND', message: PUSH_MESSAGES.notFound })
    expect(await subscriptionsOf(owner)).toHaveLength(1)

    const own = await t.inject(owner, {
      method: 'DELETE',
      url: '/api/push/subscriptions',
      payload: { endpoint: subscription.endpoint },
    })
    expect(own.statusCode).toBe(200)
    expect(own.json()).toEqual({ success: true })
    expect(await subscriptionsOf(owner)).toHaveLength(0)
    const again = await t.inject(owner, {
      method: 'DELETE',
      url: '/api/push/subscriptions',
      payload: { endpoint: subscription.endpoint },
    })
    expect(again.statusCode).toBe(404)
  })

  it('gives a browser’s subscription to the member who registers it last', async () => {
    const [first, second] = [await createMember(t.db), await createMember(t.db)]
    const subscription = browserSubscription()
    await subscribe(first, { subscription })
    const taken = await subscribe(second, { subscription })
    expect(taken.statusCode).toBe(200)
    expect(await subscriptionsOf(first)).toHaveLength(0)
    expect(await subscriptionsOf(second)).toHaveLength(1)
  })

  it('goes with the session that registered it: signing out there, or ending it elsewhere', async () => {
    const member = await createMember(t.db)
    const asDevice = async () => {
      const cookie = await t.cookieFor(member)
      const subscription = browserSubscription()
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/push/subscriptions',
        headers: { cookie },
        payload: { subscription },
      })
      expect(res.statusCode).toBe(201)
      return { cookie, endpoint: subscription.endpoint }
    }
    const [laptop, phone, tablet] = [await asDevice(), await asDevice(), await asDevice()]
    const endpoints = async () => (await subscriptionsOf(member)).map((row) => row.endpoint).sort()
    expect(await endpoints()).toEqual([laptop.endpoint, phone.endpoint, tablet.endpoint].sort())

    const out = await t.app.inject({ method: 'POST', url: '/api/logout', headers: { cookie: laptop.cookie } })
    expect(out.statusCode).toBe(200)
    expect(await endpoints()).toEqual([phone.endpoint, tablet.endpoint].sort())

    // "Sign out other devices" from the phone ends the tablet's session, and its pushes with it.
    const others = await t.app.inject({
      method: 'POST',
      url: '/api/account/sessions/revoke-others',
      headers: { cookie: phone.cookie },
    })
    expect(others.statusCode).toBe(200)
    expect(await endpoints()).toEqual([phone.endpoint])
  })

  it('goes with the account', async () => {
    const member = await createMember(t.db)
    await subscribe(member, { subscription: browserSubscription() })
    const res = await t.inject(member, {
      method: 'DELETE',
      url: '/api/account',
      payload: { password: DEFAULT_PASSWORD },
    })
    expect(res.statusCode).toBe(200)
    expect(await subscriptionsOf(member)).toHaveLength(0)
  })
})

describe('delivery through a local push service', () => {
  const publicKey = async () => (await findOrCreateVapidKeys(t.db)).publicKey

  /** Subscribes the member's "browser" at the local push service and registers it with Vouched. */
  async function device(member: Member, types?: Record<string, boolean>) {
    const local = await push.subscribe(await publicKey())
    const res = await subscribe(member, {
      subscription: { endpoint: local.endpoint, keys: local.keys },
      ...(types ? { types } : {}),
    })
    expect(res.statusCode).toBe(201)
    return local
  }

  const payloads = async (local: Awaited<ReturnType<typeof device>>) =>
    (await push.messages(local)).map((message) => JSON.parse(message) as TPushPayload)

  it('pushes what the live notification says and where it leads, nothing private', async () => {
    const [receiver, giver] = [await createMember(t.db), await createMember(t.db)]
    const local = await device(receiver)
    const vouch = await endorse(t, giver, receiver, { category: 'Leadership', note: 'A secret note' })
    await t.app.pushDelivery.drain()

    const received = await payloads(local)
    expect(received).toHaveLength(1)
    expect(received[0]).toMatchObject({
      title: 'New endorsement',
      body: `${giver.fullName} endorsed you for Leadership`,
      url: `/vouches/${vouch.id}`,
    })
    const text = JSON.stringify(received[0])
    for (const secret of ['A secret note', giver.email, receiver.email]) expect(text).not.toContain(secret)
    expect(await t.db.select().from(pushDeliveries)).toHaveLength(0)
  })

  it('pushes in the language the recipient saved, English when they saved none', async () => {
    const [german, english, giver] = [
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db),
    ]
    const saved = await t.inject(german, {
      method: 'PATCH',
      url: '/api/account/settings',
      payload: { locale: 'de' },
    })
    expect(saved.statusCode).toBe(200)
    const [toGerman, toEnglish] = [await device(german), await device(english)]
    await endorse(t, giver, german, { category: 'Problem Solving' })
    await endorse(t, giver, english, { category: 'Problem Solving' })
    await t.app.pushDelivery.drain()

    expect(await payloads(toGerman)).toMatchObject([
      { title: 'Neue Empfehlung', body: `${giver.fullName} hat dich für Problemlösung empfohlen` },
    ])
    expect(await payloads(toEnglish)).toMatchObject([
      { title: 'New endorsement', body: `${giver.fullName} endorsed you for Problem Solving` },
    ])
    // The notification itself stays stored in English (the web and the mails translate it).
    const list = await t.inject(german, { method: 'GET', url: '/api/notifications' })
    expect(JSON.stringify(list.json())).toContain(`${giver.fullName} endorsed you for Problem Solving`)
  })

  it('leads a connection request to the pending requests', async () => {
    const [receiver, sender] = [await createMember(t.db), await createMember(t.db)]
    const local = await device(receiver)
    const res = await t.inject(sender, { method: 'POST', url: `/api/connection-requests/${receiver.id}` })
    expect(res.statusCode).toBeLessThan(300)
    await t.app.pushDelivery.drain()
    expect(await payloads(local)).toMatchObject([
      {
        title: 'Connections',
        url: '/connections?tab=pending',
        body: expect.stringContaining('connection request'),
      },
    ])
  })

  it('leads where the notification list leads: a message to its conversation, a remote vouch home', async () => {
    const [receiver, sender] = [await createMember(t.db), await createMember(t.db)]
    const local = await device(receiver)
    await createNotification(t.db, {
      userId: receiver.id,
      type: 'message',
      fromUserId: sender.id,
      message: NOTIFICATION_TEXTS.newMessage,
    })
    await createNotification(t.db, {
      userId: receiver.id,
      type: 'remote-vouch',
      entityId: 1,
      message: NOTIFICATION_TEXTS.remoteVouched('@carol@other.example', 'Teamwork'),
    })
    await t.app.pushDelivery.drain()
    expect(await payloads(local)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ title: 'New message', url: `/messages?to=${sender.id}` }),
        expect.objectContaining({
          title: 'Vouch from another server',
          body: '@carol@other.example vouched for you in Teamwork from another Vouched server',
          url: `/profile/${receiver.username}`,
        }),
      ]),
    )
  })

  it('pushes nothing for a type switched off on the device or not shown in the app', async () => {
    const [quiet, inAppOff, giver] = [
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db),
    ]
    const quietDevice = await device(quiet, { endorsement: false })
    const offDevice = await device(inAppOff)
    await t.db
      .insert(notificationPreferences)
      .values({ userId: inAppOff.id, type: 'endorsement', inApp: false })
    await endorse(t, giver, quiet, { category: 'Leadership' })
    await endorse(t, giver, inAppOff, { category: 'Leadership' })
    await t.app.pushDelivery.drain()
    expect(await push.messages(quietDevice)).toEqual([])
    expect(await push.messages(offDevice)).toEqual([])
  })

  it('removes a subscription the push service answers 410 for', async () => {
    const [receiver, giver] = [await createMember(t.db), await createMember(t.db)]
    const local = await device(receiver)
    await push.expire(local)
    const res = await t.inject(giver, {
      method: 'POST',
      url: '/api/vouches',
      payload: { toUserId: receiver.id, category: 'Communication' },
    })
    // The write never waits for, nor fails with, its pushes.
    expect(res.statusCode).toBe(201)
    await t.app.pushDelivery.drain()
    expect(await subscriptionsOf(receiver)).toHaveLength(0)
    expect(await push.messages(local)).toEqual([])
  })

  it('sends each push once with two instances draining the queue together', async () => {
    const [receiver, giver] = [await createMember(t.db), await createMember(t.db)]
    const local = await device(receiver)
    const other = await t.otherInstance()
    // Written straight to the database, so that no write's own response sends them first.
    const messages = Array.from({ length: 30 }, (_, i) => `Push number ${i}`)
    for (const message of messages) {
      await createNotification(t.db, { userId: receiver.id, type: 'like', fromUserId: giver.id, message })
    }
    await Promise.all([t.app.pushDelivery.drain(), other.pushDelivery.drain(), t.app.pushDelivery.drain()])
    const received = await payloads(local)
    expect(received.map((payload) => payload.body).sort()).toEqual([...messages].sort())
  })

  it('keeps a push the service could not take for another attempt, and logs it', async () => {
    const [receiver, giver] = [await createMember(t.db), await createMember(t.db)]
    // Nothing listens on port 9 of this machine: the push never reaches a service.
    const res = await subscribe(receiver, {
      subscription: browserSubscription('http://127.0.0.1:9/notify/x'),
    })
    expect(res.statusCode).toBe(201)
    expect((await postVouch(giver, receiver)).statusCode).toBe(201)
    await t.app.pushDelivery.drain()
    const [subscription] = await subscriptionsOf(receiver)
    const waiting = await t.db
      .select()
      .from(pushDeliveries)
      .where(inArray(pushDeliveries.subscriptionId, [subscription!.id]))
    expect(waiting).toMatchObject([{ attempts: 1 }])
    expect(waiting[0]!.sendAfter.getTime()).toBeGreaterThan(Date.now())
  })
})

const postVouch = (from: Member, to: Member) =>
  t.inject(from, {
    method: 'POST',
    url: '/api/vouches',
    payload: { toUserId: to.id, category: 'Leadership' },
  })
