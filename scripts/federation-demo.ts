/**
 * npm run federation:demo [-- --port-a 4101 --port-b 4102] [--check]
 *
 * Two Vouched instances on 127.0.0.1 (each its own process, embedded database and PUBLIC_URL), with
 * FEDERATION=on, show issue 30 end to end over real HTTP: members of each follow a member of the other,
 * a public vouch given on one reaches the followers on the other ("From the fediverse" on home), and a
 * member vouches for a member of the other instance, who accepts it. Each step is checked and printed.
 * Without --check the instances keep running afterwards, for a person to sign in and look; with --check
 * the script stops them and exits 1 if a step failed (docs/federation.md).
 */
import { execFileSync } from 'node:child_process'
import { existsSync } from 'node:fs'
import { rm } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { startServer, type RunningServer } from '../apps/server/test/start-server'

const { values: args } = parseArgs({
  options: {
    'port-a': { type: 'string', default: '4101' },
    'port-b': { type: 'string', default: '4102' },
    check: { type: 'boolean', default: false },
  },
})

const ROOT = path.resolve(import.meta.dirname, '..')
const PASSWORD = 'fediverse-demo-1'
const WAIT_MS = 30_000

type Member = { id: number; username: string; cookie: string; instance: Instance }
type Instance = { name: string; url: string; host: string; server: RunningServer }

const log = (line: string) => console.log(line)
const step = (line: string) => console.log(`\n▸ ${line}`)
const ok = (line: string) => console.log(`  ✓ ${line}`)

async function call<T = unknown>(
  member: Member | Instance,
  method: string,
  route: string,
  body?: unknown,
): Promise<{ status: number; json: T }> {
  const instance = 'instance' in member ? member.instance : member
  const res = await fetch(`${instance.url}${route}`, {
    method,
    headers: {
      ...('cookie' in member ? { cookie: member.cookie } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(30_000),
  })
  const text = await res.text()
  return { status: res.status, json: (text ? JSON.parse(text) : null) as T }
}

/** Calls and fails the demo on an unexpected status, with the server's message. */
async function expectCall<T = unknown>(
  member: Member,
  method: string,
  route: string,
  body?: unknown,
  expected: number[] = [200, 201, 204],
): Promise<T> {
  const res = await call<T>(member, method, route, body)
  if (!expected.includes(res.status)) {
    throw new Error(
      `${method} ${route} on ${member.instance.name}: ${res.status} ${JSON.stringify(res.json)}`,
    )
  }
  return res.json
}

/** Polls until `check` returns a value: deliveries between the instances go through their queues. */
async function eventually<T>(what: string, check: () => Promise<T | null | undefined | false>): Promise<T> {
  const deadline = Date.now() + WAIT_MS
  for (;;) {
    const value = await check()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`Timed out after ${WAIT_MS / 1000}s waiting for: ${what}`)
    await new Promise((resolve) => setTimeout(resolve, 300))
  }
}

async function startInstance(name: string, port: number): Promise<Instance> {
  const url = `http://127.0.0.1:${port}`
  const server = await startServer({
    PORT: String(port),
    PUBLIC_URL: url,
    FEDERATION: 'on',
    // Both instances are on loopback, which a real instance never fetches from or delivers to.
    FEDERATION_PRIVATE_ADDRESSES: '1',
    ADMIN_PASSWORD: 'federated-orchid-lantern',
  })
  return { name, url, host: `127.0.0.1:${port}`, server }
}

async function register(instance: Instance, username: string, fullName: string, title: string) {
  const res = await fetch(`${instance.url}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      email: `${username}@example.com`,
      password: PASSWORD,
      passwordConfirm: PASSWORD,
      fullName,
      title,
    }),
  })
  if (res.status !== 201)
    throw new Error(`register ${username} on ${instance.name}: ${res.status} ${await res.text()}`)
  const user = (await res.json()) as { id: number }
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  const member: Member = { id: user.id, username, cookie, instance }
  await expectCall(member, 'PATCH', '/api/account/settings', { federated: true })
  ok(`${fullName} is @${username}@${instance.host} and publishes to the fediverse`)
  return member
}

const handleOf = (member: Member) => `@${member.username}@${member.instance.host}`

type Lookup = { actorUri: string; vouched: boolean; following: 'none' | 'pending' | 'accepted' }

/** `follower` looks `followed` up by handle, as in the search box, and follows them. */
async function follow(follower: Member, followed: Member) {
  const found = await expectCall<Lookup>(
    follower,
    'GET',
    `/api/federation/lookup?handle=${encodeURIComponent(handleOf(followed))}`,
  )
  if (!found.vouched) throw new Error(`${handleOf(followed)} was not recognised as a Vouched account`)
  await expectCall(follower, 'POST', '/api/federation/following', { actorUri: found.actorUri })
  await eventually(`${followed.instance.name} to accept the follow`, async () => {
    const again = await expectCall<Lookup>(
      follower,
      'GET',
      `/api/federation/lookup?handle=${encodeURIComponent(handleOf(followed))}`,
    )
    return again.following === 'accepted'
  })
  ok(`${handleOf(follower)} follows ${handleOf(followed)} (accepted)`)
  return found
}

type Feed = { items: { author: { handle: string }; text: string; isVouch: boolean }[] }

/** `giver` vouches for `receiver` (same instance, both publish); `reader` on the other instance follows the giver. */
async function vouchAndSee(giver: Member, receiver: Member, reader: Member, note: string) {
  const vouch = await expectCall<{ id: number }>(giver, 'POST', '/api/vouches', {
    toUserId: receiver.id,
    category: 'Leadership',
    note,
    hashtags: ['mentoring'],
    isAnonymous: false,
  })
  await eventually(`the vouch in ${reader.username}'s 'From the fediverse' list`, async () => {
    const feed = await expectCall<Feed>(reader, 'GET', '/api/federation/feed')
    return feed.items.find((item) => item.isVouch && item.text.includes(note))
  })
  ok(
    `${reader.username} sees ${giver.username}'s vouch #${vouch.id} for ${receiver.username} on ${reader.instance.url}/`,
  )
}

