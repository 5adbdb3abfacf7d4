import { ATTACHMENT_QUOTA_BYTES, ENDORSEMENT_MESSAGES } from '@vouched/shared/endorsements'
import sharp from 'sharp'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import type { CpuPool } from '../../core/cpu-pool'
import { AppError } from '../../core/errors'
import { storeUpload, type ReceivedFile } from '../../core/uploads'

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
