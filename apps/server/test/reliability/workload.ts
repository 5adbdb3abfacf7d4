import { randomBytes } from 'node:crypto'
import { CATEGORIES, LEVELS } from '@vouched/shared/endorsements'
import { type Acknowledged, emptyAcknowledged } from './integrity'

/**
 * A mixed workload of many members against a running server over real HTTP: reads of profiles, search,
 * notifications and connections; writes of endorsements with hashtags, likes, comments, connection
 * requests and acceptances, and messages. Every write answered with a 2xx is recorded by its id, so a
 * check can later prove it is in the database. Only loopback addresses are ever targeted.
 */

export type SoakMember = { id: number; username: string; cookie: string }

export type WorkloadStats = {
  requests: number
  /** Status (or 'network') → count, for every answer. */
  statuses: Record<string, number>
  /** Answers that are failures of the server: 5xx and broken connections. */
  errors: number
  reads: number
  writes: number
  /** When each error happened (ms since epoch), to tell a deliberate outage's errors from others. */
  errorTimes: number[]
}

const TAGS = ['TypeScript', 'Leadership', 'Mentorship', 'DevOps', 'Testing', 'Agile', 'ReactJS', 'NodeJS']
const WORDS = ['great', 'reliable', 'sharp', 'kind', 'fast', 'careful', 'bold', 'calm']

const pick = <T>(list: readonly T[]): T => list[Math.floor(Math.random() * list.length)]!
const sample = <T>(list: readonly T[], n: number) => [...list].sort(() => Math.random() - 0.5).slice(0, n)

export class Client {
  constructor(readonly baseUrl: string) {}
  stats: WorkloadStats = { requests: 0, statuses: {}, errors: 0, reads: 0, writes: 0, errorTimes: [] }

  async call(
    method: string,
    path: string,
    options: { cookie?: string; body?: unknown; write?: boolean } = {},
  ): Promise<{ status: number; json: unknown; headers: Headers } | null> {
    this.stats.requests += 1
    if (options.write) this.stats.writes += 1
    else this.stats.reads += 1
    try {
      const res = await fetch(`${this.baseUrl}${path}`, {
        method,
        headers: {
          ...(options.cookie ? { cookie: options.cookie } : {}),
          ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
        signal: AbortSignal.timeout(30_000),
      })
      const text = await res.text()
      this.count(String(res.status))
      if (res.status >= 500) this.error()
      let json: unknown = null
      try {
        json = text ? JSON.parse(text) : null
      } catch {
        json = null
      }
      return { status: res.status, json, headers: res.headers }
    } catch {
      this.count('network')
      this.error()
      return null
    }
  }

  private error() {
    this.stats.errors += 1
    this.stats.errorTimes.push(Date.now())
  }

  private count(key: string) {
    this.stats.statuses[key] = (this.stats.statuses[key] ?? 0) + 1
  }
}

/** Registers members through the API (each with its own session cookie). */
export async function registerMembers(client: Client, count: number, ack: Acknowledged) {
  const members: SoakMember[] = []
  const run = randomBytes(3).toString('hex')
  const one = async (i: number) => {
    const username = `soak_${run}_${i}`
    for (let attempt = 0; attempt < 5; attempt++) {
      const res = await fetch(`${client.baseUrl}/api/register`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username,
          email: `${username}@example.com`,
          password: 'soak-password-1',
          passwordConfirm: 'soak-password-1',
          fullName: `Soak Member ${i}`,
          title: pick(['Engineer', 'Designer', 'Manager']),
        }),
      }).catch(() => null)
      client.stats.requests += 1
      client.stats.writes += 1
      if (res?.status === 201) {
        const user = (await res.json()) as { id: number }
        const cookie = res.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; ')
        ack.members.push(user.id)
        members.push({ id: user.id, username, cookie })
        return
      }
      await new Promise((resolve) => setTimeout(resolve, 200))
    }
    throw new Error(`could not register ${username}`)
  }
  // A few at a time: registration hashes a password and is deliberately slow.
  for (let i = 0; i < count; i += 4) {
    await Promise.all(Array.from({ length: Math.min(4, count - i) }, (_, k) => one(i + k)))
  }
  return members
}

