import { openSync } from 'node:fs'
import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtemp } from 'node:fs/promises'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'

const serverDir = path.resolve(import.meta.dirname, '..')

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number }
      probe.close(() => resolve(port))
    })
  })

export type RunningServer = {
  url: string
  dataDir: string
  process: ChildProcess
  exited: Promise<number | null>
}

/**
 * Starts the real process (src/main.ts through tsx, or with `compiled` the built dist/main.js on plain
 * Node) and resolves once /api/health answers 200.
 */
export async function startServer(
  env: Record<string, string> = {},
  { compiled = false }: { compiled?: boolean } = {},
): Promise<RunningServer> {
  // A caller may name the port (the federation demo's instances are at known addresses).
  const port = env.PORT ? Number(env.PORT) : await freePort()
  const dataDir = env.DATA_DIR ?? (await mkdtemp(path.join(tmpdir(), 'vouched-proc-')))
  const args = compiled ? ['--enable-source-maps', 'dist/main.js'] : ['--import', 'tsx', 'src/main.ts']
  const child = spawn(process.execPath, args, {
    cwd: serverDir,
    env: {
      ...process.env,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      RATE_LIMIT: 'off',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ...env,
    },
    // The server's log (warnings and errors) stays beside its data, for a failed run to show.
    stdio: ['ignore', openSync(path.join(dataDir, 'server.log'), 'a'), 'pipe'],
  })
  let stderr = ''
  child.stderr!.on('data', (chunk: Buffer) => (stderr += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)))
  const url = `http://127.0.0.1:${port}`
  const deadline = Date.now() + 60_000
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early: ${stderr}`)
    const ok = await fetch(`${url}/api/health`).then(
      (res) => res.ok,
      () => false,
    )
    if (ok) break
    if (Date.now() > deadline) throw new Error(`server did not start: ${stderr}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return { url, dataDir, process: child, exited }
}
