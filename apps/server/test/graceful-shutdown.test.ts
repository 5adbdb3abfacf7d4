import { request, Agent } from 'node:http'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { expect, it } from 'vitest'
import { uniqueSuffix } from './factories'
import { startServer } from './start-server'

/** POSTs over an already-open keep-alive connection, so the request is in flight when the signal lands. */
function register(url: string, agent: Agent) {
  const suffix = uniqueSuffix()
  const body = JSON.stringify({
    username: `shutdown_${suffix}`,
    email: `shutdown_${suffix}@example.com`,
    password: 'correct-horse-battery',
    passwordConfirm: 'correct-horse-battery',
    fullName: 'Shutdown Test',
  })
  return new Promise<number>((resolve, reject) => {
    const req = request(
      `${url}/api/register`,
      {
        method: 'POST',
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      },
      (res) => {
        res.resume()
        res.on('end', () => resolve(res.statusCode!))
      },
    )
    req.on('error', reject)
    req.end(body)
  })
}

it('finishes requests in flight on SIGTERM, then exits 0 and releases the data dir', async () => {
  const server = await startServer()
  const agent = new Agent({ keepAlive: true, maxSockets: 4 })
  // Open the connections first, on the agent the requests will reuse.
  await Promise.all(
    Array.from(
      { length: 4 },
      () =>
        new Promise<void>((resolve, reject) =>
          request(`${server.url}/api/health`, { agent }, (res) => res.resume().on('end', resolve))
            .on('error', reject)
            .end(),
        ),
    ),
  )
  const inFlight = Array.from({ length: 4 }, () => register(server.url, agent))
  await new Promise((resolve) => setTimeout(resolve, 15))
  server.process.kill('SIGTERM')
  expect(await Promise.all(inFlight)).toEqual([201, 201, 201, 201])
  expect(await server.exited).toBe(0)
  expect(existsSync(path.join(server.dataDir, 'server.pid'))).toBe(false)
  agent.destroy()
}, 90_000)
