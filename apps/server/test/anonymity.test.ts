import type { InjectOptions } from 'light-my-request'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Config } from '../src/config'
import { trustSeeds } from '../src/db/schema/index'
import { recomputeTrust } from '../src/features/trust/trust.service'
import { buildWorld, type Person, type World } from './anonymous-worlds'

/**
 * An anonymous endorsement says nothing about its author (issue 21): every answer that carries it, or
 * that moves with it, reads the same whether Xavier (verified, endorsed by Rita in the same category,
 * then blocked by her) or Yara (unverified, unrelated) wrote it. Only the author and admins may tell
 * the two worlds apart. Every GET route of the API is listed here, read or set aside with the reason;
 * a route added without a row fails the test.
 */

type Read = { viewer: Person; request: InjectOptions }
type Row = ((w: World) => Read[]) | { skip: string }

const as = (viewers: Person[], request: InjectOptions | string): ((w: World) => Read[]) => {
  const options = typeof request === 'string' ? { method: 'GET' as const, url: request } : request
  return () => viewers.map((viewer) => ({ viewer, request: options }))
}
// Everyone who may not learn who wrote it: its receiver and a third member.
const readers: Person[] = ['rita', 'tom']
const get = (url: string) => ({ method: 'GET' as const, url })

const routes: Record<string, Row> = {
  'GET /api/health': { skip: 'no member data' },
  'GET /api/badge-fonts/:file': { skip: 'font files' },
  'GET /api/openapi.json': as(readers, '/api/openapi.json'),
  'GET /api/docs': { skip: 'the API reference page (no member data)' },
  'GET /api/docs/static/index.html': { skip: 'the API reference page (no member data)' },
  'GET /api/docs/static/swagger-initializer.js': { skip: 'the API reference page (no member data)' },
  'GET /api/docs/static/*': { skip: 'the API reference page (no member data)' },
  'GET /api/docs/json': { skip: 'the document of GET /api/openapi.json, read above' },
  'GET /api/docs/yaml': { skip: 'the document of GET /api/openapi.json, in YAML' },
  'GET /uploads/:name': { skip: 'no attachment in either world (uploads are another part of issue 21)' },
  'GET /api/account/notification-preferences': as(readers, '/api/account/notification-preferences'),
  'GET /api/user': as(readers, '/api/user'),
  'GET /api/users/:username': (w) =>
    ['rita', 'xavier', 'yara', 'tom'].flatMap((name) => as(readers, `/api/users/${name}`)(w)),
  'GET /api/users/:username/vouches': (w) =>
    [
      '/api/users/rita/vouches',
      '/api/users/rita/vouches?limit=1',
      '/api/users/rita/vouches?filter=anonymous',
      '/api/users/rita/vouches?filter=public',
      '/api/users/xavier/vouches',
    ].flatMap((url) => as(readers, url)(w)),
  'GET /api/users/verification-status': as(readers, '/api/users/verification-status'),
  'GET /api/medals/user/:userId': (w) =>
    (['rita', 'xavier', 'yara'] as const).flatMap((name) =>
      as(readers, `/api/medals/user/${w.members[name].id}`)(w),
    ),
  'GET /api/vouches/:id': (w) => as(readers, `/api/vouches/${w.anonymousId}`)(w),
  'GET /api/onboarding': as(readers, '/api/onboarding'),
  'GET /api/medals/progress': as(readers, '/api/medals/progress'),
  // What a reader gave is the same in both worlds; Rita's gifts to the author differ by construction.
  'GET /api/vouches/given/:userId': (w) =>
    (['rita', 'tom'] as const).flatMap((name) => as(readers, `/api/vouches/given/${w.members[name].id}`)(w)),
  'GET /api/vouches/:id/likes/check': (w) => as(readers, `/api/vouches/${w.anonymousId}/likes/check`)(w),
  'GET /api/vouches/:id/comments': (w) => as(readers, `/api/vouches/${w.anonymousId}/comments`)(w),
  'GET /api/vouches/pending': as(readers, '/api/vouches/pending'),
  'GET /api/account/settings': as(readers, '/api/account/settings'),
  'GET /api/account/security': as(readers, '/api/account/security'),
  'GET /api/push/public-key': {
    skip: "the instance's VAPID public key, made at random per instance (no member data)",
  },
  'GET /api/connection-requests/pending': as(readers, '/api/connection-requests/pending'),
  'GET /api/connection-requests/sent': as(readers, '/api/connection-requests/sent'),
  'GET /api/endorsement-requests': (w) =>
    ['/api/endorsement-requests', '/api/endorsement-requests?box=sent'].flatMap((url) => as(readers, url)(w)),
  'GET /api/connections/:userId': (w) =>
    (['rita', 'xavier', 'yara'] as const).flatMap((name) =>
      as(readers, `/api/connections/${w.members[name].id}?checkConnection=true`)(w),
    ),
  'GET /api/notifications': (w) =>
    ['/api/notifications', '/api/notifications?type=endorsement&limit=5'].flatMap((url) =>
      as(readers, url)(w),
    ),
  'GET /api/events': { skip: 'a stream: the events it carries are compared from the event bus' },
  'GET /api/users/discover/popular': as(readers, '/api/users/discover/popular'),
  'GET /api/hashtags/popular': as(readers, '/api/hashtags/popular'),
  'GET /api/search/suggest': (w) =>
    ['/api/search/suggest?q=a', '/api/search/suggest?q=%23Kind', '/api/search/suggest?q=xav'].flatMap((url) =>
      as(readers, url)(w),
    ),
  'GET /api/search': (w) =>
    ['/api/search?q=a', '/api/search?q=%23Kind&type=hashtag', '/api/search?q=&sort=active'].flatMap((url) =>
      as(readers, url)(w),
    ),
  'GET /api/badge/:username': (w) =>
    ['rita', 'xavier', 'yara'].flatMap((name) =>
      [`/api/badge/${name}?format=svg`, `/api/badge/${name}?format=png`].flatMap((url) =>
        as(['tom'], url)(w),
      ),
    ),
  'GET /api/badge/:username/embed': as(['rita'], '/api/badge/rita/embed'),
  // Credentials (issue 26): an anonymous endorsement has none, in either world.
  'GET /api/credentials/vouches/:id': (w) => as(readers, `/api/credentials/vouches/${w.anonymousId}`)(w),
  'GET /api/credentials/medals/:id': (w) =>
    (['rita', 'xavier', 'yara'] as const).flatMap((name) =>
      as(['tom'], `/api/credentials/medals/${w.members[name].id}`)(w),
    ),
  'GET /.well-known/did.json': {
    skip: "the instance's public keys, made at random per instance (no member data)",
  },
  'GET /api/credentials/status/:purpose/:list': {
    skip: "signed with each instance's own key; its bits are those of named, shown endorsements and medals only",
  },
  'GET /badge/:username': as(['tom'], '/badge/rita'),
  // Federation (issue 30) is off in these worlds: each answers 404 alike. What leaves the server when it
  // is on, anonymous endorsements above all, is read by features/federation/federation.privacy.test.ts.
  'GET /profile/:username': {
    skip: 'the client page, or with FEDERATION=on an actor (federation.privacy.test.ts)',
  },
  'GET /.well-known/webfinger': { skip: 'FEDERATION off here; names only members who publish' },
  'GET /.well-known/nodeinfo': { skip: 'FEDERATION off here; links to the NodeInfo document' },
  'GET /nodeinfo/2.1': { skip: 'FEDERATION off here; counts of members who publish and of published notes' },
  'GET /federation/users/:username/followers': { skip: 'FEDERATION off here; remote followers only' },
  'GET /api/federation/followers': as(readers, '/api/federation/followers'),
  'GET /api/federation/blocked-accounts': as(readers, '/api/federation/blocked-accounts'),
  'GET /federation/users/:username/vouches/:vouchId': (w) =>
    as(readers, `/federation/users/rita/vouches/${w.anonymousId}`)(w),
  'GET /api/federation/lookup': {
    skip: 'FEDERATION off here (409); a remote account as its server describes it',
  },
  'GET /api/federation/following': { skip: 'FEDERATION off here (409); remote accounts the reader follows' },
  'GET /api/federation/feed': {
    skip: 'FEDERATION off here (409); posts of remote accounts the reader follows',
  },
  // Vouches across instances are never anonymous, and none exists in either world.
  'GET /api/federation/vouches/given': as(readers, '/api/federation/vouches/given'),
  'GET /api/federation/vouches/received': as(readers, '/api/federation/vouches/received'),
  'GET /api/federation/users/:username/vouches': (w) =>
    ['rita', 'xavier'].flatMap((name) => as(readers, `/api/federation/users/${name}/vouches`)(w)),
  'GET /api/announcements': { skip: 'written by admins, no endorsement' },
  'GET /api/announcements/pinned': { skip: 'written by admins, no endorsement' },
  'GET /api/conversations': (w) =>
    ['/api/conversations', '/api/conversations?q=xa'].flatMap((url) => as(readers, url)(w)),
  'GET /api/conversations/unread-count': as(readers, '/api/conversations/unread-count'),
  'GET /api/conversations/:id': { skip: 'no conversation in either world' },
  'GET /api/conversations/:id/messages': { skip: 'no conversation in either world' },
  'GET /api/conversations/with/:userId': (w) =>
    (['xavier', 'yara'] as const).flatMap((name) =>
      as(['rita'], `/api/conversations/with/${w.members[name].id}`)(w),
    ),
  // Admins see who wrote it (DECISIONS.md §4); a member is refused whatever the world.
  'GET /api/admin/users': as(readers, '/api/admin/users'),
  'GET /api/admin/vouches': as(readers, '/api/admin/vouches'),
  'GET /api/admin/hashtags': as(readers, '/api/admin/hashtags'),
  'GET /api/admin/conversations': as(readers, '/api/admin/conversations'),
  'GET /api/admin/conversations/:id/messages': as(readers, '/api/admin/conversations/1/messages'),
  'GET /api/admin/audit': as(readers, '/api/admin/audit'),
  'GET /api/admin/reports': as(readers, '/api/admin/reports'),
  'GET /api/blocks': as(readers, '/api/blocks'),
  'GET /api/reputation/me': as(readers, '/api/reputation/me'),
  // Rita is a chosen seed (beforeAll): an anonymous endorsement carries no trust, so no score moves with its author.
  'GET /api/trust/:username': (w) =>
    ['rita', 'xavier', 'yara', 'tom'].flatMap((name) => as(readers, `/api/trust/${name}`)(w)),
  'GET /api/admin/trust/seeds': as(readers, '/api/admin/trust/seeds'),
  'GET /api/account/export': as(readers, '/api/account/export'),
  'GET /api/account/tokens': as(readers, '/api/account/tokens'),
}

