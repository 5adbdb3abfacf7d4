/** Longest handle or actor URL accepted by the lookup. */
export const REMOTE_HANDLE_MAX = 500

/** `@user@host` (or `user@host`): a fediverse account's handle, as typed. */
export const REMOTE_HANDLE_PATTERN = /^@?([\w.~-]+)@((?:[a-z0-9-]+\.)*[a-z0-9-]+(?::\d{1,5})?)$/i

export const FEDIVERSE_FEED_PAGE = 20

export const FEDIVERSE_FOLLOWING_MESSAGES = {
  handleInvalid: 'Type a fediverse handle like @name@example.social, or an account’s URL',
  localHandle: 'That account is on this server: search for the member by name instead',
  notFound: 'No fediverse account was found with that handle',
  remoteDown: 'That account’s server did not answer. Try again later.',
  notPublishing:
    'Turn on “Publish my profile to the fediverse” in Settings to follow fediverse accounts: they see who follows them',
  followingNotFound: 'You do not follow that account',
  cursorInvalid: 'That page of the feed does not exist',
} as const
