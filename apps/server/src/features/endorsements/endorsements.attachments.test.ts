import { readdir } from 'node:fs/promises'
import path from 'node:path'
import { threadId } from 'node:worker_threads'
import { ATTACHMENT_QUOTA_BYTES, ENDORSEMENT_MESSAGES } from '@vouched/shared/endorsements'
import { eq } from 'drizzle-orm'
import { PDFDocument, PDFName } from 'pdf-lib'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uploads } from '../../db/schema/index'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createMember, uploadAttachment } from '../../../test/factories'
import {
  animatedGifWithComment,
  jpegWithExif,
  markersIn,
  MARKERS,
  pdfWithMetadata,
  pngWithText,
} from '../../../test/files-with-metadata'
import { makeImage, multipart, tinyPdf } from '../../../test/multipart'

/**
 * Attachments are served without sign-in, on anonymous endorsements too: what is served carries the
 * picture or the pages and nothing of who made the file (issue 21, finding 3). Each member's stored
 * attachments fit in a quota.
 */
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

type Member = Awaited<ReturnType<typeof createMember>>

const upload = (member: Member, data: Buffer, contentType: string, fileName?: string) =>
  uploadAttachment(t, member, data, contentType, fileName)

/** Uploads the file and fetches what the server serves for it, as a visitor. */
async function uploadAndServe(data: Buffer, contentType: string) {
  const member = await createMember(t.db)
  const res = await upload(member, data, contentType)
  expect(res.statusCode).toBe(201)
  const served = await t.app.inject({ method: 'GET', url: res.json().contentUrl })
  expect(served.statusCode).toBe(200)
  expect(served.headers['content-type']).toBe(contentType)
  return served.rawPayload
}

const storedFiles = async () => (await readdir(path.join(t.config.dataDir, 'uploads')).catch(() => [])).sort()

describe('metadata is stripped from attachments', () => {
  it('serves a JPEG without its EXIF: no artist, email, software, description or GPS', async () => {
    const original = await jpegWithExif()
    expect(markersIn(original)).toHaveLength(4)
    expect((await sharp(original).metadata()).exif).toBeDefined()
    const served = await uploadAndServe(original, 'image/jpeg')
    expect(markersIn(served)).toEqual([])
    const metadata = await sharp(served).metadata()
    expect(metadata).toMatchObject({ format: 'jpeg', width: 64, height: 48 })
    expect(metadata.exif).toBeUndefined()
    expect(metadata.xmp).toBeUndefined()
  })

  it('serves a PNG without its tEXt comments and EXIF chunk', async () => {
    const original = await pngWithText()
    expect(markersIn(original)).toHaveLength(4)
    expect((await sharp(original).metadata()).comments).toHaveLength(2)
    const served = await uploadAndServe(original, 'image/png')
    expect(markersIn(served)).toEqual([])
    const metadata = await sharp(served).metadata()
    expect(metadata).toMatchObject({ format: 'png', width: 64, height: 48 })
    expect(metadata.comments).toBeUndefined()
    expect(metadata.exif).toBeUndefined()
    expect(served.includes(Buffer.from('tEXt'))).toBe(false)
  })

  it('serves a GIF without its comment, still animated', async () => {
    const original = await animatedGifWithComment()
    expect(markersIn(original)).toEqual([MARKERS.email, MARKERS.comment])
    const served = await uploadAndServe(original, 'image/gif')
    expect(markersIn(served)).toEqual([])
    const metadata = await sharp(served, { animated: true }).metadata()
    expect(metadata).toMatchObject({ format: 'gif', pages: 2, width: 32, pageHeight: 24, loop: 0 })
    expect(metadata.delay).toEqual([100, 100])
  })

  it('serves a PDF without its Info dictionary and XMP metadata, pages intact', async () => {
    const original = await pdfWithMetadata()
    expect(markersIn(original)).toContain(MARKERS.artist)
    const served = await uploadAndServe(original, 'application/pdf')
    expect(markersIn(served)).toEqual([])
    const doc = await PDFDocument.load(served, { updateMetadata: false })
    expect(doc.getPageCount()).toBe(1)
    expect(doc.getPage(0).getSize()).toEqual({ width: 200, height: 200 })
    expect([doc.getAuthor(), doc.getCreator(), doc.getTitle(), doc.getProducer()]).toEqual([
      undefined,
      undefined,
      undefined,
      undefined,
    ])
    expect(doc.catalog.get(PDFName.of('Metadata'))).toBeUndefined()
  })

  it('rewrites PDFs in a worker thread', async () => {
    const { pdf, threadId: ranOn } = await t.app.cpuPool.stripPdf(await pdfWithMetadata())
    expect(ranOn).not.toBe(threadId)
    expect(markersIn(pdf)).toEqual([])
  })

  it('records the size of what is stored, not of what was sent', async () => {
    const member = await createMember(t.db)
    const original = await jpegWithExif()
    const res = await upload(member, original, 'image/jpeg')
    const fileName = res.json().contentUrl.split('/').pop()
    const [row] = await t.db.select().from(uploads).where(eq(uploads.fileName, fileName))
    const served = await t.app.inject({ method: 'GET', url: res.json().contentUrl })
    expect(row!.size).toBe(served.rawPayload.length)
    expect(row!.size).not.toBe(original.length)
  })

  it.each([
    [
      'a PNG signature on garbage',
      'image/png',
      Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(300, 7)]),
    ],
    ['a PDF header on garbage', 'application/pdf', Buffer.from('%PDF-1.7\n' + 'garbage '.repeat(50))],
  ])('answers 415 to %s and stores nothing', async (_label, type, data) => {
    const member = await createMember(t.db)
    const before = await storedFiles()
    const res = await upload(member, data, type)
    expect(res.statusCode).toBe(415)
    expect(res.json()).toMatchObject({ field: 'file' })
    expect(await storedFiles()).toEqual(before)
  })

  it('answers 415 to an encrypted PDF, which cannot be rewritten', async () => {
    const member = await createMember(t.db)
    const encrypted = Buffer.from(
      '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Count 0/Kids[]>>endobj\n' +
        '3 0 obj<</Filter/Standard/V 1/R 2/O(x)/U(y)/P -4>>endobj\n' +
        'trailer<</Root 1 0 R/Encrypt 3 0 R>>\n%%EOF\n',
    )
    const res = await upload(member, encrypted, 'application/pdf')
    expect(res.statusCode).toBe(415)
    expect(res.json()).toMatchObject({ message: ENDORSEMENT_MESSAGES.attachmentUnreadable })
  })
})

