import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { ATTACHMENT_MAX_BYTES } from '@vouched/shared/endorsements'
import { PROFILE_PICTURE_MAX_BYTES } from '@vouched/shared/profiles'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uploads } from '../../src/db/schema/index'
import { buildTestApp, type TestApp } from '../build-test-app'
import { createMember } from '../factories'
import { makeImage, multipart, tinyPdf } from '../multipart'
import { expectNoServerError } from './arbitraries'

/**
 * Uploads an attacker shapes: too large (413), not what they claim to be (415), with traversal in
 * their names (the stored name is always generated), and reads of /uploads and of the built client's
 * files that try to climb out of their folders (404, never a byte from outside).
 */
let t: TestApp
let root: string
let webDist: string
const SECRET = 'TOP-SECRET-CONTENT-7f3a'
beforeAll(async () => {
  // A built client beside the data, so the static file server is in play too.
  root = await mkdtemp(path.join(tmpdir(), 'vouched-web-'))
  webDist = path.join(root, 'web')
  await mkdir(webDist)
  await mkdir(path.join(webDist, 'assets'))
  await writeFile(
    path.join(webDist, 'index.html'),
    '<!doctype html><title>Vouched</title><div id="root"></div>',
  )
  await writeFile(path.join(webDist, 'assets', 'app.js'), 'console.log(1)')
  t = await buildTestApp({ webDist })
  // Files an attacker would love to read, next to (not inside) the served folders.
  await writeFile(path.join(t.config.dataDir, 'secret.png'), SECRET)
  await writeFile(path.join(t.config.dataDir, 'secret.txt'), SECRET)
  await writeFile(path.join(root, 'web-secret.txt'), SECRET)
})
afterAll(async () => {
  await t.close()
  await rm(root, { recursive: true, force: true })
})

type Member = Awaited<ReturnType<typeof createMember>>
const uploadsDir = () => path.join(t.config.dataDir, 'uploads')
const storedFiles = async () => (await readdir(uploadsDir()).catch(() => [])).sort()

const picture = (member: Member, data: Buffer, fileName = 'me.png', contentType = 'image/png') =>
  t.inject(member, {
    method: 'POST',
    url: `/api/users/${member.id}/profile-picture`,
    ...multipart({ field: 'profilePicture', fileName, contentType, data }),
  })
const attachment = (member: Member, data: Buffer, fileName = 'proof.png', contentType = 'image/png') =>
  t.inject(member, {
    method: 'POST',
    url: '/api/vouches/attachments',
    ...multipart({ field: 'file', fileName, contentType, data }),
  })

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

describe('oversized uploads', () => {
  it('answers 413 to a profile picture of 5 MB or more and stores nothing', async () => {
    const member = await createMember(t.db)
    const before = await storedFiles()
    const data = Buffer.concat([await makeImage('png'), Buffer.alloc(PROFILE_PICTURE_MAX_BYTES)])
    const res = await picture(member, data)
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', field: 'profilePicture' })
    expect(await storedFiles()).toEqual(before)
  })

  it('answers 413 to an attachment over 10 MB and stores nothing', async () => {
    const member = await createMember(t.db)
    const before = await storedFiles()
    const data = Buffer.concat([tinyPdf(), Buffer.alloc(ATTACHMENT_MAX_BYTES)])
    const res = await attachment(member, data, 'big.pdf', 'application/pdf')
    expect(res.statusCode).toBe(413)
    expect(res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
    expect(await storedFiles()).toEqual(before)
  })
})

describe('files that are not what they claim', () => {
  const disguised: [label: string, data: () => Buffer | Promise<Buffer>][] = [
    ['plain text named .png', () => Buffer.from('just some text, not an image')],
    ['an HTML page with a script', () => Buffer.from('<html><script>alert(document.cookie)</script></html>')],
    [
      'an SVG with a script',
      () =>
        Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>',
        ),
    ],
    ['a GIF header followed by a script', () => Buffer.from('GIF89a/*<script>alert(1)</script>*/')],
    ['a PNG signature followed by garbage', () => Buffer.concat([PNG_SIGNATURE, Buffer.alloc(200, 0x41)])],
    ['a truncated PNG', async () => (await makeImage('png')).subarray(0, 60)],
    [
      'an ELF executable',
      () => Buffer.concat([Buffer.from([0x7f, 0x45, 0x4c, 0x46, 2, 1, 1]), Buffer.alloc(64)]),
    ],
    ['a zip archive', () => Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(64)])],
    ['a PDF (valid attachment, not a picture)', () => tinyPdf()],
    ['an empty file', () => Buffer.alloc(0)],
  ]

  it.each(disguised)('refuses %s as a profile picture with 415 (or 400 when empty)', async (label, make) => {
    const member = await createMember(t.db)
    const before = await storedFiles()
    const res = await picture(member, await make())
    expectNoServerError(res, label)
    expect(label === 'an empty file' ? [400, 415] : [415]).toContain(res.statusCode)
    expect(await storedFiles()).toEqual(before)
  })

  it('refuses any random bytes as a picture or an attachment, whatever name and type they claim', async () => {
    const member = await createMember(t.db)
    const before = await storedFiles()
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 1, maxLength: 3000 }),
        fc.constantFrom('a.png', 'a.jpg', 'a.gif', 'a.pdf', 'a.svg', 'a.html'),
        fc.constantFrom('image/png', 'image/jpeg', 'application/pdf', 'text/html', 'image/svg+xml'),
        fc.boolean(),
        async (bytes, fileName, contentType, asPicture) => {
          const data = Buffer.from(bytes)
          const res = asPicture
            ? await picture(member, data, fileName, contentType)
            : await attachment(member, data, fileName, contentType)
          expectNoServerError(res, `${fileName} as ${contentType}`)
          expect(res.statusCode).toBe(415)
        },
      ),
      { numRuns: 40 },
    )
    expect(await storedFiles()).toEqual(before)
  })

  it('serves an HTML-bearing attachment only as what its bytes are, never as a page', async () => {
    const member = await createMember(t.db)
    // A real GIF whose comment carries markup: accepted as a GIF, served as image/gif with nosniff.
    const res = await attachment(member, await makeImage('gif'), 'x.html', 'text/html')
    expect(res.statusCode).toBe(201)
    const file = await t.app.inject({ method: 'GET', url: res.json().contentUrl })
    expect(file.headers['content-type']).toBe('image/gif')
    expect(file.headers['x-content-type-options']).toBe('nosniff')
    expect(file.headers['content-security-policy']).toContain('sandbox')
  })
})

