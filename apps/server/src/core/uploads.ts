import { SERVER_MESSAGES } from '@vouched/shared/server.constants'
import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { mkdir, stat, unlink, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { and, eq, sql } from 'drizzle-orm'
import type { FastifyPluginAsync, FastifyRequest } from 'fastify'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { uploads } from '../db/schema/index'
import { AppError } from './errors'

export type UploadKind = (typeof uploads.$inferInsert)['kind']

/** Where uploads are served from; a stored URL is always this prefix plus a generated file name. */
export const UPLOADS_PATH = '/uploads/'

/** The types we ever store, with the extension their generated names carry. */
const EXTENSIONS: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpg',
  'image/gif': 'gif',
  'application/pdf': 'pdf',
}
const TYPES_BY_EXTENSION = Object.fromEntries(Object.entries(EXTENSIONS).map(([type, ext]) => [ext, type]))
/** 128 random bits in hex plus a known extension: nothing of the client's file name survives. */
const FILE_NAME = /^[a-f0-9]{32}\.(png|jpg|gif|pdf)$/

export const uploadsDir = (config: Config) => path.join(config.dataDir, 'uploads')

type ReadRules = {
  /** The multipart field the file must come in. */
  field: string
  maxBytes: number
  /** MIME types accepted, as detected from the bytes. */
  types: readonly string[]
  tooLargeMessage: string
  wrongTypeMessage: string
}

export type ReceivedFile = { buffer: Buffer; contentType: string }

/**
 * Reads the one file of a multipart request and checks it: too large → 413, a type other than the
 * accepted ones (judged by the bytes, never the name or the declared type) → 415.
 */
export async function receiveFile(request: FastifyRequest, rules: ReadRules): Promise<ReceivedFile> {
  const part = await request.file({ limits: { fileSize: rules.maxBytes, files: 1 } })
  if (!part) throw new AppError('FILE_REQUIRED', SERVER_MESSAGES.fileRequired, 400, rules.field)
  if (part.fieldname !== rules.field) {
    part.file.resume()
    throw new AppError('FILE_REQUIRED', SERVER_MESSAGES.fileField(rules.field), 400, rules.field)
  }
  let buffer: Buffer
  try {
    buffer = await part.toBuffer()
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') {
      throw new AppError('PAYLOAD_TOO_LARGE', rules.tooLargeMessage, 413, rules.field)
    }
    throw error
  }
  const detected = buffer.length > 0 ? await fileTypeFromBuffer(buffer) : undefined
  if (!detected || !rules.types.includes(detected.mime)) {
    throw new AppError('UNSUPPORTED_MEDIA_TYPE', rules.wrongTypeMessage, 415, rules.field)
  }
  return { buffer, contentType: detected.mime }
}

/** Pictures are stored re-encoded: bounded size, no metadata (EXIF, GPS), no payload hidden after the image. */
export async function reencodePicture(
  buffer: Buffer,
  side: number,
  unreadableMessage: string,
): Promise<ReceivedFile> {
  try {
    const out = await sharp(buffer, { limitInputPixels: 40_000_000, failOn: 'error' })
      .rotate()
      .resize(side, side, { fit: 'cover' })
      .flatten({ background: '#ffffff' })
      .jpeg({ quality: 85, mozjpeg: true })
      .toBuffer()
    return { buffer: out, contentType: 'image/jpeg' }
  } catch {
    // The bytes start like an image but do not decode (truncated, corrupt, or a pixel bomb).
    throw new AppError('UNREADABLE_IMAGE', unreadableMessage, 415)
  }
}

export type StoredUpload = { id: number; fileName: string; url: string; contentType: string; size: number }

type Quota = { bytes: number; message: string; field: string }

/**
 * Writes the file under a random name in $DATA_DIR/uploads and records its owner. With a quota, the
 * member's uploads of that kind plus this one must fit in it (413 otherwise); the check and the insert
 * run under a per-member lock, so parallel uploads on any instance cannot both take the last bytes.
 */
export async function storeUpload(
  db: Db,
  config: Config,
  file: ReceivedFile & { userId: number; kind: UploadKind; quota?: Quota },
): Promise<StoredUpload> {
  const extension = EXTENSIONS[file.contentType]
  if (!extension) throw new AppError('UNSUPPORTED_MEDIA_TYPE', SERVER_MESSAGES.unsupportedFileType, 415)
  const fileName = `${randomBytes(16).toString('hex')}.${extension}`
  const dir = uploadsDir(config)
  await mkdir(dir, { recursive: true })
  const filePath = path.join(dir, fileName)
  await writeFile(filePath, file.buffer, { flag: 'wx', mode: 0o644 })
  try {
    const row = await db.transaction(async (tx) => {
      if (file.quota) await assertWithinQuota(tx, file.userId, file.kind, file.buffer.length, file.quota)
      const [inserted] = await tx
        .insert(uploads)
        .values({
          userId: file.userId,
          kind: file.kind,
          fileName,
          contentType: file.contentType,
          size: file.buffer.length,
        })
        .returning({ id: uploads.id })
      return inserted!
    })
    return {
      id: row.id,
      fileName,
      url: `${UPLOADS_PATH}${fileName}`,
      contentType: file.contentType,
      size: file.buffer.length,
    }
  } catch (error) {
    await unlink(filePath).catch(() => {})
    throw error
  }
}