describe('storage quota per member', () => {
  /** Records that the member already stores `bytes` of attachments (rows only: the quota counts rows). */
  const alreadyStored = async (member: Member, bytes: number) => {
    await t.db.insert(uploads).values({
      userId: member.id,
      kind: 'attachment',
      fileName: `${'0'.repeat(24)}${member.id.toString(16).padStart(8, '0')}.pdf`,
      contentType: 'application/pdf',
      size: bytes,
    })
  }

  it('answers 413 with a clear message when the file would go beyond the quota, and stores nothing', async () => {
    const member = await createMember(t.db)
    await alreadyStored(member, ATTACHMENT_QUOTA_BYTES - 100)
    const before = await storedFiles()
    const res = await upload(member, await makeImage('png'), 'image/png')
    expect(res.statusCode).toBe(413)
    expect(res.json()).toEqual({
      code: 'QUOTA_EXCEEDED',
      message: ENDORSEMENT_MESSAGES.attachmentQuota,
      field: 'file',
    })
    expect(await storedFiles()).toEqual(before)
    expect(await t.db.select().from(uploads).where(eq(uploads.userId, member.id))).toHaveLength(1)
  })

  it('counts each member apart and profile pictures not at all', async () => {
    const [full, other] = [await createMember(t.db), await createMember(t.db)]
    await alreadyStored(full, ATTACHMENT_QUOTA_BYTES)
    expect((await upload(other, await makeImage('png'), 'image/png')).statusCode).toBe(201)
    const picture = await t.inject(full, {
      method: 'POST',
      url: `/api/users/${full.id}/profile-picture`,
      ...multipart({
        field: 'profilePicture',
        fileName: 'me.png',
        contentType: 'image/png',
        data: await makeImage('png'),
      }),
    })
    expect(picture.statusCode).toBe(200)
  })

  it('lets only one of two parallel uploads take the last free bytes', async () => {
    const member = await createMember(t.db)
    const png = await makeImage('png')
    const storedSize = (await sharp(png).png().toBuffer()).length
    // Room for one more stored file, not two.
    await alreadyStored(member, ATTACHMENT_QUOTA_BYTES - storedSize - Math.floor(storedSize / 2))
    const answers = await Promise.all([upload(member, png, 'image/png'), upload(member, png, 'image/png')])
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 413])
  })
})

