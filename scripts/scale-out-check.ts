/**
 * The checks of scripts/scale-out.sh: given nginx's URL, both instances' URLs and the database URL, shows
 * that sessions, live events and writes work across the two instances. Exits 1 on the first failure.
 */
import { randomBytes } from 'node:crypto'
import pg from 'pg'

const [lb, a, b, databaseUrl] = process.argv.slice(2) as [string, string, string, string]
if (!lb || !a || !b || !databaseUrl) {
  console.error('usage: scale-out-check.ts <nginx url> <instance A url> <instance B url> <database url>')
  process.exit(2)
}

let passed = 0
const check = (ok: boolean, what: string) => {
  if (!ok) {
    console.log(`FAIL ${what}`)
    process.exit(1)
  }
  passed += 1
  console.log(`ok   ${what}`)
}

type Member = { id: number; username: string; cookie: string }
/** Wrong passwords one account may send per window (auth.routes.ts), on all instances together. */
const SIGN_IN_FAILURES_ALLOWED = 10
const run = randomBytes(3).toString('hex')

async function register(base: string, name: string): Promise<Member> {
  const username = `scale_${run}_${name}`
  const res = await fetch(`${base}/api/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      username,
      email: `${username}@example.com`,
      password: 'scale-password-1',
      passwordConfirm: 'scale-password-1',
      fullName: `Scale ${name}`,
    }),
  })
  if (res.status !== 201) throw new Error(`register ${username}: ${res.status} ${await res.text()}`)
  const { id } = (await res.json()) as { id: number }
  return {
    id,
    username,
    cookie: res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; '),
  }
}

const call = async (base: string, method: string, path: string, cookie?: string, body?: unknown) => {
  const res = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...(cookie ? { cookie } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  })
  const text = await res.text()
  return {
    status: res.status,
    upstream: res.headers.get('x-upstream'),
    json: text ? (JSON.parse(text) as unknown) : null,
  }
}

/** Opens an SSE stream and resolves with the first event of one of `types` (or rejects on timeout). */
async function openStream(base: string, cookie: string) {
  const controller = new AbortController()
  const res = await fetch(`${base}/api/events`, { headers: { cookie }, signal: controller.signal })
  if (res.status !== 200) throw new Error(`events: ${res.status}`)
  const reader = res.body!.getReader()
  let buffer = ''
  const waiters: { types: string[]; resolve: (event: string) => void }[] = []
  let ready: () => void = () => {}
  const isReady = new Promise<void>((resolve) => (ready = resolve))
  void (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true }))
      if (done) return
      buffer += Buffer.from(value!).toString()
      let end
      while ((end = buffer.indexOf('\n\n')) >= 0) {
        const block = buffer.slice(0, end)
        buffer = buffer.slice(end + 2)
        const name = /^event: (.+)$/m.exec(block)?.[1]
        if (name === 'ready') ready()
        if (!name) continue
        for (const waiter of waiters.splice(0)) {
          if (waiter.types.includes(name)) waiter.resolve(block)
          else waiters.push(waiter)
        }
      }
    }
  })()
  await isReady
  return {
    next: (types: string[], ms = 10_000) =>
      new Promise<string>((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no ${types.join('/')} event within ${ms} ms`)), ms)
        waiters.push({ types, resolve: (event) => (clearTimeout(timer), resolve(event)) })
      }),
    close: () => controller.abort(),
  }
}

