import { spawn, spawnSync, type ChildProcess } from 'node:child_process'
import { existsSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { findChromium } from './chromium'

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
const SERVER_MAIN = path.join(ROOT, 'apps/server/src/main.ts')
const STARTUP_TIMEOUT_MS = 90_000

/**
 * Starts the real server once for the whole e2e run: a free port, a fresh temporary DATA_DIR (embedded PGlite,
 * outbox), no demo data, no rate limits. Serves the built client, so the client must be built first.
 */
export default async function setup(project: TestProject) {
  const chromium = findChromium()
  if (!existsSync(WEB_DIST)) {
    // `npm run test:e2e` builds first; a direct `vitest run --project e2e` builds here once.
    const build = spawnSync('npm', ['run', 'build'], { cwd: ROOT, stdio: 'inherit' })
    if (build.status !== 0) throw new Error('Building the web client failed (npm run build)')
  }

  const port = await freePort()
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vouched-e2e-'))
  const baseUrl = `http://127.0.0.1:${port}`
  // The admin specs sign in as `admin`; the spec workers inherit the password from here.
  process.env.ADMIN_PASSWORD ??= 'e2e-orchid-lantern'
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'test',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: baseUrl,
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    RATE_LIMIT: 'off',
    LOG_LEVEL: process.env.E2E_SERVER_LOG ?? 'warn',
  }
  // Always the embedded database in the temp folder: the run must never touch a shared PostgreSQL.
  delete env.DATABASE_URL
  delete env.SMTP_URL

  const server = spawn(process.execPath, ['--import', 'tsx', SERVER_MAIN], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  const keep = (chunk: Buffer) => {
    output = (output + chunk.toString()).slice(-20_000)
    if (process.env.E2E_SERVER_LOG) process.stderr.write(chunk)
  }
  server.stdout?.on('data', keep)
  server.stderr?.on('data', keep)

  try {
    await waitForHealth(baseUrl, server, () => output)
  } catch (error) {
    await stop(server)
    await rm(dataDir, { recursive: true, force: true })
    throw error
  }

  project.provide('e2eBaseUrl', baseUrl)
  project.provide('e2eDataDir', dataDir)
  project.provide('e2eChromium', chromium)

  return async () => {
    await stop(server)
    if (!process.env.E2E_KEEP_DATA) await rm(dataDir, { recursive: true, force: true })
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.unref()
    probe.on('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

async function waitForHealth(baseUrl: string, server: ChildProcess, output: () => string) {
  const deadline = Date.now() + STARTUP_TIMEOUT_MS
  while (Date.now() < deadline) {
    if (server.exitCode !== null) {
      throw new Error(`The server exited with code ${server.exitCode} before answering:\n${output()}`)
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`)
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`The server did not answer /api/health within ${STARTUP_TIMEOUT_MS / 1000}s:\n${output()}`)
}

async function stop(server: ChildProcess) {
  if (server.exitCode !== null || server.signalCode !== null) return
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()))
  server.kill('SIGTERM')
  const timer = setTimeout(() => server.kill('SIGKILL'), 10_000)
  await exited
  clearTimeout(timer)
}
