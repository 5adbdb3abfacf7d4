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
