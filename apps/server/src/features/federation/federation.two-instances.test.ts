import type { TFediverseFeed, TRemoteAccount } from '@vouched/shared/fediverse-following'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { TestApp } from '../../../test/build-test-app'
import { createMember, endorse } from '../../../test/factories'
import { startFederatedApp } from '../../../test/fediverse-peer'

/**
 * Two Vouched instances on 127.0.0.1 (issue 30's "done when"): a member of one looks up and follows a
 * member of the other, who accepts at once, and then sees that member's public vouches in "From the
 * fediverse", marked as vouches; a withdrawn vouch leaves the list.
 */
let here: TestApp
let there: TestApp
beforeAll(async () => {
  here = await startFederatedApp()
  there = await startFederatedApp()
}, 60_000)
afterAll(async () => {
  await here?.close()
  await there?.close()
})

it('follows a member of another Vouched instance and lists their vouches as they come and go', async () => {
  const reader = await createMember(here.db, { federated: true })
  const bea = await createMember(there.db, { federated: true, fullName: 'Bea Remote' })
  const cal = await createMember(there.db, { federated: true, fullName: 'Cal Giver' })
  const handle = `@${bea.username}@${new URL(there.config.publicUrl).host}`

  const found = await here.inject(reader, {
    method: 'GET',
    url: `/api/federation/lookup?handle=${encodeURIComponent(handle)}`,
  })
  expect(found.statusCode).toBe(200)
  expect(found.json<TRemoteAccount>()).toMatchObject({
    handle,
    actorUri: `${there.config.publicUrl}/profile/${bea.username}`,
    name: 'Bea Remote',
    software: 'vouched',
    vouched: true,
    following: 'none',
  })

  const followed = await here.inject(reader, {
    method: 'POST',
    url: '/api/federation/following',
    payload: { actorUri: found.json<TRemoteAccount>().actorUri },
  })
  expect(followed.statusCode).toBe(201)
  await expect
    .poll(
      async () =>
        (
          await here.inject(reader, {
            method: 'GET',
            url: `/api/federation/lookup?handle=${encodeURIComponent(handle)}`,
          })
        ).json<TRemoteAccount>().following,
      { timeout: 15_000 },
    )
    .toBe('accepted')

  const vouch = await endorse(there, cal, bea, { category: 'Teamwork', note: 'Carried the release' })
  await there.app.federation.publisher.drain()
  const feed = async () =>
    (await here.inject(reader, { method: 'GET', url: '/api/federation/feed' })).json<TFediverseFeed>().items
  await expect.poll(async () => (await feed()).length, { timeout: 20_000 }).toBe(1)
  const [item] = await feed()
  expect(item).toMatchObject({
    author: { handle, name: 'Bea Remote' },
    url: `${there.config.publicUrl}/vouches/${vouch.id}`,
    isVouch: true,
  })
  expect(item!.text).toContain('Received a vouch from Cal Giver in Teamwork')
  expect(item!.text).toContain('Carried the release')

  expect((await there.inject(cal, { method: 'DELETE', url: `/api/vouches/${vouch.id}` })).statusCode).toBe(
    200,
  )
  await there.app.federation.publisher.drain()
  await expect.poll(async () => (await feed()).length, { timeout: 20_000 }).toBe(0)
}, 90_000)
