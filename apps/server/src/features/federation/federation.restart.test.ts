import { afterAll, beforeAll, expect, it } from 'vitest'
import type { TestApp } from '../../../test/build-test-app'
import { createMember, endorse } from '../../../test/factories'
import { startFederatedApp, startPeer } from '../../../test/fediverse-peer'

/**
 * A delivery queued when the server stops is sent by the server that starts next on the same database
 * (issue 30: deliveries survive a restart). The follower's server is down meanwhile, so the delivery
 * is still waiting for its retry when the first server stops.
 */
let t: TestApp
beforeAll(async () => {
  t = await startFederatedApp()
}, 60_000)
afterAll(async () => {
  await t?.close()
})

it('sends after a restart what was queued before it', async () => {
  const nina = await createMember(t.db, { federated: true, fullName: 'Nina Restart' })
  const omar = await createMember(t.db, { federated: true, fullName: 'Omar Sender' })
  const actor = `${t.config.publicUrl}/profile/${nina.username}`
  const peer = await startPeer()
  await peer.follow('fan', actor)
  await expect
    .poll(() => peer.accepted.filter((a) => a.type === 'Accept').length, { timeout: 15_000 })
    .toBe(1)
  const port = Number(new URL(peer.origin).port)
  await peer.close()

  await endorse(t, omar, nina, { category: 'Adaptability', note: 'queued before the restart' })
  await t.app.federation.publisher.drain()
  await expect
    .poll(async () => (await t.app.federation.queue.getDepth()).delayed, { timeout: 15_000 })
    .toBeGreaterThan(0)

  // The server stops; the database (and its queue) stays.
  await t.app.close()
  const back = await startPeer({ port })
  try {
    const restarted = await t.otherInstance()
    await restarted.listen({ port: Number(new URL(t.config.publicUrl).port), host: '127.0.0.1' })
    await expect
      .poll(() => back.accepted.filter((a) => a.type === 'Create').length, { timeout: 40_000 })
      .toBe(1)
    const note = back.accepted.find((a) => a.type === 'Create')!.json.object as Record<string, unknown>
    expect(note.content).toContain('queued before the restart')
  } finally {
    await back.close()
  }
}, 90_000)
