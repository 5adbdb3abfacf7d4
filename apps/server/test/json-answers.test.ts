import { ZUserCards } from '@vouched/shared/discovery'
import { ZProfile } from '@vouched/shared/profiles'
import { SEARCH_SORTS } from '@vouched/shared/discovery.constants'
import { serializerCompiler } from 'fastify-type-provider-zod'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createSearchResults } from '../src/features/discovery/discovery.search-results'
import { getProfile } from '../src/features/profiles/profiles.service'
import { createProfileSnapshots } from '../src/features/profiles/profiles.snapshots'
import { buildTestApp, productionCacheSizes, type TestApp } from './build-test-app'
import { createVariedMembers, type VariedSample } from './varied-members'

/**
 * The profile and search routes write their JSON themselves (core/json-answer.ts, profiles.answer.ts,
 * discovery.search-results.ts) and hand the text to the reply. Each must be exactly what the route's
 * response schema would write from the same value: a field the schema's allow-list drops, a missing
 * one, another order or another escape fails here. With production's cache sizes, from memory and
 * from the database alike.
 */
let t: TestApp
let sample: VariedSample
const cookies = new Map<number, string>()
beforeAll(async () => {
  t = await buildTestApp(productionCacheSizes())
  sample = await createVariedMembers(t, 20)
  for (const viewer of [...viewers(), ...sample.members]) cookies.set(viewer.id, await t.cookieFor(viewer))
  await t.settle()
  // Members the app just heard of read profiles from the database for 5 s (profiles.snapshots.ts,
  // WRITER_WINDOW_MS): past it, the reads below are answered from memory where production would.
  await new Promise((resolve) => setTimeout(resolve, 5_100))
}, 120_000)
afterAll(async () => {
  await t.close()
})

type Viewer = VariedSample['stranger']
const viewers = (): Viewer[] => [sample.stranger, sample.admin, sample.endorsers[0]!, sample.members[3]!]
const asViewer = (viewer: Viewer) => ({ id: viewer.id, isAdmin: viewer.isAdmin })

/** What the route's serializer writes: fastify-type-provider-zod's own compiler on the route's schema. */
const schemaWriter = (schema: typeof ZProfile | typeof ZUserCards, url: string) =>
  serializerCompiler({ schema, method: 'GET', url, httpStatus: '200' }) as (value: unknown) => string
const writeProfile = schemaWriter(ZProfile, '/api/users/:username')
const writeCards = schemaWriter(ZUserCards, '/api/search')

/** Same text; on a difference, the parsed values first, so the failure shows which field differs. */
const expectSameJson = (written: string, bySchema: string) => {
  expect(JSON.parse(written)).toEqual(JSON.parse(bySchema))
  expect(written).toBe(bySchema)
}

const get = async (viewer: Viewer, url: string) => {
  const res = await t.app.inject({ method: 'GET', url, headers: { cookie: cookies.get(viewer.id)! } })
  expect(res.statusCode).toBe(200)
  return res.body
}

describe('GET /api/users/:username writes what ZProfile writes', () => {
  it('for each sampled member and viewer, from memory and from the database', async () => {
    const { profileCacheSize } = productionCacheSizes()
    const held = createProfileSnapshots(t.db, t.app.cacheInvalidation, t.app.blockSets, profileCacheSize)
    const read = createProfileSnapshots(t.db, t.app.cacheInvalidation, t.app.blockSets, 0)
    let compared = 0
    for (const member of sample.members) {
      for (const viewer of [...viewers(), member]) {
        const truth = await getProfile(read, member.username, asViewer(viewer))
        expectSameJson(truth.json, writeProfile(truth.profile))
        // Twice from memory: the first read fills the cache, the second is served from it.
        for (let i = 0; i < 2; i += 1) {
          const fromMemory = await getProfile(held, member.username, asViewer(viewer))
          expectSameJson(fromMemory.json, writeProfile(fromMemory.profile))
          expectSameJson(fromMemory.json, writeProfile(truth.profile))
        }
        // The route on the app, which runs production's caches: a profile's first read is the statement
        // whose JSON PostgreSQL writes (its own spacing), later ones come from memory. Both must say
        // exactly what the schema's encoding says, no field more or less.
        for (let i = 0; i < 2; i += 1) {
          const answer = JSON.parse(await get(viewer, `/api/users/${member.username}`)) as unknown
          expect(answer).toStrictEqual(JSON.parse(writeProfile(truth.profile)))
        }
        compared += 1
      }
    }
    expect(compared).toBe(sample.members.length * (viewers().length + 1))
  })

  it('covers the data the sample is meant to have', async () => {
    const read = createProfileSnapshots(t.db, t.app.cacheInvalidation, t.app.blockSets, 0)
    const profiles = await Promise.all(
      sample.members.map(async (m) => (await getProfile(read, m.username, asViewer(m))).profile),
    )
    const vouches = profiles.flatMap((profile) => profile.vouches)
    expect(profiles.some((profile) => profile.vouches.length === 0)).toBe(true)
    expect(profiles.some((profile) => profile.nextCursor !== null)).toBe(true)
    expect(profiles.some((profile) => profile.user.medals.length > 0)).toBe(true)
    expect(profiles.some((profile) => profile.user.workEmail)).toBe(true)
    expect(vouches.some((vouch) => vouch.isAnonymous)).toBe(true)
    expect(vouches.some((vouch) => vouch.isHidden)).toBe(true)
    expect(vouches.some((vouch) => vouch.likeCount > 0 && vouch.commentCount > 0)).toBe(true)
  })
})

describe('GET /api/search writes what ZUserCards writes', () => {
  it('for names, tags and both, each sort and viewer, from memory and from the database', async () => {
    const { searchCacheSize } = productionCacheSizes()
    const held = createSearchResults(t.db, t.app.cacheInvalidation, t.app.blockSets, searchCacheSize)
    const read = createSearchResults(t.db, t.app.cacheInvalidation, t.app.blockSets, 0)
    const queries = [
      ...sample.words.slice(0, 6).map((q) => ({ q, type: 'user' as const })),
      { q: sample.words[0]!.slice(0, 12), type: 'all' as const },
      ...sample.tags.map((q) => ({ q, type: 'hashtag' as const })),
      { q: sample.tags.join(','), type: 'hashtag' as const },
      { q: sample.tags[0]!, type: 'all' as const },
    ]
    let nonEmpty = 0
    for (const query of queries) {
      for (const sort of SEARCH_SORTS) {
        for (const viewer of viewers()) {
          const search = { viewerId: viewer.id, sort, ...query }
          const truth = await read.search(search)
          expectSameJson(truth.json, writeCards(truth.cards))
          for (let i = 0; i < 2; i += 1) {
            const fromMemory = await held.search(search)
            expectSameJson(fromMemory.json, writeCards(fromMemory.cards))
            expectSameJson(fromMemory.json, writeCards(truth.cards))
          }
          const url = `/api/search?q=${encodeURIComponent(query.q)}&type=${query.type}&sort=${sort}`
          expectSameJson(await get(viewer, url), writeCards(truth.cards))
          if (truth.cards.length > 0) nonEmpty += 1
        }
      }
    }
    // The searches find members: an empty list on every query would compare nothing.
    expect(nonEmpty).toBeGreaterThan(queries.length * SEARCH_SORTS.length * 2)
  })
})
