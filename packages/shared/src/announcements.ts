import { z } from 'zod'
import {
  ANNOUNCEMENT_TITLE_MIN,
  ANNOUNCEMENT_TITLE_MAX,
  ANNOUNCEMENT_CONTENT_MIN,
  ANNOUNCEMENT_CONTENT_MAX,
  ANNOUNCEMENT_IMAGE_URL_MAX,
  ANNOUNCEMENTS_LIMIT_MAX,
  ANNOUNCEMENT_MESSAGES,
} from './announcements.constants'

export * from './announcements.constants'

const isHttpUrl = (value: string) => {
  try {
    const url = new URL(value)
    return url.protocol === 'http:' || url.protocol === 'https:'
  } catch {
    return false
  }
}

/** Optional http(s) URL; an empty field means "no image" and is never stored. */
export const ZAnnouncementImageUrl = z
  .string()
  .trim()
  .max(ANNOUNCEMENT_IMAGE_URL_MAX, ANNOUNCEMENT_MESSAGES.url)
  .refine((value) => value === '' || isHttpUrl(value), ANNOUNCEMENT_MESSAGES.url)
  .optional()
  .transform((value) => (value ? value : undefined))

export const ZCreateAnnouncementBody = z.object({
  title: z
    .string()
    .trim()
    .min(ANNOUNCEMENT_TITLE_MIN, ANNOUNCEMENT_MESSAGES.titleMin)
    .max(ANNOUNCEMENT_TITLE_MAX, ANNOUNCEMENT_MESSAGES.titleMax),
  content: z
    .string()
    .trim()
    .min(ANNOUNCEMENT_CONTENT_MIN, ANNOUNCEMENT_MESSAGES.contentMin)
    .max(ANNOUNCEMENT_CONTENT_MAX, ANNOUNCEMENT_MESSAGES.contentMax),
  imageUrl: ZAnnouncementImageUrl,
  pinned: z.boolean().default(false),
})

/** What a form holds and a client sends. */
export type TCreateAnnouncementInput = z.input<typeof ZCreateAnnouncementBody>

export type TCreateAnnouncementBody = z.output<typeof ZCreateAnnouncementBody>

export const ZUpdateAnnouncementBody = z.object({ pinned: z.boolean() })

export type TUpdateAnnouncementBody = z.infer<typeof ZUpdateAnnouncementBody>

export const ZAnnouncementsQuery = z.object({
  /** Only pinned (`true`) or only unpinned (`false`) announcements; both when absent. */
  pinned: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  limit: z.coerce.number().int().min(1).max(ANNOUNCEMENTS_LIMIT_MAX).default(ANNOUNCEMENTS_LIMIT_MAX),
})

export type TAnnouncementsQuery = z.input<typeof ZAnnouncementsQuery>

export const ZAnnouncement = z.object({
  id: z.number().int(),
  adminId: z.number().int(),
  title: z.string(),
  content: z.string(),
  imageUrl: z.string().nullable(),
  pinned: z.boolean(),
  createdAt: z.string(),
  adminUsername: z.string(),
  adminFullName: z.string().nullable(),
  adminProfilePicture: z.string().nullable(),
})

export type TAnnouncement = z.infer<typeof ZAnnouncement>

export const ZAnnouncementList = z.array(ZAnnouncement)
