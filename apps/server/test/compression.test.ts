import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from './build-test-app'
import { createMember } from './factories'

/** Text answers are compressed for clients that accept it (Lighthouse's first complaint), others get plain bytes. */
let t: TestApp
let root: string
const script = `export const words = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `word${i}`))}\n`

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'vouched-web-'))
  const webDist = path.join(root, 'web')
  await mkdir(path.join(webDist, 'assets'), { recursive: true })
  await writeFile(
    path.join(webDist, 'index.html'),
    `<!doctype html><title>Vouched</title>${'<p>x</p>'.repeat(300)}`,
  )
  await writeFile(path.join(webDist, 'assets', 'app-1234.js'), script)
  t = await buildTestApp({ webDist })
})
afterAll(async () => {
  await t.close()
  await rm(root, { recursive: true, force: true })
})

describe('response compression', () => {
  it('sends the client files with brotli, keeping their cache headers', async () => {
    const res = await t.app.inject({ url: '/assets/app-1234.js', headers: { 'accept-encoding': 'br, gzip' } })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBe('br')
    expect(res.headers['cache-control']).toContain('immutable')
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script)
    expect(res.rawPayload.length).toBeLessThan(script.length / 2)
  })

  it('sends the SPA page and JSON with gzip to a client that only takes gzip', async () => {
    const page = await t.app.inject({ url: '/discover', headers: { 'accept-encoding': 'gzip' } })
    expect(page.headers['content-encoding']).toBe('gzip')
    expect(gunzipSync(page.rawPayload).toString()).toContain('<title>Vouched</title>')
  })

  it('leaves small JSON answers plain: below 1 kB compressing costs more than it saves', async () => {
    const member = await createMember(t.db)
    const res = await t.inject(member, {
      url: '/api/hashtags/popular',
      headers: { 'accept-encoding': 'gzip' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.json()).toEqual([])
  })

  it('sends plain bytes to a client that asks for no encoding', async () => {
    const res = await t.app.inject({ url: '/assets/app-1234.js' })
    expect(res.headers['content-encoding']).toBeUndefined()
    expect(res.body).toBe(script)
  })
})

describe('client pages', () => {
  it.each(['/verify', '/verify?medal=3', '/verify?vouch=12'])(
    'serves the public verify page %s to a visitor (the client routes it)',
    async (url) => {
      const res = await t.app.inject({ url })
      expect(res.statusCode).toBe(200)
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8')
      expect(res.body).toContain('<title>Vouched</title>')
    },
  )
})
