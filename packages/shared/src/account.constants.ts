/** Notification types a member receives today, each with its own in-app and email switch. */
export const PREFERENCE_TYPES = ['endorsement', 'like', 'comment', 'connection'] as const

export type TPreferenceType = (typeof PREFERENCE_TYPES)[number]

export const PREFERENCE_LABELS: Record<TPreferenceType, string> = {
  endorsement: 'Endorsements you receive',
  like: 'Likes on endorsements you gave or received',
  comment: 'Comments on endorsements you gave or received',
  connection: 'Connection requests and acceptances',
}

/** Without a stored choice: in-app on, email off. */
export const DEFAULT_PREFERENCE = { inApp: true, email: false } as const

export const ACCOUNT_MESSAGES = {
  currentPasswordRequired: 'Please enter your current password',
  currentPasswordWrong: 'Your current password is incorrect',
  samePassword: 'The new password must differ from the current one',
  passwordChanged: 'Password changed. Your other sessions have been signed out.',
  passwordChangeFailed: 'Failed to change your password',
  passwordRequired: 'Please enter your password to confirm',
  passwordWrong: 'Incorrect password',
  adminDeletion:
    'Admins cannot delete their own account: ask another admin to revoke your admin rights first',
  deleted: 'Your account and all your data have been deleted.',
  deleteFailed: 'Failed to delete your account',
  preferencesSaved: 'Notification preferences saved',
  federationOff: 'This server does not publish to the fediverse',
  preferencesFailed: 'Failed to save your notification preferences',
  exportFailed: 'Failed to download your data',
  exportReady: 'Your data is downloading',
} as const
