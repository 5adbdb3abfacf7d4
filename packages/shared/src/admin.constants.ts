export const ADMIN_PAGE_DEFAULT = 20

export const ADMIN_PAGE_MAX = 100

export const ADMIN_SEARCH_MAX = 100

export const ADMIN_TABS = [
  'users',
  'reports',
  'endorsements',
  'hashtags',
  'messages',
  'announcements',
  'trust',
  'audit',
] as const

export type TAdminTab = (typeof ADMIN_TABS)[number]

export const ADMIN_MESSAGES = {
  loadUsersFailed: 'Failed to load users',
  loadEndorsementsFailed: 'Failed to load endorsements',
  loadHashtagsFailed: 'Failed to load hashtags',
  loadConversationsFailed: 'Error loading conversations',
  loadMessagesFailed: 'Error loading messages',
  loadAuditFailed: 'Failed to load the audit log',
  updateUserFailed: 'Failed to update user',
  deleteUserFailed: 'Failed to delete user',
  deleteEndorsementFailed: 'Failed to delete endorsement',
  deleteHashtagFailed: 'Failed to delete hashtag',
  selfDemotion: 'You cannot revoke your own admin rights',
  selfDeletion: 'You cannot delete your own account',
  confirmTitle: 'Are you sure?',
} as const

export type TAdminPage<T> = { items: T[]; total: number; page: number; limit: number }

export const AUDIT_ACTIONS = [
  'user.grant-admin',
  'user.revoke-admin',
  'user.delete',
  'endorsement.delete',
  'hashtag.delete',
  'announcement.create',
  'announcement.pin',
  'announcement.unpin',
  'announcement.delete',
  'user.suspend',
  'user.unsuspend',
  'report.resolve',
  'report.dismiss',
  'trust.seed-add',
  'trust.seed-remove',
] as const

export type TAuditAction = (typeof AUDIT_ACTIONS)[number]