describe('POST /api/vouches/attachments', () => {
  it('answers 401 without a session', async () => {
    const body = multipart({
      field: 'file',
      fileName: 'a.png',
      contentType: 'image/png',
      data: await makeImage('png'),
    })
    const res = await t.app.inject({ method: 'POST', url: '/api/vouches/attachments', ...body })
    expect(res.statusCode).toBe(401)
  })

  it.each([
    ['png', 'image/png'],
    ['jpeg', 'image/jpeg'],
    ['gif', 'image/gif'],
  ] as const)('stores a %s under a random name and serves it with its type', async (format, type) => {
    const alice = await createMember(t.db)
    const data = await makeImage(format)
    const res = await uploadAttachment(t, alice, data, 'application/octet-stream', '../../etc/passwd')
    expect(res.statusCode).toBe(201)
    const { contentUrl, contentType } = res.json()
    expect(contentType).toBe(type)
    expect(contentUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.(png|jpg|gif)$/)
    const served = await t.app.inject({ method: 'GET', url: contentUrl })
    expect(served.statusCode).toBe(200)
    expect(served.headers['content-type']).toBe(type)
    expect(served.headers['x-content-type-options']).toBe('nosniff')
    // Re-encoded (metadata stripped: endorsements.attachments.test.ts), the same picture.
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ format, width: 64, height: 48 })
    const [row] = await t.db
      .select()
      .from(uploads)
      .where(eq(uploads.fileName, contentUrl.split('/').pop()))
    expect(row).toMatchObject({
      userId: alice.id,
      kind: 'attachment',
      contentType: type,
      size: served.rawPayload.length,
    })
    const files = await readdir(path.join(t.config.dataDir, 'uploads'))
    expect(files).toContain(contentUrl.split('/').pop())
  })

  it('stores a PDF', async () => {
    const alice = await createMember(t.db)
    const res = await uploadAttachment(t, alice, tinyPdf(), 'application/pdf', 'cv.pdf')
    expect(res.statusCode).toBe(201)
    expect(res.json().contentType).toBe('application/pdf')
    const served = await t.app.inject({ method: 'GET', url: res.json().contentUrl })
    expect(served.headers['content-type']).toBe('application/pdf')
  })

  it('answers 415 to a text file named .png, whatever it claims', async () => {
    const alice = await createMember(t.db)
    const res = await uploadAttachment(
      t,
      alice,
      Buffer.from('<script>alert(1)</script>'),
      'image/png',
      'evil.png',
    )
    expect(res.statusCode).toBe(415)
    expect(res.json()).toMatchObject({
      code: 'UNSUPPORTED_MEDIA_TYPE',
      message: ENDORSEMENT_MESSAGES.attachmentType,
    })
  })

  it('answers 415 to an SVG (scripts run in it)', async () => {
    const alice = await createMember(t.db)
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>')
    expect((await uploadAttachment(t, alice, svg, 'image/svg+xml', 'a.svg')).statusCode).toBe(415)
  })

  it('answers 413 above 10MB and accepts exactly 10MB', async () => {
    const alice = await createMember(t.db)
    const pdf = tinyPdf()
    const big = Buffer.concat([pdf, Buffer.alloc(10 * 1024 * 1024 + 1 - pdf.length, 0x20)])
    const tooBig = await uploadAttachment(t, alice, big, 'application/pdf', 'big.pdf')
    expect(tooBig.statusCode).toBe(413)
    expect(tooBig.json()).toMatchObject({ message: ENDORSEMENT_MESSAGES.attachmentTooLarge })
    const exact = await uploadAttachment(
      t,
      alice,
      big.subarray(0, 10 * 1024 * 1024),
      'application/pdf',
      'ok.pdf',
    )
    expect(exact.statusCode).toBe(201)
  })

  it('answers 400 without a file or with the file in another field, 415 without multipart', async () => {
    const alice = await createMember(t.db)
    const wrongField = multipart({
      field: 'attachment',
      fileName: 'a.png',
      contentType: 'image/png',
      data: await makeImage('png'),
    })
    expect(
      (await t.inject(alice, { method: 'POST', url: '/api/vouches/attachments', ...wrongField })).statusCode,
    ).toBe(400)
    const empty = await t.inject(alice, {
      method: 'POST',
      url: '/api/vouches/attachments',
      payload: '--x--\r\n',
      headers: { 'content-type': 'multipart/form-data; boundary=x' },
    })
    expect(empty.statusCode).toBe(400)
    const json = await t.inject(alice, {
      method: 'POST',
      url: '/api/vouches/attachments',
      payload: { file: 'x' },
    })
    expect(json.statusCode).toBe(415)
  })

  it('answers 404 for unknown or malformed upload names', async () => {
    for (const url of [
      '/uploads/0123456789abcdef0123456789abcdef.png',
      '/uploads/..%2F..%2Fpackage.json',
      '/uploads/x.svg',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404)
    }
  })
})