async function main() {
  if (!existsSync(path.join(ROOT, 'apps/web/dist/index.html'))) {
    log('Building the web client once (npm run build -w @vouched/web) …')
    execFileSync('npm', ['run', 'build', '-w', '@vouched/web'], { cwd: ROOT, stdio: 'inherit' })
  }
  step('Starting two instances')
  const a = await startInstance('A', Number(args['port-a']))
  const b = await startInstance('B', Number(args['port-b']))
  const instances = [a, b]
  ok(`A at ${a.url}, B at ${b.url}`)
  let failed = false
  try {
    step('Members')
    const alice = await register(a, 'alice', 'Alice Adams', 'Staff engineer')
    const carol = await register(a, 'carol', 'Carol Chen', 'Designer')
    const bob = await register(b, 'bob', 'Bob Brown', 'Engineering manager')
    const dave = await register(b, 'dave', 'Dave Diaz', 'Site reliability engineer')

    step('Following across instances (WebFinger, Follow, Accept)')
    await follow(bob, alice)
    const bobOnA = await follow(alice, bob)

    step("Public vouches reach the followers on the other instance ('From the fediverse' on home)")
    await vouchAndSee(alice, carol, bob, 'Carol ran our design reviews for two years.')
    await vouchAndSee(bob, dave, alice, 'Dave brought our on-call pages down by half.')

    step('Vouching across instances: alice on A vouches for bob on B')
    const before = await expectCall<{ reputationScore: number }>(bob, 'GET', `/api/users/${bob.username}`)
    await expectCall(alice, 'POST', '/api/federation/vouches', {
      actorUri: bobOnA.actorUri,
      category: 'Teamwork',
      note: 'Bob keeps two teams on two instances talking.',
      hashtags: ['teamwork'],
    })
    type Received = { id: number; handle: string; status: 'pending' | 'accepted' }[]
    const pending = await eventually("the vouch waiting for bob's answer on B", async () => {
      const received = await expectCall<Received>(bob, 'GET', '/api/federation/vouches/received')
      return received.find((item) => item.handle === handleOf(alice) && item.status === 'pending')
    })
    ok(`B holds it for bob to accept, marked as from ${pending.handle}`)
    type Notices = { notifications: { entityId: number | null; message: string }[] }
    const notices = await expectCall<Notices>(bob, 'GET', '/api/notifications?type=remote-vouch')
    const notice = notices.notifications.find((item) => item.entityId === pending.id)
    if (!notice) throw new Error('bob was not notified of the vouch')
    ok(`bob is notified: "${notice.message}"`)
    await expectCall(bob, 'POST', `/api/federation/vouches/received/${pending.id}/accept`)
    const after = await expectCall<{ reputationScore: number }>(bob, 'GET', `/api/users/${bob.username}`)
    const shown = await expectCall<{ handle: string }[]>(bob, 'GET', '/api/federation/users/bob/vouches')
    if (!shown.some((item) => item.handle === handleOf(alice))) throw new Error("Not on bob's profile")
    ok(
      `bob accepted it: it shows on ${b.url}/profile/bob; reputation ${before.reputationScore} → ${after.reputationScore}`,
    )

    log(
      `\nAll steps passed. Sign in as alice or carol on ${a.url}, or bob or dave on ${b.url}; password ${PASSWORD}.`,
    )
  } catch (error) {
    failed = true
    console.error(`\n✗ ${(error as Error).message}`)
    for (const instance of instances)
      console.error(`  ${instance.name}'s log: ${instance.server.dataDir}/server.log`)
  }

  const stop = async () => {
    for (const instance of instances) instance.server.process.kill('SIGTERM')
    await Promise.all(instances.map((instance) => instance.server.exited))
    if (!failed)
      for (const instance of instances) await rm(instance.server.dataDir, { recursive: true, force: true })
  }
  if (args.check || failed) {
    await stop()
    process.exit(failed ? 1 : 0)
  }
  log('The instances keep running; Ctrl-C stops them and removes their data.')
  process.once('SIGINT', () => void stop().then(() => process.exit(0)))
}

await main()