/** What the workers know so far, to aim writes at things that exist. */
type World = {
  endorsements: number[]
  pending: { id: number; toUserId: number }[]
  connected: [number, number][]
  /** Endorsements waiting for their receiver's approval (issue 25). */
  waiting: { id: number; fromUserId: number; toUserId: number }[]
  /** Counted endorsements with their endorser, who may edit or withdraw them. */
  given: { id: number; fromUserId: number }[]
  withdrawn: Set<number>
  commentOn: Map<number, number>
}

export type WorkloadOptions = {
  client: Client
  members: SoakMember[]
  concurrency: number
  /** Workers stop starting new requests once this returns true. */
  done: () => boolean
  ack?: Acknowledged
}

/** Runs the mixed workload until `done()`; resolves with the acknowledged writes once every worker stopped. */
export async function runWorkload({
  client,
  members,
  concurrency,
  done,
  ack = emptyAcknowledged(),
}: WorkloadOptions) {
  const world: World = {
    endorsements: [],
    pending: [],
    connected: [],
    waiting: [],
    given: [],
    withdrawn: new Set(),
    commentOn: new Map(),
  }
  const takeAt = <T>(list: T[]) => list.splice(Math.floor(Math.random() * list.length), 1)[0]
  const byId = new Map(members.map((m) => [m.id, m]))

  const ops: [weight: number, op: (me: SoakMember) => Promise<void>][] = [
    [
      3,
      async (me) => {
        const other = pick(members.filter((m) => m.id !== me.id))
        await client.call('GET', `/api/users/${other.username}`, { cookie: me.cookie })
      },
    ],
    [
      2,
      async (me) => {
        const q = Math.random() < 0.5 ? pick(TAGS) : pick(['soak', 'member', 'engineer', 'memebr'])
        const type = pick(['', '&type=user', '&type=hashtag'])
        const sort = pick(['reputation', 'recent', 'active'])
        await client.call('GET', `/api/search?q=${encodeURIComponent(q)}${type}&sort=${sort}`, {
          cookie: me.cookie,
        })
      },
    ],
    [2, async (me) => void (await client.call('GET', '/api/notifications', { cookie: me.cookie }))],
    [
      1,
      async (me) => {
        const other = pick(members)
        await client.call('GET', `/api/connections/${other.id}`, { cookie: me.cookie })
      },
    ],
    [1, async (me) => void (await client.call('GET', '/api/hashtags/popular', { cookie: me.cookie }))],
    [
      4,
      async (me) => {
        const other = pick(members.filter((m) => m.id !== me.id))
        const res = await client.call('POST', '/api/vouches', {
          cookie: me.cookie,
          write: true,
          body: {
            toUserId: other.id,
            category: pick(CATEGORIES),
            note: Math.random() < 0.5 ? `${pick(WORDS)} and ${pick(WORDS)}` : undefined,
            hashtags: sample(TAGS, 1 + Math.floor(Math.random() * 3)),
            isAnonymous: Math.random() < 0.1,
          },
        })
        if (res?.status === 201) {
          const { id, isPending } = res.json as { id: number; isPending?: boolean }
          if (isPending) {
            world.waiting.push({ id, fromUserId: me.id, toUserId: other.id })
          } else {
            ack.endorsements.push(id)
            world.endorsements.push(id)
            world.given.push({ id, fromUserId: me.id })
          }
        }
      },
    ],
    [
      3,
      async (me) => {
        if (world.endorsements.length === 0) return
        const vouchId = pick(world.endorsements)
        const res = await client.call('POST', `/api/vouches/${vouchId}/likes`, {
          cookie: me.cookie,
          write: true,
        })
        if (res?.status === 200 || res?.status === 201) {
          if (!ack.likes.some((l) => l.vouchId === vouchId && l.userId === me.id)) {
            ack.likes.push({ vouchId, userId: me.id })
          }
        }
      },
    ],
    [
      2,
      async (me) => {
        if (world.endorsements.length === 0) return
        const vouchId = pick(world.endorsements)
        const res = await client.call('POST', `/api/vouches/${vouchId}/comments`, {
          cookie: me.cookie,
          write: true,
          body: { comment: `Agreed, ${pick(WORDS)}!` },
        })
        if (res?.status === 201) {
          const id = (res.json as { id: number }).id
          ack.comments.push(id)
          world.commentOn.set(id, vouchId)
        }
      },
    ],
    // Issue 25: review before showing, edits and withdrawals move the counters the check recomputes.
    [
      1,
      async (me) =>
        void (await client.call('PATCH', '/api/account/settings', {
          cookie: me.cookie,
          write: true,
          body: { reviewEndorsements: Math.random() < 0.4 },
        })),
    ],
    [
      2,
      async () => {
        const waiting = takeAt(world.waiting)
        if (!waiting) return
        const accept = Math.random() < 0.7
        const res = await client.call('POST', `/api/vouches/${waiting.id}/${accept ? 'accept' : 'decline'}`, {
          cookie: byId.get(waiting.toUserId)!.cookie,
          write: true,
        })
        if (accept && res?.status === 200) {
          ack.endorsements.push(waiting.id)
          world.endorsements.push(waiting.id)
          world.given.push({ id: waiting.id, fromUserId: waiting.fromUserId })
        }
      },
    ],
    [
      1,
      async () => {
        if (world.given.length === 0) return
        const { id, fromUserId } = pick(world.given)
        await client.call('PATCH', `/api/vouches/${id}`, {
          cookie: byId.get(fromUserId)!.cookie,
          write: true,
          body: {
            note: Math.random() < 0.5 ? `${pick(WORDS)} again` : null,
            hashtags: sample(TAGS, 1 + Math.floor(Math.random() * 3)),
            level: pick(LEVELS),
          },
        })
      },
    ],
    [
      1,
      async () => {
        const given = takeAt(world.given)
        if (!given) return
        const at = world.endorsements.indexOf(given.id)
        if (at >= 0) world.endorsements.splice(at, 1)
        const res = await client.call('DELETE', `/api/vouches/${given.id}`, {
          cookie: byId.get(given.fromUserId)!.cookie,
          write: true,
        })
        // Whatever the answer, it is no longer checked: a lost answer may hide a committed withdrawal.
        if (res?.status !== 403) world.withdrawn.add(given.id)
      },
    ],
    [
      2,
      async (me) => {
        const other = pick(members.filter((m) => m.id !== me.id))
        const res = await client.call('POST', `/api/connection-requests/${other.id}`, {
          cookie: me.cookie,
          write: true,
          body: { message: Math.random() < 0.5 ? 'Let us connect' : undefined },
        })
        if (res?.status === 201) {
          const id = (res.json as { request: { id: number } }).request.id
          ack.connectionRequests.push(id)
          world.pending.push({ id, toUserId: other.id })
        }
      },
    ],
    [
      2,
      async () => {
        const request = world.pending.shift()
        if (!request) return
        const recipient = byId.get(request.toUserId)!
        const res = await client.call('POST', `/api/connection-requests/${request.id}/accept`, {
          cookie: recipient.cookie,
          write: true,
        })
        if (res?.status === 200) {
          ack.acceptedRequests.push(request.id)
          const body = res.json as { request: { fromUserId: number; toUserId: number } }
          world.connected.push([body.request.fromUserId, body.request.toUserId])
        }
      },
    ],
    [
      3,
      async () => {
        if (world.connected.length === 0) return
        const pair = pick(world.connected)
        const [from, to] = Math.random() < 0.5 ? pair : ([pair[1], pair[0]] as const)
        const res = await client.call('POST', '/api/messages', {
          cookie: byId.get(from)!.cookie,
          write: true,
          body: { recipientId: to, content: `Hello, ${pick(WORDS)} work today` },
        })
        if (res?.status === 201) ack.messages.push((res.json as { id: number }).id)
      },
    ],
  ]
  const total = ops.reduce((sum, [w]) => sum + w, 0)
  const chooseOp = () => {
    let roll = Math.random() * total
    for (const [weight, op] of ops) {
      roll -= weight
      if (roll < 0) return op
    }
    return ops[0]![1]
  }

  const worker = async () => {
    while (!done()) await chooseOp()(pick(members))
  }
  await Promise.all(Array.from({ length: concurrency }, worker))
  // A withdrawn endorsement takes its likes and comments with it: they were not lost.
  const keep = <T>(list: T[], kept: (item: T) => boolean) => list.splice(0, list.length, ...list.filter(kept))
  keep(ack.endorsements, (id) => !world.withdrawn.has(id))
  keep(ack.likes, (like) => !world.withdrawn.has(like.vouchId))
  keep(ack.comments, (id) => !world.withdrawn.has(world.commentOn.get(id) ?? 0))
  return ack
}
