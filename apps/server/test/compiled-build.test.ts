import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { expect, it } from 'vitest'
import { startServer } from './start-server'

const serverDir = path.resolve(import.meta.dirname, '..')

it('runs the compiled server on plain Node: migrations, API, worker threads', async () => {
  await promisify(execFile)(process.execPath, ['--import', 'tsx', 'build.ts'], { cwd: serverDir })
  const server = await startServer({}, { compiled: true })
  try {
    // Answers mean the migrations (read from src/db/migrations) ran on the new database.
    const openapi = await fetch(`${server.url}/api/openapi.json`)
    expect(openapi.status).toBe(200)
    expect(((await openapi.json()) as { openapi: string }).openapi).toBe('3.1.0')

    const register = await fetch(`${server.url}/api/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'compiled_member',
        email: 'compiled@example.com',
        password: 'correct-horse-battery',
        passwordConfirm: 'correct-horse-battery',
        fullName: 'Compiled Member',
      }),
    })
    expect(register.status).toBe(201)

    // The PNG is drawn in a worker thread, whose script is found from the package root.
    const png = await fetch(`${server.url}/api/badge/compiled_member?format=png`)
    expect(png.status).toBe(200)
    expect(png.headers.get('content-type')).toBe('image/png')
    expect(
      Buffer.from(await png.arrayBuffer())
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG')
  } finally {
    server.process.kill('SIGTERM')
    expect(await server.exited).toBe(0)
  }
}, 120_000)
