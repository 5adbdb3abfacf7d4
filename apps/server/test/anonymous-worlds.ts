import { createHash } from 'node:crypto'
import type { TLiveEvent } from '@vouched/shared/events'
import type { InjectOptions } from 'light-my-request'
import { expect } from 'vitest'
import type { Config } from '../src/config'
import { createEventBus } from '../src/core/event-bus'
import { publishEvent } from '../src/core/events'
import { buildTestApp, type TestApp } from './build-test-app'
import { createMember } from './factories'

/**
 * Two worlds built step by step alike, in which one member endorses Rita anonymously: Xavier, a
 * verified member Rita endorsed in the same category and then blocked, or Yara, unverified and
 * unrelated to her. Whatever anyone but the author and admins reads must be the same in both
 * (anonymity.test.ts); each world has its own database, so ids match by construction.
 */

export type Author = 'xavier' | 'yara'

const people = {
  admin: { isAdmin: true },
  rita: { isEmailVerified: true },
  xavier: { isEmailVerified: true },
  yara: { isEmailVerified: false },
  tom: { isEmailVerified: false },
} as const

export type Person = keyof typeof people
type Member = Awaited<ReturnType<typeof createMember>>
export type World = {
  t: TestApp
  members: Record<Person, Member>
  anonymousId: number
  /** Answers of the writes made while building the world, by the members who made them. */
  writes: Record<string, unknown>
  /** Live events each member received while the world was built, in order. */
  events: Record<'rita' | 'tom', TLiveEvent[]>
  /** The same request as a member, answered as `answer` does. */
  read: (viewer: Person, options: InjectOptions) => Promise<unknown>
}

/** Ids of a notification event sent last, to know every earlier event arrived. */
const SENTINEL = -1

/**
 * What varies by construction replaced by placeholders: times, cursors made of times, and in a
 * credential (the data export's) its random id and its signature by each instance's own random key.
 * What a credential states is still compared.
 */
export function normalise(value: unknown, key = ''): unknown {
  if (Array.isArray(value)) return value.map((item) => normalise(item))
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalise(v, k)]))
  }
  if (typeof value === 'string') {
    if (key === 'nextCursor') return '<cursor>'
    if (key === 'proofValue') return '<signature>'
    return value
      .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z/g, '<time>')
      .replace(/^urn:uuid:[0-9a-f-]{36}$/, 'urn:uuid:<random>')
  }
  return value
}

/** An answer as compared: status, type, and the body (JSON normalised, text as is, bytes hashed). */
function answer(res: Awaited<ReturnType<TestApp['app']['inject']>>) {
  const type = String(res.headers['content-type'] ?? '')
  const body = type.includes('json')
    ? normalise(res.json())
    : type.startsWith('image/png')
      ? `sha256:${createHash('sha256').update(res.rawPayload).digest('hex')}`
      : res.body
  return { status: res.statusCode, type, etag: res.headers.etag ?? null, body }
}

export async function buildWorld(author: Author, config: Partial<Config>): Promise<World> {
  const t = await buildTestApp(config)
  const members = {} as Record<Person, Member>
  for (const [name, flags] of Object.entries(people)) {
    members[name as Person] = await createMember(t.db, {
      username: name,
      email: `${name}@example.com`,
      fullName: name[0]!.toUpperCase() + name.slice(1),
      ...flags,
    })
  }
  const { rita, tom, xavier } = members

  const bus = createEventBus(t.database, t.app.log)
  const events: World['events'] = { rita: [], tom: [] }
  const done = new Set<number>()
  for (const name of ['rita', 'tom'] as const) {
    await bus.subscribe(members[name].id, {
      onEvent: (event) =>
        event.entityId === SENTINEL ? done.add(members[name].id) : events[name].push(event),
      onResync: () => {},
    })
  }

  const writes: Record<string, unknown> = {}
  const write = async (label: string, as: Member, options: InjectOptions) => {
    const res = await t.inject(as, options)
    expect(res.statusCode, `${label}: ${res.body}`).toBeLessThan(300)
    writes[label] = answer(res)
    return res.json()
  }

  // Rita endorses Xavier by name in Teamwork: the reverse the anonymous endorsement meets in world 1.
  await write('rita endorses xavier', rita, {
    method: 'POST',
    url: '/api/vouches',
    payload: { toUserId: xavier.id, category: 'Teamwork', hashtags: ['Kind'] },
  })
  await write('tom endorses rita', tom, {
    method: 'POST',
    url: '/api/vouches',
    payload: { toUserId: rita.id, category: 'Leadership', note: 'Clear', hashtags: ['Calm'] },
  })
  // The anonymous endorsement. Its answer goes to its author: not compared.
  const anonymous = await t.inject(members[author], {
    method: 'POST',
    url: '/api/vouches',
    payload: {
      toUserId: rita.id,
      category: 'Teamwork',
      note: 'Always there',
      hashtags: ['Kind', 'Calm'],
      isAnonymous: true,
    },
  })
  expect(anonymous.statusCode).toBe(201)
  const anonymousId = anonymous.json().id as number
  await write('tom likes it', tom, { method: 'POST', url: `/api/vouches/${anonymousId}/likes` })
  await write('tom comments on it', tom, {
    method: 'POST',
    url: `/api/vouches/${anonymousId}/comments`,
    payload: { comment: 'Agreed' },
  })
  await write('rita likes it', rita, { method: 'POST', url: `/api/vouches/${anonymousId}/likes` })
  // Rita blocks Xavier in both worlds: the suspect whose block used to hide the endorsement.
  await write('rita blocks xavier', rita, { method: 'POST', url: `/api/blocks/${xavier.id}` })
  // Its author edits it, and gives Tom an anonymous one and takes it back (issue 25): the answers go
  // to the author, not compared; what the others read afterwards is.
  const own = async (options: InjectOptions) => {
    const res = await t.inject(members[author], options)
    expect(res.statusCode, res.body).toBeLessThan(300)
    return res.json()
  }
  await own({
    method: 'PATCH',
    url: `/api/vouches/${anonymousId}`,
    payload: { level: 'expert', relationship: 'worked-together', note: 'Always there, always kind' },
  })
  const toTom = await own({
    method: 'POST',
    url: '/api/vouches',
    payload: { toUserId: tom.id, category: 'Creativity', hashtags: ['Bold'], isAnonymous: true },
  })
  await own({ method: 'DELETE', url: `/api/vouches/${toTom.id}` })

  for (const name of ['rita', 'tom'] as const) {
    await publishEvent(t.db, members[name].id, { type: 'notification', entityId: SENTINEL })
  }
  const deadline = Date.now() + 5000
  while (done.size < 2 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 10))
  expect(done.size, 'every live event arrived').toBe(2)
  await bus.close()

  return {
    t,
    members,
    anonymousId,
    writes,
    events,
    read: async (viewer, options) => answer(await t.inject(members[viewer], options)),
  }
}
