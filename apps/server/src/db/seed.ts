import { sql } from 'drizzle-orm'
import type { Db } from './client'
import { users } from './schema/index'
import { hashPassword } from '../core/password'

export const DEMO_USERNAME = 'demo'
export const DEMO_PASSWORD = 'vouched-demo'

/** Fills an empty database with demo members; does nothing when any member exists. */
export async function seedDemoData(db: Db) {
  const [{ count }] = (await db.select({ count: sql<number>`count(*)::int` }).from(users)) as [
    { count: number },
  ]
  if (count > 0) return undefined
  await db.insert(users).values({
    username: DEMO_USERNAME,
    email: 'demo@vouched.local',
    password: await hashPassword(DEMO_PASSWORD),
    fullName: 'Dana Demo',
  })
  return { username: DEMO_USERNAME, password: DEMO_PASSWORD }
}
