import { ZProfile, type TProfile } from '@vouched/shared/profiles'
import { writeJson } from '../../core/json-answer'
import type { Member } from '../../core/user-shapes'

type SharedJson = { categories?: string; publicUser?: string; privateUser?: string }

/**
 * The parts of a held profile that every read shares, checked and written once. A held profile hands
 * out the same row object on every read, so they are kept against it; a profile read from the
 * database comes with a fresh row, and its parts are written once and let go with it.
 */
const sharedJson = new WeakMap<Member, SharedJson>()

/**
 * The profile answer as the route's response schema (ZProfile) would check and write it. Checking and
 * writing the heaviest member's 83 medals on every read took more than half of the server's time on
 * that profile once it came from memory; only the first page, which differs per viewer, is still
 * written per request.
 */
export function profileJson(profile: TProfile, row: Member, withPrivateFields: boolean): string {
  let shared = sharedJson.get(row)
  if (!shared) sharedJson.set(row, (shared = {}))
  const { shape } = ZProfile
  const user = withPrivateFields
    ? (shared.privateUser ??= writeJson(shape.user, profile.user))
    : (shared.publicUser ??= writeJson(shape.user, profile.user))
  shared.categories ??= writeJson(shape.categoryScores, profile.categoryScores)
  return (
    `{"user":${user},"reputationScore":${writeJson(shape.reputationScore, profile.reputationScore)},` +
    `"categoryScores":${shared.categories},"vouches":${writeJson(shape.vouches, profile.vouches)},` +
    `"nextCursor":${writeJson(shape.nextCursor, profile.nextCursor)}}`
  )
}
