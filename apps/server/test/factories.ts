import { randomBytes } from 'node:crypto'
import type { TCreateEndorsementBody, TEndorsement } from '@vouched/shared/endorsements'
import type { Db } from '../src/db/client'
import { users } from '../src/db/schema/index'
import { hashPassword } from '../src/core/password'
import type { TestApp } from './build-test-app'
import { multipart } from './multipart'

export const DEFAULT_PASSWORD = 'correct-horse-battery'
// Hashing is deliberately slow; every factory member shares one hash of the default password.
let defaultHash: Promise<string> | undefined

export const uniqueSuffix = () => randomBytes(4).toString('hex')

export async function createMember(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  defaultHash ??= hashPassword(DEFAULT_PASSWORD)
  const suffix = uniqueSuffix()
  const [row] = await db
    .insert(users)
    .values({
      username: `member_${suffix}`,
      email: `member_${suffix}@example.com`,
      fullName: `Member ${suffix}`,
      password: await defaultHash,
      ...overrides,
    })
    .returning()
  return row!
}

export const createAdmin = (db: Db, overrides: Partial<typeof users.$inferInsert> = {}) =>
  createMember(db, { isAdmin: true, ...overrides })

type Author = { id: number }
type EndorsementPayload = Partial<Omit<TCreateEndorsementBody, 'toUserId'>>

/**
 * Sends `POST /api/vouches` as `from` and hands back the raw response, for tests about that request's
 * answers (400s, 404s, 409s). `to` is a member or any id, unknown ones included.
 */
export const postEndorsement = (
  t: Pick<TestApp, 'inject'>,
  from: Author,
  to: Author | number,
  payload: EndorsementPayload | Record<string, unknown> = {},
) =>
  t.inject(from, {
    method: 'POST',
    url: '/api/vouches',
    payload: { toUserId: typeof to === 'number' ? to : to.id, ...payload },
  })

/**
 * Creates an endorsement the way a member does, through the route, so counters, medals, notifications
 * and cache invalidation all happen as in production. Fails the test at once, with the server's answer,
 * when the endorsement is refused.
 */
export async function endorse(
  t: Pick<TestApp, 'inject'>,
  from: Author,
  to: Author | number,
  payload: EndorsementPayload = {},
): Promise<TEndorsement> {
  const res = await postEndorsement(t, from, to, payload)
  if (res.statusCode !== 201) throw new Error(`Endorsement refused: ${res.statusCode} ${res.body}`)
  return res.json() as TEndorsement
}

/** Uploads a file as an endorsement attachment, through the route; the raw answer. */
export const uploadAttachment = (
  t: Pick<TestApp, 'inject'>,
  member: Author,
  data: Buffer,
  contentType: string,
  fileName = 'proof',
) =>
  t.inject(member, {
    method: 'POST',
    url: '/api/vouches/attachments',
    ...multipart({ field: 'file', fileName, contentType, data }),
  })
