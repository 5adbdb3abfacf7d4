import { spawnSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { findChromium } from './chromium'
import { startServer } from './server'

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  export interface ProvidedContext {
    /** Where the real server listens, e.g. http://127.0.0.1:43121 */
    e2eBaseUrl: string
    /** The server's DATA_DIR (its mail outbox is `${dataDir}/outbox`). */
    e2eDataDir: string
    /** The Chromium executable the specs drive. */
    e2eChromium: string
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..')
const WEB_DIST = path.join(ROOT, 'apps/web/dist/index.html')

/**
 * Starts the real server once for the whole e2e run (support/server.ts). It serves the built client, so
 * the client must be built first.
 */
export default async function setup(project: TestProject) {
  const chromium = findChromium()
  if (!existsSync(WEB_DIST)) {
    // `npm run test:e2e` builds first; a direct `vitest run --project e2e` builds here once.
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
    if (build.status !== 0) throw new Error('Building the web client failed (npm run build)')
  }

  // The admin specs sign in as `admin`; the spec workers inherit the password from here (and so does
  // the server, from this process's environment).
  process.env.ADMIN_PASSWORD ??= 'e2e-orchid-lantern'
  const { baseUrl, dataDir, stop } = await startServer()

  project.provide('e2eBaseUrl', baseUrl)
  project.provide('e2eDataDir', dataDir)
  project.provide('e2eChromium', chromium)

  return stop
}
