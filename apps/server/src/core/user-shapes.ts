import type { TPublicUser, TSelfUser } from '@vouched/shared/users'
import { users } from '../db/schema/index'

export type UserRow = typeof users.$inferSelect

/**
 * A member as requests and caches carry them: the row without its password hash, codes, tokens and
 * emails. Routes that show the member their own emails read them from the database.
 */
export type Member = Omit<
  UserRow,
  | 'password'
  | 'email'
  | 'workEmail'
  | 'verificationCode'
  | 'verificationCodeExpiry'
  | 'verificationAttempts'
  | 'resetToken'
  | 'resetTokenExpiry'
  // A display preference, read with the settings (findSettings): no request needs it in memory.
  | 'colorScheme'
  // Read by the digest job and with the settings: no request needs it in memory either.
  | 'digest'
  // A setting read with the settings and by federation's own queries: no request needs it in memory.
  | 'federated'
  | 'approveFollowers'
>

/** The columns of a `Member`, for reads that never need the secrets in memory at all. */
export const memberColumns = {
  id: users.id,
  username: users.username,
  fullName: users.fullName,
  bio: users.bio,
  title: users.title,
  location: users.location,
  profilePicture: users.profilePicture,
  isEmailVerified: users.isEmailVerified,
  isAdmin: users.isAdmin,
  reputationScore: users.reputationScore,
  vouchCount: users.vouchCount,
  suspendedAt: users.suspendedAt,
  suspensionReason: users.suspensionReason,
  reviewEndorsements: users.reviewEndorsements,
  locale: users.locale,
  createdAt: users.createdAt,
}

/** An allow-list, so a column added to `users` stays out of requests and caches until named here. */
export function toMember(row: Member): Member {
  return {
    id: row.id,
    username: row.username,
    fullName: row.fullName,
    bio: row.bio,
    title: row.title,
    location: row.location,
    profilePicture: row.profilePicture,
    isEmailVerified: row.isEmailVerified,
    isAdmin: row.isAdmin,
    reputationScore: row.reputationScore,
    vouchCount: row.vouchCount,
    suspendedAt: row.suspendedAt,
    suspensionReason: row.suspensionReason,
    reviewEndorsements: row.reviewEndorsements,
    // The language of the member's answers (decision 153): every request of theirs reads it.
    locale: row.locale,
    createdAt: row.createdAt,
  }
}

/** The allow-list of a member's public fields; anything private stays behind. */
export function toPublicUser(row: Member): TPublicUser {
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

/** How a member is named in the messages others read: their full name, else their username. */
export const displayName = (user: Pick<Member, 'fullName' | 'username'>) => user.fullName || user.username
