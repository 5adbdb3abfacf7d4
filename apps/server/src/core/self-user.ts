import { SERVER_MESSAGES } from '@vouched/shared/server.constants'
import type { TSelfUser } from '@vouched/shared/users'
import { eq } from 'drizzle-orm'
import type { Db } from '../db/client'
import { users } from '../db/schema/index'
import { AppError } from './errors'
import { toPublicUser, type Member } from './user-shapes'

/**
 * The member's own emails, read when an answer shows them: the signed-in member that requests carry
 * (and the session cache holds) leaves them out, so they are never kept in memory.
 */
export async function getOwnEmails(db: Db, memberId: number) {
  const [row] = await db
    .select({ email: users.email, workEmail: users.workEmail })
    .from(users)
    .where(eq(users.id, memberId))
  // The member left between their session's check and this read.
  if (!row) throw new AppError('UNAUTHENTICATED', SERVER_MESSAGES.signInRequired, 401)
  return row
}

/** The member's own view: their public fields and their emails. */
export async function getSelfUser(db: Db, member: Member): Promise<TSelfUser> {
  return { ...toPublicUser(member), ...(await getOwnEmails(db, member.id)) }
}
