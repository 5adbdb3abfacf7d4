import { readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Config } from '../config'

/** The built client's index.html, or undefined when no client was built (API-only test runs). */
export async function readIndexHtml(config: Pick<Config, 'webDist'>): Promise<string | undefined> {
  return config.webDist ? readFile(path.join(config.webDist, 'index.html'), 'utf8') : undefined
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
