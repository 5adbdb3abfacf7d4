import { z } from 'zod'

export const BLOCK_MESSAGES = {
  self: 'You cannot block yourself',
  userNotFound: 'User not found',
  /** The actor blocked the other member. */
  youBlocked: 'You have blocked this member. Unblock them in Settings to interact with them again.',
  /** The other member blocked the actor. */
  blockedYou: 'You cannot interact with this member.',
  blocked: 'Member blocked',
  unblocked: 'Member unblocked',
  blockFailed: 'Failed to block this member',
  unblockFailed: 'Failed to unblock this member',
  loadFailed: 'Failed to load blocked members',
} as const

export const ZBlockUserParams = z.object({ userId: z.coerce.number().int().positive() })

export const ZBlockedMember = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string().nullable(),
  profilePicture: z.string().nullable(),
})
export type TBlockedMember = z.infer<typeof ZBlockedMember>

export const ZBlock = z.object({ user: ZBlockedMember, createdAt: z.string() })
export type TBlock = z.infer<typeof ZBlock>

export const ZBlockList = z.object({ blocks: z.array(ZBlock) })
export type TBlockList = z.infer<typeof ZBlockList>

export const ZBlockResult = z.object({ success: z.literal(true), blocked: z.boolean() })
export type TBlockResult = z.infer<typeof ZBlockResult>
