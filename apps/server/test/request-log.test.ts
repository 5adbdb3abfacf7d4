import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { expect, it } from 'vitest'
import { eventually } from './eventually'
import { startServer } from './start-server'

type LogLine = { msg?: string; reqId?: string; method?: string; path?: string; status?: number; ms?: number }

it('writes one log line per request, without the query string', async () => {
  // Production logs JSON, one object per line, which is what operators ship to their log store.
  const server = await startServer({ NODE_ENV: 'production', LOG_LEVEL: 'info' })
  try {
    const res = await fetch(`${server.url}/api/health?token=reset-token-secret`)
    expect(res.status).toBe(200)
    const reqId = res.headers.get('x-request-id')
    expect(reqId).toBeTruthy()

    const logFile = path.join(server.dataDir, 'server.log')
    const linesOf = async () =>
      (await readFile(logFile, 'utf8'))
        .split('\n')
        .filter(Boolean)
        .map((line) => JSON.parse(line) as LogLine)
        .filter((line) => line.reqId === reqId)
    await eventually(async () => expect(await linesOf()).toHaveLength(1))
    const lines = await linesOf()
    expect(lines[0]).toMatchObject({ msg: 'request', method: 'GET', path: '/api/health', status: 200 })
    expect(lines[0]!.ms).toBeGreaterThanOrEqual(0)
    expect(await readFile(logFile, 'utf8')).not.toContain('reset-token-secret')
  } finally {
    server.process.kill('SIGTERM')
    await server.exited
  }
})
