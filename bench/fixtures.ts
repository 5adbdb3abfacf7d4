/**
 * What the benchmarks need from the database before the load starts: every generated member (for
 * profiles drawn uniformly or by popularity), the names and tags searched, signed-in readers and
 * fresh writers with real sessions, and the members the repeated (cache hit) requests read.
 */
import { randomBytes } from 'node:crypto'
import { sql } from 'drizzle-orm'
import Fastify from 'fastify'
import { loadConfig, type Config } from '../apps/server/src/config'
import { hashToken, SESSION_COOKIE } from '../apps/server/src/core/session'
import { queryRows, type Db } from '../apps/server/src/db/client'

/** Every member may give this many endorsements a day (ENDORSEMENTS_PER_DAY): writers take turns. */
export const ENDORSEMENTS_PER_WRITER = 20
/** Hashtag searches draw their tag sets from this many of the most used tags (issue 22). */
export const SEARCHED_TAGS = 500

export type Member = { id: number; username: string }
export type Session = { id: number; cookie: string }

export type Fixtures = {
  members: number
  endorsements: number
  /** Every generated member's username, by id - 1 (writers and the admin left out). */
  usernames: string[]
  /** Endorsements received + 1 per member, by id - 1: how often a profile is visited. */
  popularity: number[]
  firstNames: string[]
  lastNames: string[]
  /** The most used tags, most used first. */
  tags: string[]
  /** Received the most endorsements: the most expensive profile and badge. */
  heavy: Member
  /** A member with the median number of endorsements received. */
  median: Member
  /** Has the most notifications: the repeated requests are made as them. */
  viewer: Session
  /** Has the most accepted connections. */
  connected: { id: number }
  /** Generated members signed in, drawn evenly over all of them: each read is made as one of them. */
  readers: Session[]
  /** Fresh members (no endorsement, like or request given yet), each with a session cookie. */
  writers: Session[]
}

/** The production configuration (caches at their default sizes), rate limits and logs off. */
export function benchConfig(dataDir: string, databaseUrl?: string): Config {
  const config = loadConfig({
    NODE_ENV: 'production',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://127.0.0.1',
    SESSION_SECRET: 'bench-session-secret-long-enough-to-sign-cookies',
    MAIL_FROM: 'Vouched <bench@vouched.test>',
    SEED_DEMO: '0',
    // Load comes from one IP: the limits would answer 429 within a second.
    RATE_LIMIT: 'off',
    LOG_LEVEL: 'silent',
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  })
  return { ...config, webDist: undefined }
}

/** A bare Fastify route: the ceiling every endpoint is compared with. */
export async function startHelloWorld() {
  const app = Fastify({ logger: false })
  app.get('/hello', async () => ({ hello: 'world' }))
  await app.listen({ port: 0, host: '127.0.0.1' })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { url: `http://127.0.0.1:${port}`, close: () => app.close() }
}

/** How many writers a write stream needs for `requests` endorsements. */
export const writersFor = (requests: number) => Math.ceil(requests / ENDORSEMENTS_PER_WRITER)

async function createSessions(db: Db, signCookie: (value: string) => string, userIds: number[]) {
  const tokens = userIds.map(() => randomBytes(32).toString('base64url'))
  const expires = new Date(Date.now() + 86_400_000).toISOString()
  for (let i = 0; i < userIds.length; i += 500) {
    const rows = userIds
      .slice(i, i + 500)
      .map((id, j) => sql`(${hashToken(tokens[i + j]!)}, ${id}, ${expires}::timestamptz)`)
    await db.execute(sql`insert into sessions (id, user_id, expires_at) values ${sql.join(rows, sql`, `)}`)
  }
  return userIds.map((id, i) => ({ id, cookie: `${SESSION_COOKIE}=${signCookie(tokens[i]!)}` }))
}

/**
 * Reads the members and creates the sessions. The database is vacuumed first: a run's writes leave
 * dead row versions that would slow the next run's reads until autovacuum came. Writer names carry a
 * run stamp so reruns on one database work.
 */