describe('path traversal', () => {
  const hostileNames = [
    '../../etc/passwd',
    '../../../../../../etc/passwd.png',
    '..\\..\\windows\\win.ini',
    '/etc/passwd',
    '%2e%2e%2f%2e%2e%2fetc%2fpasswd.png',
    '....//....//secret.png',
    'a/../../secret.png',
    'nul\u0000.png',
    '.htaccess',
    `${'x'.repeat(300)}.png`,
  ]

  it.each(hostileNames)(
    'stores an upload named %j under a generated name inside the uploads folder',
    async (name) => {
      const member = await createMember(t.db)
      const res = await attachment(member, await makeImage('png'), name)
      expect(res.statusCode).toBe(201)
      expect(res.json().contentUrl).toMatch(/^\/uploads\/[a-f0-9]{32}\.png$/)
      const files = await storedFiles()
      expect(files.every((f) => /^[a-f0-9]{32}\.(png|jpg|gif|pdf)$/.test(f))).toBe(true)
      // Nothing was written beside the data folder's known entries.
      const top = await readdir(t.config.dataDir)
      expect(top.filter((f) => !['uploads', 'outbox', 'secret.png', 'secret.txt'].includes(f))).toEqual([])
    },
  )

  const traversals = [
    '/uploads/..%2Fsecret.png',
    '/uploads/..%2F..%2Fetc%2Fpasswd',
    '/uploads/%2e%2e%2fsecret.png',
    '/uploads/%2E%2E%2Fsecret.txt',
    '/uploads/%252e%252e%252fsecret.png',
    '/uploads/..%5Csecret.png',
    '/uploads/..%c0%afsecret.png',
    '/uploads/../secret.png',
    '/uploads/./../secret.txt',
    '/uploads//etc/passwd',
    '/uploads/%00secret.png',
    '/uploads/secret.png%00.png',
    '/uploads/..',
    '/uploads/.',
    '/assets/..%2F..%2Fsecret.txt',
    '/assets/%2e%2e/%2e%2e/secret.txt',
    '/assets/../../secret.txt',
    '/assets/..%2F..%2Fweb-secret.txt',
    '/..%2Fweb-secret.txt',
    '/../web-secret.txt',
    '/..%2F..%2F..%2F..%2Fetc%2Fpasswd',
    '/%2e%2e/%2e%2e/etc/passwd',
  ]

  /**
   * A path that still names an upload answers 404; one whose dot segments climb out of /uploads is
   * resolved like a browser would and lands on the client's page (or the assets' 404), never on a file.
   */
  const expectUploadOrPage = (
    res: { statusCode: number; body: string; headers: Record<string, unknown> },
    url: string,
  ) => {
    if (res.statusCode !== 200) return
    expect(String(res.headers['content-type']), url).toContain('text/html')
    expect(res.body, url).toContain('<div id="root"></div>')
  }

  it.each(traversals)('never serves a file outside its folder for GET %s', async (url) => {
    const res = await t.app.inject({ method: 'GET', url })
    expectNoServerError(res, url)
    expect(res.body).not.toContain(SECRET)
    expect(res.body).not.toContain('root:x:0:0')
    expectUploadOrPage(res, url)
  })

  it('never serves a file outside its folder for generated traversal paths', async () => {
    const segment = fc.constantFrom('..', '%2e%2e', '%2E%2E', '.%2e', '%252e%252e', '..%00', '...', '.')
    const separator = fc.constantFrom('/', '%2F', '%2f', '%5C', '\\', '%252F', '//')
    const target = fc.constantFrom(
      'secret.png',
      'secret.txt',
      'web-secret.txt',
      'etc/passwd',
      'etc%2Fpasswd',
      'session-secret',
    )
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom('/uploads/', '/assets/', '/', '/badge/', '/api/'),
        fc.array(fc.tuple(segment, separator), { minLength: 1, maxLength: 6 }),
        target,
        async (prefix, climb, file) => {
          const url = `${prefix}${climb.map(([s, sep]) => `${s}${sep}`).join('')}${file}`
          const res = await t.app.inject({ method: 'GET', url })
          expectNoServerError(res, url)
          expect(res.body, url).not.toContain(SECRET)
          expect(res.body, url).not.toContain('root:x:0:0')
          expectUploadOrPage(res, url)
        },
      ),
      { numRuns: 50 },
    )
  })

  it('serves a real upload, so the 404s above are not a broken route', async () => {
    const member = await createMember(t.db)
    const res = await attachment(member, await makeImage('png'))
    const file = await t.app.inject({ method: 'GET', url: res.json().contentUrl })
    expect(file.statusCode).toBe(200)
    expect(file.headers['content-type']).toBe('image/png')
    expect(await t.db.select().from(uploads)).not.toHaveLength(0)
  })
})
