import fc from 'fast-check'
import type { InjectOptions } from 'light-my-request'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  acceptConnectionRequest,
  sendConnectionRequest,
} from '../../src/features/connections/connections.service'
import { createEndorsement } from '../../src/features/endorsements/endorsements.create.service'
import { buildTestApp, type TestApp } from '../build-test-app'
import { createAdmin, createMember } from '../factories'
import { expectNoServerError, hostileSegment, hostileText, q, wrongType } from './arbitraries'

/**
 * Every registered route, called with hostile path parameters (ids out of range, odd notations,
 * traversal, any text), hostile query strings and hostile JSON bodies, as an admin (who gets furthest)
 * and as a visitor. Nothing may answer 5xx. New routes are covered without editing this file.
 */
let t: TestApp
let admin: Awaited<ReturnType<typeof createAdmin>>
beforeAll(async () => {
  t = await buildTestApp()
  admin = await createAdmin(t.db)
  // Some real rows, so that small ids hit something and code paths past the lookups run.
  const [a, b] = [await createMember(t.db), await createMember(t.db)]
  await createEndorsement(t.db, t.config, {
    from: a,
    toUserId: b.id,
    category: 'Leadership',
    note: 'Real one',
    hashtags: ['Fuzz'],
    isAnonymous: false,
    contentUrl: undefined,
    contentType: undefined,
  })
  const request = await sendConnectionRequest(t.db, a, admin.id, 'hello')
  await acceptConnectionRequest(t.db, admin, request.id)
})
afterAll(async () => {
  await t.close()
})

/** Streams never end and uploads are covered in uploads.test.ts. */
const SKIPPED = new Set(['GET /api/events', 'GET /uploads/:name'])
/** Routes whose success would undo the fuzzing: the admin signs out, or deletes whoever an id names. */
const GENTLE = new Set(['DELETE /api/admin/users/:id'])

const QUERY_KEYS = [
  'q',
  'type',
  'sort',
  'tag',
  'limit',
  'cursor',
  'page',
  'hashtags',
  'format',
  'timestamp',
  'checkConnection',
  'search',
  'pinned',
]

const queryValue = fc.oneof(
  hostileSegment,
  fc.constantFrom(
    'user',
    'hashtag',
    'all',
    'reputation',
    'recent',
    'active',
    'svg',
    'png',
    'true',
    '',
    '-1',
    '1e9',
  ),
  hostileText({ maxLong: 500 }).map(q),
)
const queryString = fc
  .array(fc.tuple(fc.constantFrom(...QUERY_KEYS), queryValue), { maxLength: 4 })
  .map((pairs) => (pairs.length ? `?${pairs.map(([k, v]) => `${k}=${v}`).join('&')}` : ''))

/** A JSON body: a random object over the field names the API uses, or any JSON value at all. */
const FIELDS = [
  'username',
  'email',
  'password',
  'passwordConfirm',
  'confirmPassword',
  'token',
  'fullName',
  'title',
  'bio',
  'location',
  'toUserId',
  'recipientId',
  'category',
  'note',
  'hashtags',
  'contentUrl',
  'contentType',
  'isAnonymous',
  'comment',
  'message',
  'content',
  'imageUrl',
  'pinned',
  'verificationCode',
]
const fieldValue = fc.oneof(
  hostileText({ maxLong: 1500 }),
  wrongType,
  fc.array(hostileText({ maxLong: 60 }), { maxLength: 12 }),
  fc.constantFrom(2147483648, -1, 0, 1.5, 1e308, Number.MAX_SAFE_INTEGER),
)
const body = fc.oneof(
  { weight: 4, arbitrary: fc.dictionary(fc.constantFrom(...FIELDS), fieldValue, { maxKeys: 6 }) },
  { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
)

const routes = () =>
  t.app.routeList.filter((r) => !SKIPPED.has(`${r.method} ${r.url}`) && r.method !== 'OPTIONS')

describe('every route', () => {
  it('answers hostile path parameters, queries and bodies with a 4xx or a success, never a 5xx', async () => {
    const list = routes()
    expect(list.length).toBeGreaterThan(50)
    for (const route of list) {
      const name = `${route.method} ${route.url}`
      const params = route.url.match(/:\w+/g) ?? []
      await fc.assert(
        fc.asyncProperty(
          fc.array(hostileSegment, { minLength: params.length, maxLength: params.length }),
          queryString,
          body,
          fc.boolean(),
          async (values, query, payload, asVisitor) => {
            let url = route.url
            params.forEach((param, i) => {
              const value = GENTLE.has(name) ? String(admin.id) : values[i]!
              url = url.replace(param, value === '' ? '%20' : value)
            })
            const options: InjectOptions = {
              method: route.method as InjectOptions['method'],
              url: `${url}${query}`,
              ...(route.method === 'GET' ? {} : { payload: payload as object }),
            }
            const res = asVisitor ? await t.app.inject(options) : await t.inject(admin, options)
            expectNoServerError(res, `${name} as ${asVisitor ? 'visitor' : 'admin'}: ${options.url}`)
          },
        ),
        { numRuns: params.length > 0 || route.method !== 'GET' ? 12 : 6 },
      )
    }
  }, 120_000)
})