export async function prepareFixtures(
  db: Db,
  signCookie: (value: string) => string,
  { writerCount, readerCount = 2000 }: { writerCount: number; readerCount?: number },
): Promise<Fixtures> {
  await db.execute(sql`vacuum`)
  // Written out now rather than by a checkpoint in the middle of the measurements.
  await db.execute(sql`checkpoint`)
  // Generated members are ids 1..N, the admin N + 1; writers of earlier runs come after.
  const [counts] = await queryRows<{ members: number; endorsements: number }>(
    db,
    sql`select coalesce((select id - 1 from users where username = 'admin'), (select count(*) from users))::int as members,
          (select count(*) from vouches)::int as endorsements`,
  )
  const N = counts!.members
  const members = await queryRows<{ username: string; popularity: number }>(
    db,
    sql`select username, vouch_count + 1 as popularity from users where id <= ${N} order by id`,
  )
  if (members.length !== N) throw new Error(`Expected members with ids 1 to ${N}, found ${members.length}`)
  const names = await queryRows<{ first: string[]; last: string[] }>(
    db,
    sql`select array_agg(distinct split_part(full_name, ' ', 1)) as first,
          array_agg(distinct split_part(full_name, ' ', 2)) filter (where full_name like '% %') as last
        from users where id <= ${N}`,
  )
  const [heavy] = await queryRows<Member>(
    db,
    sql`select id, username from users where id <= ${N} order by vouch_count desc, id limit 1`,
  )
  const [median] = await queryRows<Member>(
    db,
    sql`select id, username from users
        where id <= ${N} and vouch_count = (select percentile_disc(0.5) within group (order by vouch_count)
          from users where id <= ${N})
        order by id limit 1`,
  )
  const [viewer] = await queryRows<{ id: number }>(
    db,
    sql`select user_id as id from notifications group by 1 order by count(*) desc, 1 limit 1`,
  )
  const [connected] = await queryRows<{ id: number }>(
    db,
    sql`select id from (select from_user_id as id from connection_requests where status = 'accepted'
          union all select to_user_id from connection_requests where status = 'accepted') c
        group by 1 order by count(*) desc, 1 limit 1`,
  )
  const tags = await queryRows<{ tag: string }>(
    db,
    sql`select tag from hashtags where count > 0 order by count desc, id limit ${SEARCHED_TAGS}`,
  )
  if (!heavy || !median || !viewer || !connected || tags.length < 3) {
    throw new Error('The benchmark database lacks members, notifications, connections or hashtags')
  }
  // Readers spread evenly over the ids (the generator spreads popular members over them too).
  const R = Math.min(readerCount, N)
  const readerIds = Array.from({ length: R }, (_, i) => 1 + Math.floor((i * N) / R))
  const stamp = Date.now().toString(36)
  const writers = await queryRows<{ id: number }>(
    db,
    sql`insert into users (username, password, email, full_name, is_email_verified)
        select 'w' || ${stamp} || '_' || i, 'not-a-password-hash', 'w' || ${stamp} || '_' || i || '@bench.vouched.test',
          'Bench Writer ' || i, true
        from generate_series(1, ${writerCount}) i
        returning id`,
  )
  const [viewerSession] = await createSessions(db, signCookie, [viewer.id])
  return {
    members: N,
    endorsements: counts!.endorsements,
    usernames: members.map((m) => m.username),
    popularity: members.map((m) => m.popularity),
    firstNames: names[0]!.first.filter(Boolean),
    lastNames: (names[0]!.last ?? []).filter(Boolean),
    tags: tags.map((t) => t.tag),
    heavy,
    median,
    viewer: viewerSession!,
    connected,
    readers: await createSessions(db, signCookie, readerIds),
    writers: await createSessions(
      db,
      signCookie,
      writers.map((w) => w.id).sort((a, b) => a - b),
    ),
  }
}
