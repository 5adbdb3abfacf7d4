import { createHash } from 'node:crypto'
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { inlineScriptHashes } from '../src/core/spa'
import { buildTestApp, type TestApp } from './build-test-app'

/*
 * The client's page runs one inline script before its stylesheet (the colour scheme, docs/decisions/140).
 * The CSP admits it by its hash, and nothing else inline: an injected script still may not run.
 */
const bootScript = `document.documentElement.classList.toggle('dark', true)`
const sha256 = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`

let t: TestApp
let root: string

beforeAll(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'vouched-web-'))
  const webDist = path.join(root, 'web')
  await mkdir(path.join(webDist, 'assets'), { recursive: true })
  await writeFile(
    path.join(webDist, 'index.html'),
    `<!doctype html><html><head><script>${bootScript}</script>` +
      `<script type="module" crossorigin src="/assets/index-1.js"></script></head><body></body></html>`,
  )
  t = await buildTestApp({ webDist })
})
afterAll(async () => {
  await t.close()
  await rm(root, { recursive: true, force: true })
})

describe('CSP for the inline scripts of the client page', () => {
  it("admits the page's inline script by its hash, never 'unsafe-inline'", async () => {
    const res = await t.app.inject({ url: '/settings' })
    expect(res.statusCode).toBe(200)
    const scriptSrc = res.headers['content-security-policy']
      ?.toString()
      .split(';')
      .find((directive) => directive.trim().startsWith('script-src'))
    expect(scriptSrc?.trim()).toBe(`script-src 'self' ${sha256(bootScript)}`)
  })

  it('sends the same policy with API answers', async () => {
    const res = await t.app.inject({ url: '/api/health' })
    expect(res.headers['content-security-policy']).toContain(sha256(bootScript))
  })
})

describe('inlineScriptHashes', () => {
  it('hashes inline scripts only, each once, byte for byte', () => {
    const html = `<script>a()</script><script src="/x.js"></script><SCRIPT type="text/javascript">
  b()
</SCRIPT><script>a()</script><script type="module" src="/y.js"></script>`
    expect(inlineScriptHashes(html)).toEqual([sha256('a()'), sha256('\n  b()\n')])
  })

  it('is empty without a client page', () => {
    expect(inlineScriptHashes(undefined)).toEqual([])
    expect(inlineScriptHashes('<p>no scripts</p>')).toEqual([])
  })
})
