import { randomBytes } from 'node:crypto'
import type { Db } from '../src/db/client'
import { users } from '../src/db/schema/index'
import { hashPassword } from '../src/core/password'

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
