export const REPORT_TARGET_TYPES = ['profile', 'endorsement', 'comment', 'message'] as const

export type TReportTargetType = (typeof REPORT_TARGET_TYPES)[number]

export const REPORT_STATUSES = ['open', 'resolved', 'dismissed'] as const

export type TReportStatus = (typeof REPORT_STATUSES)[number]

export const REPORT_ACTIONS = ['none', 'delete-content', 'suspend-member', 'delete-and-suspend'] as const

export type TReportAction = (typeof REPORT_ACTIONS)[number]

export const REPORT_REASON_MAX = 1000

export const SUSPENSION_REASON_MAX = 500

export const REPORT_TARGET_LABELS: Record<TReportTargetType, string> = {
  profile: 'Profile',
  endorsement: 'Endorsement',
  comment: 'Comment',
  message: 'Message',
}

export const REPORT_ACTION_LABELS: Record<TReportAction, string> = {
  none: 'No action',
  'delete-content': 'Delete the content',
  'suspend-member': 'Suspend the member',
  'delete-and-suspend': 'Delete the content and suspend the member',
}

export const REPORT_MESSAGES = {
  reasonRequired: 'Please tell us what is wrong',
  reasonMax: `The reason must be at most ${REPORT_REASON_MAX} characters`,
  duplicate: 'You have already reported this. An admin will review it.',
  self: 'You cannot report your own content',
  notFound: (what: string) => `${what} not found`,
  sent: 'Report sent. Thank you: an admin will review it.',
  sendFailed: 'Failed to send the report',
  notOpen: 'This report has already been reviewed',
  profileNotDeletable: 'A profile cannot be deleted from a report: suspend the member instead',
  adminNotSuspendable: 'Admins cannot be suspended; revoke their admin rights first',
  selfSuspension: 'You cannot suspend yourself',
  notSuspended: 'This member is not suspended',
  alreadySuspended: 'This member is already suspended',
  loadFailed: 'Failed to load reports',
  resolveFailed: 'Failed to review the report',
  suspendedLogin: (reason: string) => `Your account has been suspended. Reason: ${reason}`,
} as const