/** Every row's answers, keyed by route, viewer and URL. */
async function readAll(w: World) {
  const answers: Record<string, unknown> = {}
  for (const [route, row] of Object.entries(routes)) {
    if ('skip' in row) continue
    for (const { viewer, request } of row(w)) {
      answers[`${route} | ${viewer} | ${request.url}`] = await w.read(viewer, request)
    }
  }
  return { answers, writes: w.writes, events: w.events }
}

describe.each([
  ['caches off', {}],
  ['caches on', { sessionCacheSize: 100, profileCacheSize: 100, searchCacheSize: 100 }],
] as [string, Partial<Config>][])('an anonymous endorsement (%s)', (_, config) => {
  let byXavier: World
  let byYara: World
  beforeAll(async () => {
    byXavier = await buildWorld('xavier', config)
    byYara = await buildWorld('yara', config)
    for (const w of [byXavier, byYara]) {
      await w.t.db.insert(trustSeeds).values({ userId: w.members.rita.id })
      await recomputeTrust(w.t.db)
    }
  }, 120_000)
  afterAll(async () => {
    await byXavier?.t.close()
    await byYara?.t.close()
  })

  it('lists every GET route of the API', () => {
    const gets = byXavier.t.app.routeList
      .filter((route) => route.method === 'GET' && route.url !== '/*')
      .map((route) => `GET ${route.url}`)
    expect(gets.filter((route) => !(route in routes))).toEqual([])
  })

  it('reads the same whoever wrote it, to its receiver and to anyone else', async () => {
    const [x, y] = [await readAll(byXavier), await readAll(byYara)]
    expect(Object.keys(x.answers).length).toBeGreaterThan(60)
    // Rita heard of the endorsement, the like and the comment as they came.
    expect(x.events.rita.filter((event) => event.type === 'notification').length).toBeGreaterThanOrEqual(3)
    for (const key of Object.keys(x.answers)) expect(y.answers[key], key).toEqual(x.answers[key])
    expect(y.writes).toEqual(x.writes)
    expect(y.events).toEqual(x.events)
  })

  it('shows the endorsement counted, unhidden, unhalved and without its author’s standing', async () => {
    const read = (viewer: Person, url: string) => byXavier.read(viewer, get(url))
    const profile = (await read('tom', '/api/users/rita')) as { body: { vouches: unknown[] } }
    expect(profile.body.vouches).toContainEqual(
      expect.objectContaining({
        id: byXavier.anonymousId,
        fromUserId: null,
        fromUser: null,
        verified: false,
        engagementWeight: 1.2,
        isHidden: false,
      }),
    )
    const reputation = (await read('rita', '/api/reputation/me')) as { body: { endorsements: unknown[] } }
    expect(reputation.body.endorsements).toContainEqual(
      expect.objectContaining({
        id: byXavier.anonymousId,
        fromUser: null,
        hidden: false,
        hiddenReason: null,
        reciprocal: false,
        points: 12,
        factors: [expect.objectContaining({ key: 'note' })],
      }),
    )
    // Rita's endorsement of Xavier keeps its full worth (verified Rita, 12.5), and his activity is 0.
    const xavier = (await read('tom', '/api/users/xavier')) as { body: Record<string, unknown> }
    expect(xavier.body).toMatchObject({ reputationScore: 12.5, user: { activityScore: 0 } })
    // Its author and admins still see who wrote it.
    // (Xavier, blocked by Rita, no longer reads her profile at all; Yara does.)
    const asAuthor = await byYara.read('yara', get(`/api/users/rita/vouches?filter=anonymous`))
    expect(asAuthor).toMatchObject({ body: { vouches: [{ fromUsername: 'yara' }] } })
    const asAdmin = await byXavier.read('admin', get(`/api/users/rita/vouches?filter=anonymous`))
    expect(asAdmin).toMatchObject({ body: { vouches: [{ fromUsername: 'xavier' }] } })
  })
})
