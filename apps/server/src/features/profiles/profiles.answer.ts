import { ZProfile, type TProfile } from '@vouched/shared/profiles'
import { z } from 'zod'
import type { UserRow } from '../../core/user-shapes'

type SharedJson = { categories?: string; publicUser?: string; privateUser?: string }

/**
 * The parts of a held profile that every read shares, checked and written once. A held profile hands
 * out the same row object on every read, so they are kept against it; a profile read from the
 * database comes with a fresh row, and its parts are written once and let go with it.
 */
const sharedJson = new WeakMap<UserRow, SharedJson>()

const write = <T extends z.ZodType>(schema: T, value: z.output<T>) => JSON.stringify(z.encode(schema, value))

/**
 * The profile answer as the route's response schema (ZProfile) would check and write it. Checking and
 * writing the heaviest member's 83 medals on every read took more than half of the server's time on
 * that profile once it came from memory; only the first page, which differs per viewer, is still
 * written per request.
 */
export function profileJson(profile: TProfile, row: UserRow, withPrivateFields: boolean): string {
  let shared = sharedJson.get(row)
  if (!shared) sharedJson.set(row, (shared = {}))
  const { shape } = ZProfile
  const user = withPrivateFields
    ? (shared.privateUser ??= write(shape.user, profile.user))
    : (shared.publicUser ??= write(shape.user, profile.user))
  shared.categories ??= write(shape.categoryScores, profile.categoryScores)
  return (
    `{"user":${user},"reputationScore":${write(shape.reputationScore, profile.reputationScore)},` +
    `"categoryScores":${shared.categories},"vouches":${write(shape.vouches, profile.vouches)},` +
    `"nextCursor":${write(shape.nextCursor, profile.nextCursor)}}`
  )
}