async function assertWithinQuota(tx: Db, userId: number, kind: UploadKind, size: number, quota: Quota) {
  // A lock collision with another feature's advisory lock only makes one wait: it cannot break either.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('uploads.quota'), ${userId}::int)`)
  const [used] = await tx
    .select({ bytes: sql<number>`coalesce(sum(${uploads.size}), 0)::bigint`.mapWith(Number) })
    .from(uploads)
    .where(and(eq(uploads.userId, userId), eq(uploads.kind, kind)))
  if ((used?.bytes ?? 0) + size > quota.bytes) {
    throw new AppError('QUOTA_EXCEEDED', quota.message, 413, quota.field)
  }
}

/** Deletes stored files by name (after the transaction that forgot them committed); missing ones are fine. */
export async function deleteUploadFiles(config: Config, fileNames: readonly string[]) {
  const dir = uploadsDir(config)
  await Promise.all(
    fileNames
      .filter((name) => FILE_NAME.test(name))
      .map((name) => unlink(path.join(dir, name)).catch(() => {})),
  )
}

/**
 * The generated file name inside an uploads URL, whether given as the name alone, as /uploads/<name>
 * or as an absolute URL on this server; null for anything else.
 */
export function uploadFileName(url: string, config: Pick<Config, 'publicUrl'>): string | null {
  let value = url.trim()
  if (value.startsWith(config.publicUrl)) value = value.slice(config.publicUrl.length)
  if (value.startsWith(UPLOADS_PATH)) value = value.slice(UPLOADS_PATH.length)
  return FILE_NAME.test(value) ? value : null
}

/**
 * The upload behind a URL when it belongs to the member and is of the kind; null otherwise. Called in
 * the transaction that will point at it: the share lock keeps a cleanup from deleting it meanwhile.
 */
export async function findOwnUpload(db: Db, config: Config, url: string, userId: number, kind: UploadKind) {
  const fileName = uploadFileName(url, config)
  if (!fileName) return null
  const [row] = await db
    .select()
    .from(uploads)
    .where(and(eq(uploads.fileName, fileName), eq(uploads.userId, userId), eq(uploads.kind, kind)))
    .limit(1)
    .for('key share')
  return row ? { ...row, url: `${UPLOADS_PATH}${row.fileName}` } : null
}

/** Forgets an upload and deletes its file; a URL that is not one of ours is ignored. */
export async function removeUpload(db: Db, config: Config, url: string | null | undefined) {
  const fileName = url ? uploadFileName(url, config) : null
  if (!fileName) return
  await db.delete(uploads).where(eq(uploads.fileName, fileName))
  await unlink(path.join(uploadsDir(config), fileName)).catch(() => {})
}

/** GET /uploads/<name>: the stored bytes with their recorded type, never sniffed, cached for good. */
export const uploadsRoutes: FastifyPluginAsync = async (app) => {
  // Public files: a script holding an API token may fetch them with its header on.
  app.get<{ Params: { name: string } }>(
    '/uploads/:name',
    { config: { apiTokens: true } },
    async (request, reply) => {
      const { name } = request.params
      const contentType = FILE_NAME.test(name) ? TYPES_BY_EXTENSION[name.split('.').pop()!] : undefined
      if (!contentType) throw new AppError('NOT_FOUND', SERVER_MESSAGES.fileNotFound, 404)
      const filePath = path.join(uploadsDir(app.config), name)
      const info = await stat(filePath).catch(() => null)
      if (!info?.isFile()) throw new AppError('NOT_FOUND', SERVER_MESSAGES.fileNotFound, 404)
      reply
        .header('Content-Type', contentType)
        .header('Content-Length', info.size)
        .header('X-Content-Type-Options', 'nosniff')
        // Names are random and never reused: the bytes behind one never change.
        .header('Cache-Control', 'public, max-age=31536000, immutable')
      if (contentType === 'application/pdf') {
        reply.header('Content-Disposition', 'inline; filename="attachment.pdf"')
      } else {
        // An image opened on its own runs nothing, even if a browser were tricked into rendering it as a page.
        reply.header(
          'Content-Security-Policy',
          "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
        )
      }
      return reply.send(createReadStream(filePath))
    },
  )
}
