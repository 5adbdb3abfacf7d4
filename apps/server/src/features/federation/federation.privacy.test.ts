import type { TCreateEndorsement } from '@vouched/shared/endorsements'
import { afterAll, beforeAll, expect, it } from 'vitest'
import type { TestApp } from '../../../test/build-test-app'
import { createMember, endorse } from '../../../test/factories'
import { startFederatedApp, startPeer, type Peer } from '../../../test/fediverse-peer'
import { blockMember } from '../blocks/blocks.service'
import { acceptConnectionRequest, sendConnectionRequest } from '../connections/connections.service'
import { createEndorsement, type CreateEndorsementInput } from '../endorsements/endorsements.create.service'
import { setEndorsementHidden } from '../endorsements/endorsements.hiding.service'
import { sendMessage } from '../messaging/messaging.service'

/**
 * What leaves the server (issue 30, docs/federation.md): a fediverse peer follows every member, all of
 * whom publish, and every request its inboxes receive is read, byte for byte. Anonymous endorsements,
 * hidden ones, those between members with a block between them, messages and emails never arrive;
 * the one public endorsement does, so the reading is of real deliveries.
 */
let t: TestApp
let peer: Peer
beforeAll(async () => {
  t = await startFederatedApp()
  peer = await startPeer()
}, 60_000)
afterAll(async () => {
  await peer?.close()
  await t?.close()
})

const SECRETS = {
  anonymous: 'anonymous-note-0f3a',
  hidden: 'hidden-note-77c1',
  blocked: 'blocked-note-9be2',
  blockedGiven: 'blocked-given-note-41d0',
  message: 'private-message-5e8d',
}

it('sends followers public vouches only: never anonymous, hidden or blocked ones, messages or emails', async () => {
  const people = {} as Record<'rita' | 'tom' | 'xavier' | 'eve', Awaited<ReturnType<typeof createMember>>>
  for (const name of ['rita', 'tom', 'xavier', 'eve'] as const) {
    people[name] = await createMember(t.db, {
      federated: true,
      fullName: `${name} Federated`,
      email: `${name}-secret-mail@example.org`,
      workEmail: `${name}-work-mail@corp.example`,
    })
  }
  const { rita, tom, xavier, eve } = people
  for (const member of Object.values(people)) {
    await peer.follow('auditor', `${t.config.publicUrl}/profile/${member.username}`)
  }
  await expect
    .poll(() => peer.accepted.filter((a) => a.type === 'Accept').length, { timeout: 20_000 })
    .toBe(4)

  const input = (
    from: typeof rita,
    to: typeof rita,
    category: TCreateEndorsement['category'],
    note: string,
    isAnonymous = false,
  ): CreateEndorsementInput => ({
    from,
    toUserId: to.id,
    category,
    note,
    hashtags: ['Privacy'],
    isAnonymous,
    contentUrl: undefined,
    contentType: undefined,
  })
  // Public: this one is sent.
  const shown = await endorse(t, tom, rita, { category: 'Leadership', note: 'public-note-ok' })
  // Anonymous, through the route members use.
  const anonymous = await endorse(t, xavier, rita, {
    category: 'Communication',
    note: SECRETS.anonymous,
    isAnonymous: true,
  })
  // Hidden by its receiver in the transaction that wrote it, so no publisher run ever saw it shown.
  const hidden = await t.db.transaction(async (tx) => {
    const vouch = await createEndorsement(tx, t.config, input(tom, rita, 'Teamwork', SECRETS.hidden))
    await setEndorsementHidden(tx, rita, vouch.id, true)
    return vouch
  })
  // Between members with a block between them, either way round, written with the block.
  const [blockedReceived, blockedGiven] = await t.db.transaction(async (tx) => {
    const received = await createEndorsement(tx, t.config, input(eve, rita, 'Creativity', SECRETS.blocked))
    const given = await createEndorsement(tx, t.config, input(rita, eve, 'Creativity', SECRETS.blockedGiven))
    await blockMember(tx, rita, eve.id)
    return [received, given]
  })
  const request = await sendConnectionRequest(t.db, tom, rita.id, undefined)
  await acceptConnectionRequest(t.db, rita, request.id)
  await sendMessage(t.db, tom, rita.id, SECRETS.message)

  await t.app.federation.publisher.drain()
  await expect
    .poll(() => peer.accepted.filter((a) => a.type === 'Create').length, { timeout: 20_000 })
    .toBe(2)
  // Everything queued has gone out: what the peer holds is all that will ever be delivered.
  await expect.poll(async () => (await t.app.federation.queue.getDepth()).queued, { timeout: 20_000 }).toBe(0)

  const bodies = peer.deliveries.map((delivery) => delivery.body)
  const notes = bodies.join('\n')
  expect(notes).toContain('public-note-ok')
  expect(notes).toContain(`/vouches/${shown.id}`)
  for (const secret of Object.values(SECRETS)) expect(notes).not.toContain(secret)
  for (const id of [anonymous.id, hidden.id, blockedReceived.id, blockedGiven.id]) {
    expect(notes).not.toContain(`/vouches/${id}"`)
    expect(notes).not.toContain(`/vouches/${id}/`)
    expect(notes).not.toContain(`/credentials/vouches/${id}"`)
  }
  for (const member of Object.values(people)) {
    expect(notes).not.toContain(`${member.username}-secret-mail`)
    expect(notes).not.toContain('secret-mail@example.org')
    expect(notes).not.toContain('work-mail@corp.example')
  }
  // The anonymous endorser is named nowhere near the endorsement, nor is the blocked member.
  for (const body of bodies) {
    if (body.includes(rita.username)) {
      expect(body).not.toContain(xavier.username)
      expect(body).not.toContain(eve.username)
    }
  }
  // Every delivery is a Create, Accept, Update or Delete signed by one of this instance's actors.
  for (const { json } of peer.deliveries) {
    expect(['Accept', 'Create', 'Update', 'Delete']).toContain(json.type)
    expect(String(json.actor)).toMatch(new RegExp(`^${t.config.publicUrl}/profile/`))
  }
})
