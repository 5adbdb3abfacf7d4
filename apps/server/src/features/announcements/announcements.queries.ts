import { and, desc, eq, type SQL } from 'drizzle-orm'
import type { TAnnouncement } from '@vouched/shared/announcements'
import type { Db } from '../../db/client'
import { announcements, users } from '../../db/schema/index'

const announcementColumns = {
  id: announcements.id,
  adminId: announcements.adminId,
  title: announcements.title,
  content: announcements.content,
  imageUrl: announcements.imageUrl,
  pinned: announcements.pinned,
  createdAt: announcements.createdAt,
  adminUsername: users.username,
  adminFullName: users.fullName,
  adminProfilePicture: users.profilePicture,
}

type AnnouncementRow = { createdAt: Date } & Omit<TAnnouncement, 'createdAt'>

const toAnnouncement = (row: AnnouncementRow): TAnnouncement => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
})

/** Pinned first, then newest (SPEC.md §4); the order index serves it. */
export async function listAnnouncements(db: Db, options: { pinned?: boolean; limit: number }) {
  const where: SQL[] = []
  if (options.pinned !== undefined) where.push(eq(announcements.pinned, options.pinned))
  const rows = await db
    .select(announcementColumns)
    .from(announcements)
    .innerJoin(users, eq(users.id, announcements.adminId))
    .where(and(...where))
    .orderBy(desc(announcements.pinned), desc(announcements.createdAt), desc(announcements.id))
    .limit(options.limit)
  return rows.map(toAnnouncement)
}

export async function findAnnouncement(db: Db, id: number) {
  const [row] = await db
    .select(announcementColumns)
    .from(announcements)
    .innerJoin(users, eq(users.id, announcements.adminId))
    .where(eq(announcements.id, id))
    .limit(1)
  return row ? toAnnouncement(row) : null
}
