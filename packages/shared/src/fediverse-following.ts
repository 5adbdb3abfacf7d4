import { z } from 'zod'
import { FEDIVERSE_FOLLOWING_MESSAGES, REMOTE_HANDLE_MAX } from './fediverse-following.constants'

export * from './fediverse-following.constants'

export const ZFollowState = z.enum(['none', 'pending', 'accepted'])
export type TFollowState = z.infer<typeof ZFollowState>

export const ZRemoteLookupQuery = z.object({
  handle: z
    .string({ error: FEDIVERSE_FOLLOWING_MESSAGES.handleInvalid })
    .trim()
    .min(3, FEDIVERSE_FOLLOWING_MESSAGES.handleInvalid)
    .max(REMOTE_HANDLE_MAX, FEDIVERSE_FOLLOWING_MESSAGES.handleInvalid),
})

/** A fediverse account as found by its handle: what its actor says of itself, and the server it is on. */
export const ZRemoteAccount = z.object({
  handle: z.string(),
  actorUri: z.string(),
  name: z.string().nullable(),
  /** The actor's summary as plain text. */
  summary: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  url: z.string().nullable(),
  /** NodeInfo's software name (`mastodon`, `vouched`…), null when the server does not say. */
  software: z.string().nullable(),
  /** On another Vouched instance: it can be vouched for. */
  vouched: z.boolean(),
  following: ZFollowState,
})
export type TRemoteAccount = z.infer<typeof ZRemoteAccount>

export const ZFollowRemoteBody = z.object({
  actorUri: z
    .url({ protocol: /^https?$/, error: FEDIVERSE_FOLLOWING_MESSAGES.handleInvalid })
    .max(REMOTE_HANDLE_MAX),
})

export const ZFollowing = z.object({
  id: z.number().int(),
  handle: z.string(),
  actorUri: z.string(),
  name: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  url: z.string().nullable(),
  vouched: z.boolean(),
  state: ZFollowState.exclude(['none']),
  createdAt: z.string(),
})
export type TFollowing = z.infer<typeof ZFollowing>

export const ZFollowingList = z.object({ following: z.array(ZFollowing) })
export type TFollowingList = z.infer<typeof ZFollowingList>

export const ZFollowingParams = z.object({ id: z.coerce.number().int().positive() })

export const ZUnfollowResult = z.object({ success: z.literal(true) })

export const ZFediverseFeedQuery = z.object({
  cursor: z.string().min(1).max(200).optional(),
})

export const ZFediversePost = z.object({
  id: z.number().int(),
  author: z.object({
    handle: z.string(),
    name: z.string().nullable(),
    avatarUrl: z.string().nullable(),
    url: z.string().nullable(),
  }),
  text: z.string(),
  url: z.string().nullable(),
  published: z.string(),
  /** A vouch another Vouched instance published. */
  isVouch: z.boolean(),
})
export type TFediversePost = z.infer<typeof ZFediversePost>

export const ZFediverseFeed = z.object({ items: z.array(ZFediversePost), nextCursor: z.string().nullable() })
export type TFediverseFeed = z.infer<typeof ZFediverseFeed>
