/**
 * The traffic the benchmark sends (issue 22): reads as members make them (a different member, text or
 * viewer on each request), the same requests repeated (reported apart, as cache hits), and the stream
 * of writes that runs beside each read scenario once.
 */
import { ENDORSEMENTS_PER_WRITER, type Fixtures } from './fixtures'
import { nameSearchTexts, neverRepeating, tagSets, unit, weightedSampler, zipfSampler } from './workload'

export type Request = { method?: 'GET' | 'POST'; path: string; cookie?: string; body?: unknown }

/** Which budget of issue 22 a read is held to (besides the one every read has while writes run). */
export type BudgetKey =
  'profile-uniform' | 'profile-weighted' | 'name-search' | 'tag-search' | 'never-repeating' | 'cache-hit'

export type Scenario = {
  name: string
  kind: 'reference' | 'read' | 'cache hit' | 'writes'
  /** 'hello' runs against the bare Fastify server, everything else against the app. */
  target?: 'hello'
  budget?: BudgetKey
  /** A fixed request (no per-request work in the load generator) or one built from the request number. */
  request: Request | ((k: number) => Request)
}

export const HELLO: Scenario = {
  name: 'hello-world (bare Fastify)',
  kind: 'reference',
  target: 'hello',
  request: { path: '/hello' },
}

/** Tag sets a hashtag search draws from (thousands, as the name texts are). */
const TAG_SETS = 5000

const search = (q: string, type: 'user' | 'hashtag') =>
  `/api/search?q=${encodeURIComponent(q)}&type=${type}&sort=reputation`

/** The reads, each made by a signed-in member drawn from many, in report order. */
export function readScenarios(f: Fixtures): Scenario[] {
  const N = f.usernames.length
  const reader = (k: number) => f.readers[Math.floor(unit(k, 7) * f.readers.length)]!
  const profile = (k: number, index: number): Request => ({
    path: `/api/users/${encodeURIComponent(f.usernames[index]!)}`,
    cookie: reader(k).cookie,
  })
  const byPopularity = weightedSampler(f.popularity)
  const texts = nameSearchTexts(f.firstNames, f.lastNames)
  const textRank = zipfSampler(texts.length)
  const nextUnique = neverRepeating(f.firstNames, f.lastNames)
  const sets = tagSets(f.tags, TAG_SETS)
  const setRank = zipfSampler(sets.length)
  return [
    {
      name: 'profile, uniform over all members',
      kind: 'read',
      budget: 'profile-uniform',
      request: (k) => profile(k, Math.floor(unit(k, 1) * N)),
    },
    {
      name: 'profile, weighted by popularity',
      kind: 'read',
      budget: 'profile-weighted',
      request: (k) => profile(k, byPopularity(unit(k, 2))),
    },
    {
      name: `name search, Zipf over ${texts.length.toLocaleString('en')} texts`,
      kind: 'read',
      budget: 'name-search',
      request: (k) => ({ path: search(texts[textRank(unit(k, 3))]!, 'user'), cookie: reader(k).cookie }),
    },
    {
      name: 'name search, never repeating',
      kind: 'read',
      budget: 'never-repeating',
      request: (k) => ({
        path: search(nextUnique(), 'user'),
        cookie: reader(k).cookie,
      }),
    },
    {
      name: `tag search, Zipf over ${sets.length.toLocaleString('en')} sets of the top ${f.tags.length} tags`,
      kind: 'read',
      budget: 'tag-search',
      request: (k) => ({ path: search(sets[setRank(unit(k, 4))]!, 'hashtag'), cookie: reader(k).cookie }),
    },
    {
      name: 'popular members',
      kind: 'read',
      request: (k) => ({ path: '/api/users/discover/popular?limit=12', cookie: reader(k).cookie }),
    },
    {
      name: 'notifications',
      kind: 'read',
      request: (k) => ({ path: '/api/notifications', cookie: reader(k).cookie }),
    },
    {
      name: 'connections (own list)',
      kind: 'read',
      request: (k) => ({ path: `/api/connections/${reader(k).id}`, cookie: reader(k).cookie }),
    },
  ]
}

/** One request again and again: what a cache answers once it holds it, reported apart from the reads. */
export function cacheHitScenarios(f: Fixtures): Scenario[] {
  const cookie = f.viewer.cookie
  const hit = (name: string, path: string): Scenario => ({
    name: `${name} (cache hit)`,
    kind: 'cache hit',
    budget: 'cache-hit',
    request: { path, cookie },
  })
  return [
    hit('profile of the heaviest member', `/api/users/${encodeURIComponent(f.heavy.username)}`),
    hit('profile of a median member', `/api/users/${encodeURIComponent(f.median.username)}`),
    hit('name search "john"', search('john', 'user')),
    hit(`tag search ${f.tags.slice(0, 3).join(',')}`, search(f.tags.slice(0, 3).join(','), 'hashtag')),
    hit('popular members', '/api/users/discover/popular?limit=12'),
  ]
}

/**
 * Likes, comments, endorsements and connection requests in turn, each from a different fresh member:
 * every writer gives its daily allowance of 20 endorsements to 20 different members, and sends each
 * connection request to a member it never asked before.
 */
export function writeScenario(f: Fixtures): Scenario {
  const W = f.writers.length
  const N = f.usernames.length
  const E = Math.max(1, f.endorsements)
  const writer = (i: number) => f.writers[i % W]!.cookie
  return {
    name: 'writes: likes, comments, endorsements, connection requests',
    kind: 'writes',
    request: (k) => {
      const j = Math.floor(k / 4)
      switch (k % 4) {
        case 0:
          return { method: 'POST', path: `/api/vouches/${1 + ((j * 7919) % E)}/likes`, cookie: writer(j) }
        case 1:
          return {
            method: 'POST',
            path: `/api/vouches/${1 + ((j * 104_729) % E)}/comments`,
            cookie: writer(j + 1),
            body: { comment: 'Benchmarked, and agreed.' },
          }
        case 2:
          return {
            method: 'POST',
            path: '/api/vouches',
            cookie: writer(Math.floor(j / ENDORSEMENTS_PER_WRITER)),
            body: {
              toUserId: 1 + (j % N),
              category: 'Technical Skills',
              note: 'Benchmarked, and trusted.',
              hashtags: f.tags.slice(0, 3),
            },
          }
        default:
          return {
            method: 'POST',
            path: `/api/connection-requests/${1 + ((Math.floor(j / W) + (j % W) * 17) % N)}`,
            cookie: writer(j),
            body: {},
          }
      }
    },
  }
}
