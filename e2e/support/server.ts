import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtemp, rm } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

const ROOT = path.resolve(import.meta.dirname, '../..')
const SERVER_MAIN = path.join(ROOT, 'apps/server/src/main.ts')
const STARTUP_TIMEOUT_MS = 90_000

export type E2eServer = {
  /** Where the browser reaches it, e.g. http://127.0.0.1:43121; also its PUBLIC_URL. */
  baseUrl: string
  /** Its DATA_DIR (the mail outbox is `${dataDir}/outbox`). */
  dataDir: string
  /** Stops it and removes its data (unless E2E_KEEP_DATA is set). */
  stop: () => Promise<void>
}

/**
 * Starts the real server: a free port on 127.0.0.1, a fresh temporary DATA_DIR (embedded PGlite,
 * outbox), no demo data, no rate limits; it serves the built client. `host` names it in PUBLIC_URL and
 * the base URL: WebAuthn takes no IP address as its relying party, so the passkey spec says `localhost`.
 */
export async function startServer({
  host = '127.0.0.1',
  env: extraEnv = {},
}: {
  host?: string
  /** More configuration, e.g. `{ FEDERATION: 'on' }` for the federation spec's two instances. */
  env?: Record<string, string>
} = {}): Promise<E2eServer> {
  const port = await freePort()
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vouched-e2e-'))
  const baseUrl = `http://${host}:${port}`
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
    ...extraEnv,
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
    // The health check goes to the address it listens on, whatever name the browser uses.
    await waitForHealth(`http://127.0.0.1:${port}`, server, () => output)
  } catch (error) {
    await stop(server)
    await rm(dataDir, { recursive: true, force: true })
    throw error
  }
  return {
    baseUrl,
    dataDir,
    stop: async () => {
      await stop(server)
      if (!process.env.E2E_KEEP_DATA) await rm(dataDir, { recursive: true, force: true })
    },
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
