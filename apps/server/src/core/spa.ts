import { createHash } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Config } from '../config'

/** The built client's index.html, or undefined when no client was built (API-only test runs). */
export async function readIndexHtml(config: Pick<Config, 'webDist'>): Promise<string | undefined> {
  return config.webDist ? readFile(path.join(config.webDist, 'index.html'), 'utf8') : undefined
}

/**
 * CSP sources ('sha256-…') for the inline scripts of the client's page: the colour-scheme script in
 * index.html's head must run before the first paint, so it cannot be a file (docs/decisions/140), and
 * a hash admits exactly those bytes where 'unsafe-inline' would admit any script injected into a page.
 */
export function inlineScriptHashes(html: string | undefined): string[] {
  if (!html) return []
  const hashes = new Set<string>()
  for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\bsrc\s*=/i.test(attributes!) || body!.length === 0) continue
    hashes.add(`'sha256-${createHash('sha256').update(body!, 'utf8').digest('base64')}'`)
  }
  return [...hashes]
}

/** A page with the client's shape, for server-rendered head tags when no client was built. */
export const SPA_SKELETON = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1.0" />
    <title>Vouched</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>
`