async function main() {
  console.log(`nginx ${lb} → A ${a}, B ${b}`)

  // Round robin: nginx spreads requests over both instances.
  const upstreams = new Set<string>()
  for (let i = 0; i < 10; i++) upstreams.add((await call(lb, 'GET', '/api/health')).upstream ?? '?')
  check(upstreams.size === 2, `nginx round robin reaches both instances (${[...upstreams].join(', ')})`)

  // Sessions live in the shared database: signed in through one, recognised by the other.
  const alice = await register(a, 'alice')
  const me = await call(b, 'GET', '/api/user', alice.cookie)
  check(
    me.status === 200 && (me.json as { id: number }).id === alice.id,
    'session created on A is valid on B',
  )
  const login = await fetch(`${b}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: alice.username, password: 'scale-password-1' }),
  })
  const bCookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ')
  check((await call(a, 'GET', '/api/user', bCookie)).status === 200, 'login through B, session used on A')
  const viaLb = await Promise.all(Array.from({ length: 8 }, () => call(lb, 'GET', '/api/user', bCookie)))
  check(
    viaLb.every((r) => r.status === 200) && new Set(viaLb.map((r) => r.upstream)).size === 2,
    'the same session through nginx on both instances (8 × 200)',
  )
  await call(a, 'POST', '/api/logout', bCookie)
  check((await call(b, 'GET', '/api/user', bCookie)).status === 401, 'logout on A ends the session on B')

  // Live events cross instances through LISTEN/NOTIFY.
  const bob = await register(b, 'bob')
  const stream = await openStream(a, alice.cookie)
  const wanted = stream.next(['connection-request'])
  const request = await call(b, 'POST', `/api/connection-requests/${alice.id}`, bob.cookie, { message: 'hi' })
  check(request.status === 201, 'connection request written through B')
  const event = await wanted.then(
    (e) => e,
    () => '',
  )
  check(event.includes('connection-request'), 'SSE stream on A received the event created on B')
  stream.close()

  const streamLb = await openStream(lb, bob.cookie)
  const accepted = streamLb.next(['connection-accepted'])
  const requestId = (request.json as { request: { id: number } }).request.id
  check(
    (await call(a, 'POST', `/api/connection-requests/${requestId}/accept`, alice.cookie)).status === 200,
    'accepted through A',
  )
  check(
    await accepted.then(
      () => true,
      () => false,
    ),
    'SSE stream through nginx received the acceptance',
  )
  streamLb.close()

  // Writes through nginx land on both instances and every one is visible from each.
  const carol = await register(lb, 'carol')
  const writers = await Promise.all(['w1', 'w2', 'w3', 'w4', 'w5', 'w6'].map((n) => register(lb, n)))
  const created = await Promise.all(
    writers.map((w, i) =>
      call(lb, 'POST', '/api/vouches', w.cookie, {
        toUserId: carol.id,
        category: 'Teamwork',
        hashtags: ['ScaleOut', `Node${i % 2}`],
        note: `from ${w.username}`,
      }),
    ),
  )
  check(
    created.every((r) => r.status === 201) && new Set(created.map((r) => r.upstream)).size === 2,
    `6 endorsements written through nginx on both instances (${[...new Set(created.map((r) => r.upstream))].join(', ')})`,
  )
  for (const [name, base] of [
    ['A', a],
    ['B', b],
  ] as const) {
    const profile = await call(base, 'GET', `/api/users/${carol.username}`, alice.cookie)
    const body = profile.json as { user: { vouchCount: number }; vouches: unknown[] }
    check(
      profile.status === 200 && body.user.vouchCount === 6,
      `instance ${name} sees all 6 endorsements (vouchCount 6)`,
    )
  }

  const db = new pg.Client({ connectionString: databaseUrl })
  await db.connect()
  const { rows } = await db.query<{ n: number; score: number; tag: number }>(
    `select (select count(*)::int from vouches where to_user_id = $1) as n,
            (select reputation_score from users where id = $1) as score,
            (select count from hashtags where lower(tag) = 'scaleout') as tag`,
    [carol.id],
  )
  await db.end()
  check(
    rows[0]!.n === 6 && rows[0]!.tag === 6,
    `database: 6 endorsement rows, hashtag count 6, reputation ${rows[0]!.score}`,
  )
  // Rate limits are counted in Redis: wrong passwords through either instance add up for the account.
  const failedUpstreams = new Set<string>()
  for (let i = 0; i < SIGN_IN_FAILURES_ALLOWED; i++) {
    const wrong = await call(lb, 'POST', '/api/login', undefined, {
      username: carol.username,
      password: 'wrong-password-1',
    })
    if (wrong.status !== 401) throw new Error(`wrong password ${i + 1}: ${wrong.status}`)
    failedUpstreams.add(wrong.upstream ?? '?')
  }
  check(
    failedUpstreams.size === 2,
    `${SIGN_IN_FAILURES_ALLOWED} wrong passwords through nginx reached both instances`,
  )
  for (const [name, base] of [
    ['A', a],
    ['B', b],
  ] as const) {
    const refused = await call(base, 'POST', '/api/login', undefined, {
      username: carol.username,
      password: 'scale-password-1',
    })
    check(refused.status === 429, `instance ${name} refuses the next sign-in (429): the limit is shared`)
  }
  console.log(`${passed} checks passed`)
}

main().catch((error: unknown) => {
  console.error(error)
  process.exit(1)
})
