export const ANNOUNCEMENT_TITLE_MIN = 3

export const ANNOUNCEMENT_TITLE_MAX = 100

export const ANNOUNCEMENT_CONTENT_MIN = 10

/** SPEC.md sets no upper bound; a cap keeps one post from filling the home page. */
export const ANNOUNCEMENT_CONTENT_MAX = 5000

export const ANNOUNCEMENT_IMAGE_URL_MAX = 2048

/** Home shows every pinned announcement plus this many of the newest unpinned ones (SPEC.md §9). */
export const HOME_UNPINNED_ANNOUNCEMENTS = 3

export const ANNOUNCEMENTS_LIMIT_MAX = 100

export const ANNOUNCEMENT_MESSAGES = {
  titleMin: 'Title must be at least 3 characters',
  titleMax: 'Title must be less than 100 characters',
  contentMin: 'Content must be at least 10 characters',
  contentMax: `Content must be at most ${ANNOUNCEMENT_CONTENT_MAX} characters`,
  url: 'Must be a valid URL',
  loadError: 'Error loading announcements. Please try again.',
  createFailed: 'Failed to create announcement',
  updateFailed: 'Failed to update announcement',
  deleteFailed: 'Failed to delete announcement',
  deleteConfirmTitle: 'Are you sure?',
  deleteConfirmText: 'This action cannot be undone. This will permanently delete the announcement.',
} as const
