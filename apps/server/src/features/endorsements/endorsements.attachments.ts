import { ATTACHMENT_QUOTA_BYTES, ENDORSEMENT_MESSAGES } from '@vouched/shared/endorsements'
import { and, asc, eq, inArray, lt, sql } from 'drizzle-orm'
import sharp from 'sharp'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { pendingVouches, uploads, vouches } from '../../db/schema/index'
import type { CpuPool } from '../../core/cpu-pool'
import { AppError } from '../../core/errors'
import { deleteUploadFiles, storeUpload, UPLOADS_PATH, type ReceivedFile } from '../../core/uploads'

/** How long an attachment may wait for the endorsement it was uploaded for. */
export const UNUSED_ATTACHMENT_TTL_MS = 24 * 60 * 60 * 1000
/** Uploads removed per sweep transaction, so one sweep never holds many row locks. */
const SWEEP_BATCH = 200

const unreadable = () =>
  new AppError('UNREADABLE_FILE', ENDORSEMENT_MESSAGES.attachmentUnreadable, 415, 'file')

/**
 * The attachment as it will be served: images re-encoded in their own format (which drops EXIF, GPS,
 * XMP, comments and text chunks, and anything hidden after the image), GIFs with their animation, PDFs
 * rewritten without their metadata in the worker pool. A file that does not decode is a 415.
 */
export async function stripAttachment(pool: CpuPool, file: ReceivedFile): Promise<ReceivedFile> {
  if (file.contentType === 'application/pdf') {
    const { pdf } = await pool.stripPdf(file.buffer).catch((error: unknown) => {
      // A full queue (503) is not the file's fault.
      throw error instanceof AppError ? error : unreadable()
    })
    return { buffer: pdf, contentType: file.contentType }
  }
  try {
    const animated = file.contentType === 'image/gif'
    const options = { animated, limitInputPixels: 40_000_000, failOn: 'error' } as const
    const { isPalette } = await sharp(file.buffer, options).metadata()
    // Orientation is metadata too: applied to the pixels before it goes (animations carry none).
    const image = animated ? sharp(file.buffer, options) : sharp(file.buffer, options).rotate()
    const encoded =
      file.contentType === 'image/png'
        ? image.png({ palette: isPalette })
        : file.contentType === 'image/jpeg'
          ? image.jpeg({ quality: 90 })
          : image.gif()
    return { buffer: await encoded.toBuffer(), contentType: file.contentType }
  } catch {
    throw unreadable()
  }
}

/** Stores a stripped attachment within the member's storage quota (413 beyond it). */
export function storeAttachment(db: Db, config: Config, file: ReceivedFile & { userId: number }) {
  return storeUpload(db, config, {
    ...file,
    kind: 'attachment',
    quota: { bytes: ATTACHMENT_QUOTA_BYTES, message: ENDORSEMENT_MESSAGES.attachmentQuota, field: 'file' },
  })
}

/**
 * True when some endorsement still points at the upload (an upload may be reused by its owner), one
 * waiting for its receiver's approval included.
 */
const referenced = sql`(exists (select 1 from ${vouches} where ${vouches.contentUrl} = ${UPLOADS_PATH} || ${uploads.fileName})
  or exists (select 1 from ${pendingVouches} where ${pendingVouches.contentUrl} = ${UPLOADS_PATH} || ${uploads.fileName}))`

/**
 * Forgets the attachment behind a deleted endorsement's URL unless another endorsement uses it; returns
 * its file name for the caller to delete once the transaction commits (a rollback must find the file).
 * The row is locked first and the reference checked by a second statement, which sees every endorsement
 * committed meanwhile: one created while this ran took a share lock on the row and finished first.
 */
export async function releaseAttachment(tx: Db, contentUrl: string): Promise<string | null> {
  if (!contentUrl.startsWith(UPLOADS_PATH)) return null
  const fileName = contentUrl.slice(UPLOADS_PATH.length)
  const [row] = await tx
    .select({ id: uploads.id })
    .from(uploads)
    .where(and(eq(uploads.fileName, fileName), eq(uploads.kind, 'attachment')))
    .for('update')
  if (!row) return null
  const [released] = await tx
    .delete(uploads)
    .where(and(eq(uploads.id, row.id), sql`not ${referenced}`))
    .returning({ fileName: uploads.fileName })
  return released?.fileName ?? null
}

/**
 * Deletes attachments uploaded more than a day before `now` that no endorsement uses, rows and files.
 * Safe on several instances at once: candidates are locked with SKIP LOCKED (two sweeps share the work,
 * an endorsement being created holds its upload), and the reference is checked again after the lock.
 * Returns how many were removed.
 */
export async function sweepUnusedAttachments(db: Db, config: Config, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - UNUSED_ATTACHMENT_TTL_MS)
  let removed = 0
  for (;;) {
    const files = await db.transaction(async (tx) => {
      const candidates = await tx
        .select({ id: uploads.id })
        .from(uploads)
        .where(and(eq(uploads.kind, 'attachment'), lt(uploads.createdAt, cutoff), sql`not ${referenced}`))
        .orderBy(asc(uploads.id))
        .limit(SWEEP_BATCH)
        .for('update', { skipLocked: true })
      if (candidates.length === 0) return []
      const deleted = await tx
        .delete(uploads)
        .where(
          and(
            inArray(
              uploads.id,
              candidates.map((c) => c.id),
            ),
            sql`not ${referenced}`,
          ),
        )
        .returning({ fileName: uploads.fileName })
      return deleted.map((d) => d.fileName)
    })
    if (files.length === 0) return removed
    await deleteUploadFiles(config, files)
    removed += files.length
  }
}
