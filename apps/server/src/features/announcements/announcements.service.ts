import { eq } from 'drizzle-orm'
import type { TCreateAnnouncementBody } from '@vouched/shared/announcements'
import type { Db } from '../../db/client'
import { announcements } from '../../db/schema/index'
import { notFound } from '../../core/errors'
import type { Member } from '../../core/user-shapes'
import { writeAudit } from '../admin/audit.service'
import { findAnnouncement } from './announcements.queries'

const quote = (title: string) => `"${title.length > 60 ? `${title.slice(0, 57)}...` : title}"`

export async function createAnnouncement(db: Db, admin: Member, body: TCreateAnnouncementBody) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(announcements)
      .values({
        adminId: admin.id,
        title: body.title,
        content: body.content,
        imageUrl: body.imageUrl ?? null,
        pinned: body.pinned,
      })
      .returning({ id: announcements.id })
    await writeAudit(tx, {
      adminId: admin.id,
      action: 'announcement.create',
      targetType: 'announcement',
      targetId: row!.id,
      details: `Posted announcement ${quote(body.title)}${body.pinned ? ' (pinned)' : ''}`,
    })
    return (await findAnnouncement(tx, row!.id))!
  })
}

export async function setAnnouncementPinned(db: Db, admin: Member, id: number, pinned: boolean) {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(announcements)
      .set({ pinned })
      .where(eq(announcements.id, id))
      .returning({ title: announcements.title })
    if (!row) throw notFound('Announcement')
    await writeAudit(tx, {
      adminId: admin.id,
      action: pinned ? 'announcement.pin' : 'announcement.unpin',
      targetType: 'announcement',
      targetId: id,
      details: `${pinned ? 'Pinned' : 'Unpinned'} announcement ${quote(row.title)}`,
    })
    return (await findAnnouncement(tx, id))!
  })
}

export async function removeAnnouncement(db: Db, admin: Member, id: number) {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .delete(announcements)
      .where(eq(announcements.id, id))
      .returning({ title: announcements.title })
    if (!row) throw notFound('Announcement')
    await writeAudit(tx, {
      adminId: admin.id,
      action: 'announcement.delete',
      targetType: 'announcement',
      targetId: id,
      details: `Deleted announcement ${quote(row.title)}`,
    })
  })
}
