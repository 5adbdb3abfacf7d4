import { z } from 'zod'
import { ZConversationUser, ZMessage } from './messaging'
import { ZSelfUser } from './users'
import { ADMIN_PAGE_DEFAULT, ADMIN_PAGE_MAX, ADMIN_SEARCH_MAX } from './admin.constants'

export * from './admin.constants'

/** Search and page through an admin table. */
export const ZAdminListQuery = z.object({
  q: z
    .string()
    .trim()
    .max(ADMIN_SEARCH_MAX)
    .optional()
    .transform((value) => (value ? value : undefined)),
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  limit: z.coerce.number().int().min(1).max(ADMIN_PAGE_MAX).default(ADMIN_PAGE_DEFAULT),
})

export type TAdminListQuery = z.input<typeof ZAdminListQuery>

/** Every admin table answers one page: its rows, the total matching the search, and where it is. */
export const ZAdminPage = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  })

/** Admins may see a member's email and work email (DECISIONS.md §3). */
export const ZAdminUser = ZSelfUser.extend({
  /** Set while the member is suspended (after a report); they cannot sign in. */
  suspendedAt: z.string().nullable().optional(),
  suspensionReason: z.string().nullable().optional(),
})

export type TAdminUser = z.infer<typeof ZAdminUser>

export const ZAdminUserPage = ZAdminPage(ZAdminUser)

export const ZUpdateAdminUserBody = z.object({ isAdmin: z.boolean() })

export type TUpdateAdminUserBody = z.infer<typeof ZUpdateAdminUserBody>

/** An endorsement as moderators see it: the endorser is named even when anonymous. */
export const ZAdminEndorsement = z.object({
  id: z.number().int(),
  fromUserId: z.number().int(),
  fromUsername: z.string(),
  fromFullName: z.string().nullable(),
  toUserId: z.number().int(),
  toUsername: z.string(),
  toFullName: z.string().nullable(),
  category: z.string(),
  note: z.string().nullable(),
  isAnonymous: z.boolean(),
  hashtags: z.array(z.string()),
  likeCount: z.number().int(),
  commentCount: z.number().int(),
  engagementWeight: z.number(),
  createdAt: z.string(),
})

export type TAdminEndorsement = z.infer<typeof ZAdminEndorsement>

export const ZAdminEndorsementPage = ZAdminPage(ZAdminEndorsement)

export const ZAdminHashtag = z.object({ id: z.number().int(), tag: z.string(), count: z.number().int() })

export type TAdminHashtag = z.infer<typeof ZAdminHashtag>

export const ZAdminHashtagPage = ZAdminPage(ZAdminHashtag)

/** SPEC.md §3 admin conversation view. */
export const ZAdminConversation = z.object({
  id: z.number().int(),
  user: ZConversationUser,
  otherUser: ZConversationUser,
  lastMessage: z.object({ content: z.string(), createdAt: z.string() }).nullable(),
  messageCount: z.number().int(),
  lastMessageAt: z.string(),
})

export type TAdminConversation = z.infer<typeof ZAdminConversation>

export const ZAdminConversationPage = ZAdminPage(ZAdminConversation)

export const ZAdminMessagePage = ZAdminPage(ZMessage)

export const ZAuditEntry = z.object({
  id: z.number().int(),
  /** Null once the admin's own account is deleted; the row stays. */
  adminId: z.number().int().nullable(),
  adminUsername: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.number().int().nullable(),
  details: z.string().nullable(),
  createdAt: z.string(),
})

export type TAuditEntry = z.infer<typeof ZAuditEntry>

export const ZAuditPage = ZAdminPage(ZAuditEntry)
