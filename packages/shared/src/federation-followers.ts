import { z } from 'zod'

/** One page of followers or blocked accounts in /settings (issue 30, decision 154). */
export const FOLLOWERS_PAGE_DEFAULT = 20
export const FOLLOWERS_PAGE_MAX = 50

/** Longest actor address or handle accepted for a block. */
export const ACTOR_ADDRESS_MAX = 500

export const FOLLOWER_MESSAGES = {
  federationOff: 'This server does not take part in the fediverse',
  notPublishing: 'Publish your profile to the fediverse first',
  followerNotFound: 'Follower not found',
  blockedAccountNotFound: 'Blocked account not found',
  actorRequired: 'Enter an account as @name@server or as the address of its profile',
  actorTooLong: `The account must be at most ${ACTOR_ADDRESS_MAX} characters`,
  actorInvalid: 'Enter an account as @name@server or as an https address',
  actorNotFound: 'No fediverse account was found there',
  actorIsLocal: 'This is a member of this server: block them on their profile',
} as const

export const ZFollowerState = z.enum(['pending', 'accepted'])

export type TFollowerState = z.infer<typeof ZFollowerState>

export const ZFollower = z.object({
  id: z.number().int(),
  /** `@name@host`, when the remote server gave a name. */
  handle: z.string().nullable(),
  actorUri: z.string(),
  /** The profile page the remote server gave, else null (the actor URI is then the best link). */
  url: z.string().nullable(),
  name: z.string().nullable(),
  state: ZFollowerState,
  /** When the follow (or the request) arrived. */
  since: z.string(),
})

export type TFollower = z.infer<typeof ZFollower>

/** Pending requests first, then followers; newest first in each. */
export const ZFollowerList = z.object({ followers: z.array(ZFollower), nextCursor: z.string().nullable() })

export type TFollowerList = z.infer<typeof ZFollowerList>

export const ZFollowersQuery = z.object({
  limit: z.coerce.number().int().min(1).max(FOLLOWERS_PAGE_MAX).default(FOLLOWERS_PAGE_DEFAULT),
  cursor: z.string().min(1).max(200).optional(),
})

export type TFollowersQuery = z.input<typeof ZFollowersQuery>

export const ZBlockedAccount = z.object({
  id: z.number().int(),
  actorUri: z.string(),
  handle: z.string().nullable(),
  since: z.string(),
})

export type TBlockedAccount = z.infer<typeof ZBlockedAccount>

export const ZBlockedAccountList = z.object({
  accounts: z.array(ZBlockedAccount),
  nextCursor: z.string().nullable(),
})

export type TBlockedAccountList = z.infer<typeof ZBlockedAccountList>

export const ZBlockAccountBody = z
  .object({
    /** `@name@host` (or `name@host`) or the actor's URL. */
    actor: z
      .string(FOLLOWER_MESSAGES.actorRequired)
      .trim()
      .min(1, FOLLOWER_MESSAGES.actorRequired)
      .max(ACTOR_ADDRESS_MAX, FOLLOWER_MESSAGES.actorTooLong),
  })
  .strict()

export type TBlockAccountBody = z.infer<typeof ZBlockAccountBody>
