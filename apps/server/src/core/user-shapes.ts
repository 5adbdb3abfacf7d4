import type { TPublicUser, TSelfUser } from '@vouched/shared/users'
import type { users } from '../db/schema/index'

export type UserRow = typeof users.$inferSelect

/** The allow-list of a member's public fields; anything private stays behind. */
export function toPublicUser(row: UserRow): TPublicUser {
  return {
    id: row.id,
    username: row.username,
    fullName: row.fullName,
    title: row.title,
    bio: row.bio,
    location: row.location,
    profilePicture: row.profilePicture,
    isEmailVerified: row.isEmailVerified,
    isVerified: row.isEmailVerified,
    isAdmin: row.isAdmin,
    reputationScore: row.reputationScore,
    vouchCount: row.vouchCount,
    createdAt: row.createdAt.toISOString(),
  }
}

/** The member's own view: adds their email and work email. */
export function toSelfUser(row: UserRow): TSelfUser {
  return { ...toPublicUser(row), email: row.email, workEmail: row.workEmail }
}
