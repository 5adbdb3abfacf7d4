import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { federationKeys } from '../../db/schema/index'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createMember } from '../../../test/factories'

const PUBLIC_URL = 'http://vouched.test'
const AP = 'application/activity+json'
const PAGE = '<!doctype html><title>Vouched</title><div id="root"></div>'

let on: TestApp
let off: TestApp
beforeAll(async () => {
  const webDist = await mkdtemp(path.join(tmpdir(), 'vouched-web-'))
  await writeFile(path.join(webDist, 'index.html'), PAGE)
  on = await buildTestApp({ federation: true, publicUrl: PUBLIC_URL, webDist })
  off = await buildTestApp({ publicUrl: PUBLIC_URL, webDist })
})
afterAll(async () => {
  await on?.close()
  await off?.close()
})

type Member = Awaited<ReturnType<typeof createMember>>
const publish = async (t: TestApp, member: Member, federated = true) =>
  t.inject(member, { method: 'PATCH', url: '/api/account/settings', payload: { federated } })
const webfinger = (t: TestApp, resource: string) =>
  t.app.inject({ method: 'GET', url: `/.well-known/webfinger?resource=${encodeURIComponent(resource)}` })
const actor = (t: TestApp, username: string) =>
  t.app.inject({ method: 'GET', url: `/profile/${username}`, headers: { accept: AP } })

describe('the member switch', () => {
  it('is off by default and says whether the instance federates', async () => {
    const member = await createMember(on.db)
    const res = await on.inject(member, { method: 'GET', url: '/api/account/settings' })
    expect(res.json()).toMatchObject({ federated: false, federationAvailable: true })
    const elsewhere = await createMember(off.db)
    const there = await off.inject(elsewhere, { method: 'GET', url: '/api/account/settings' })
    expect(there.json()).toMatchObject({ federated: false, federationAvailable: false })
  })

  it('turns on and off with PATCH /api/account/settings', async () => {
    const member = await createMember(on.db)
    expect((await publish(on, member)).json()).toMatchObject({ federated: true })
    expect((await publish(on, member, false)).json()).toMatchObject({ federated: false })
  })

  it('cannot be turned on where the instance does not federate (409)', async () => {
    const member = await createMember(off.db)
    const res = await publish(off, member)
    expect(res.statusCode).toBe(409)
    expect(res.json()).toMatchObject({ code: 'FEDERATION_OFF', field: 'federated' })
  })
})

describe('with FEDERATION=on', () => {
  it('finds a member who publishes by WebFinger, and only them', async () => {
    const member = await createMember(on.db)
    expect((await webfinger(on, `acct:${member.username}@vouched.test`)).statusCode).toBe(404)
    await publish(on, member)
    const res = await webfinger(on, `acct:${member.username}@vouched.test`)
    expect(res.statusCode).toBe(200)
    expect(res.json().links).toContainEqual({
      rel: 'self',
      href: `${PUBLIC_URL}/profile/${member.username}`,
      type: AP,
    })
  })

  it('serves the Person at the profile URL to servers and the page to people', async () => {
    const member = await createMember(on.db, { fullName: 'Ada Lovelace', title: 'Engineer' })
    await publish(on, member)
    const res = await actor(on, member.username)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('application/activity+json')
    expect(res.headers.vary).toContain('Accept')
    const person = res.json()
    expect(person).toMatchObject({
      id: `${PUBLIC_URL}/profile/${member.username}`,
      type: 'Person',
      preferredUsername: member.username,
      name: 'Ada Lovelace',
      inbox: `${PUBLIC_URL}/federation/users/${member.username}/inbox`,
      followers: `${PUBLIC_URL}/federation/users/${member.username}/followers`,
      endpoints: { sharedInbox: `${PUBLIC_URL}/federation/inbox` },
    })
    expect(person.publicKey.publicKeyPem).toContain('BEGIN PUBLIC KEY')
    expect(JSON.stringify(person)).not.toContain('@example')

    const page = await on.app.inject({
      method: 'GET',
      url: `/profile/${member.username}`,
      headers: { accept: 'text/html' },
    })
    expect(page.statusCode).toBe(200)
    expect(page.body).toBe(PAGE)
  })

  it('keeps each actor its keys, the private halves sealed', async () => {
    const member = await createMember(on.db)
    await publish(on, member)
    const first = (await actor(on, member.username)).json().publicKey.publicKeyPem
    const second = (await actor(on, member.username)).json().publicKey.publicKeyPem
    expect(second).toBe(first)
    const rows = await on.db.select().from(federationKeys).where(eq(federationKeys.userId, member.id))
    expect(rows.map((row) => row.kind).sort()).toEqual(['ed25519', 'rsa'])
    for (const row of rows) {
      expect(row.sealedPrivateJwk).toMatch(/^v1\./)
      expect(row.sealedPrivateJwk).not.toContain('"d"')
    }
  })

  it('has no actor for a member who does not publish or is suspended', async () => {
    const quiet = await createMember(on.db)
    expect((await actor(on, quiet.username)).statusCode).toBe(404)
    const suspended = await createMember(on.db, { federated: true, suspendedAt: new Date() })
    expect((await actor(on, suspended.username)).statusCode).toBe(404)
    // People still get the page, which says what a signed-in member may see.
    const page = await on.app.inject({ method: 'GET', url: `/profile/${quiet.username}` })
    expect(page.body).toBe(PAGE)
  })

  it('describes the instance with NodeInfo', async () => {
    const links = await on.app.inject({ method: 'GET', url: '/.well-known/nodeinfo' })
    expect(links.json().links[0].href).toBe(`${PUBLIC_URL}/nodeinfo/2.1`)
    const info = await on.app.inject({ method: 'GET', url: '/nodeinfo/2.1' })
    expect(info.statusCode).toBe(200)
    expect(info.json()).toMatchObject({ software: { name: 'vouched' }, protocols: ['activitypub'] })
    expect(info.json().usage.users.total).toBeGreaterThan(0)
  })
})

describe('with FEDERATION off', () => {
  it('answers 404 on every federation route and serves the profile page', async () => {
    const member = await createMember(off.db, { federated: true })
    expect((await webfinger(off, `acct:${member.username}@vouched.test`)).statusCode).toBe(404)
    expect((await off.app.inject({ method: 'GET', url: '/.well-known/nodeinfo' })).statusCode).toBe(404)
    expect((await off.app.inject({ method: 'GET', url: '/nodeinfo/2.1' })).statusCode).toBe(404)
    expect(
      (
        await off.app.inject({
          method: 'POST',
          url: '/federation/inbox',
          headers: { 'content-type': AP },
          payload: '{}',
        })
      ).statusCode,
    ).toBe(404)
    expect((await actor(off, member.username)).statusCode).toBe(404)
    const page = await off.app.inject({ method: 'GET', url: `/profile/${member.username}` })
    expect(page.statusCode).toBe(200)
    expect(page.body).toBe(PAGE)
  })
})

describe('the inboxes', () => {
  it('take at most 600 deliveries a minute from one address', async () => {
    const limited = await buildTestApp({ rateLimit: true })
    try {
      const deliver = () =>
        limited.app.inject({
          method: 'POST',
          url: '/federation/inbox',
          headers: { 'content-type': AP },
          payload: '{}',
        })
      for (let i = 0; i < 600; i++) expect((await deliver()).statusCode).toBe(404)
      const refused = await deliver()
      expect(refused.statusCode).toBe(429)
      expect(refused.headers['retry-after']).toBeDefined()
    } finally {
      await limited.close()
    }
  }, 60_000)
})
