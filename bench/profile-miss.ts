/**
 * A profile read that misses the cache, old and new, on the generated data set (decision 110): for
 * many different members (a uniform sample), alternating the reads member by member, the time of
 *   - old, fill:   the statement a cache miss runs today (findProfileForAnyone: both first pages with
 *                  their likers) plus the server's work to the response text (getProfile);
 *   - old, viewer: the statement read for one viewer (findProfileRow) plus the same work;
 *   - new:         findProfileAnswer, PostgreSQL writes the response text;
 *   - document:    reading a stored per-member document (a scratch table filled from the new read)
 *                  with the viewer's likes and block in the same statement, the other design.
 * Each is timed as one call at a time from this process: database time plus the driver.
 *
 * With --check, first compares the new response with the old one for each sampled member as seen by
 * a stranger, the member, an admin and the giver of an anonymous endorsement on their first page.
 *
 *   npx tsx bench/profile-miss.ts [--members 2000] [--engine postgres|pglite] [--check]
 */
import { readFileSync } from 'node:fs'
import { parseArgs } from 'node:util'
import { sql } from 'drizzle-orm'
import { openDatabase, queryRows } from '../apps/server/src/db/client'
import { findProfileAnswer } from '../apps/server/src/features/profiles/profiles.answer-query'
import {
  findProfileForAnyone,
  findProfileRow,
  type ProfileForAnyone,
} from '../apps/server/src/features/profiles/profiles.queries'
import { getProfile } from '../apps/server/src/features/profiles/profiles.service'
import type { ProfileSnapshots } from '../apps/server/src/features/profiles/profiles.snapshots'
import { toPage, type Viewer } from '../apps/server/src/features/endorsements/endorsements.queries'
import { PROFILE_VOUCHES_FIRST_PAGE } from '@vouched/shared/endorsements'
import { BENCH_DATABASE_URL, BENCH_PGLITE_DIR } from './generate-data'

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '2000' },
    engine: { type: 'string', default: 'postgres' },
    check: { type: 'boolean', default: false },
  },
})
const sampleSize = Number(values.members)

const database =
  values.engine === 'pglite'
    ? await openDatabase({ dataDir: BENCH_PGLITE_DIR })
    : await openDatabase({ databaseUrl: BENCH_DATABASE_URL, poolSize: 1 })
const db = database.db

/** The old read for one viewer, as the profile cache reads it when it goes to the database. */
const viewerRead: Pick<ProfileSnapshots, 'find'> = {
  find: async (username, viewer) => {
    const row = await findProfileRow(db, username, viewer)
    return row && !row.hidden ? row : null
  },
}

/** The old miss: the profile read for anyone (what the cache keeps), then shaped for this viewer. */
const fillRead = (profile: ProfileForAnyone | null, viewer: Viewer): Pick<ProfileSnapshots, 'find'> => ({
  find: async () => {
    if (!profile) return null
    const { rows, likers } = profile.user.id === viewer.id ? profile.pages.member : profile.pages.others
    const withLikes = rows.map((row, i) => ({ ...row, hasLiked: likers[i]?.has(viewer.id) ?? false }))
    return { ...profile, firstPage: toPage(withLikes, PROFILE_VOUCHES_FIRST_PAGE, viewer) }
  },
})

const members = await queryRows<{ id: number; username: string }>(
  db,
  sql`select id, username from users where not is_admin order by random() limit ${sampleSize}`,
)
const viewers = await queryRows<{ id: number }>(db, sql`select id from users order by random() limit 50`)
const viewerFor = (i: number): Viewer => ({ id: viewers[i % viewers.length]!.id, isAdmin: false })

if (values.check) {
  const [admin] = await queryRows<{ id: number }>(db, sql`select id from users where is_admin limit 1`)
  let compared = 0
  const different: string[] = []
  for (const [i, m] of members.entries()) {
    const [anonymousGiver] = await queryRows<{ id: number }>(
      db,
      sql`select from_user_id as id from (select * from vouches where to_user_id = ${m.id}
        order by created_at desc, id desc limit 3) v where is_anonymous limit 1`,
    )
    const kinds: Viewer[] = [viewerFor(i), { id: m.id, isAdmin: false }, { id: admin!.id, isAdmin: true }]
    if (anonymousGiver) kinds.push({ id: anonymousGiver.id, isAdmin: false })
    for (const viewer of kinds) {
      const old = await getProfile(viewerRead, m.username, viewer).then((answer) => answer.json)
      const answer = await findProfileAnswer(db, m.username, viewer)
      compared += 1
      if (answer === null || JSON.stringify(JSON.parse(answer)) !== old) different.push(m.username)
    }
  }
  console.log(
    `compared ${compared} responses: ${different.length} different ${different.slice(0, 10).join(' ')}`,
  )
  if (different.length > 0) process.exitCode = 1
}

// The stored-document design: one row per member with the response for anyone and the first page's ids.
await db.execute(sql`drop table if exists bench_profile_documents`)
await db.execute(sql`create table bench_profile_documents (
  user_id int primary key, username_lower text not null unique, document text not null, page_ids int[] not null)`)
for (const m of members) {
  const answer = await findProfileAnswer(db, m.username, { id: 0, isAdmin: false })
  if (!answer) continue
  const pageIds = (JSON.parse(answer) as { vouches: { id: number }[] }).vouches.map((v) => v.id)
  await db.execute(sql`insert into bench_profile_documents values (${m.id}, ${m.username.toLowerCase()},
    ${answer}, ${`{${pageIds.join(',')}}`}::int[])`)
}
const readDocument = (username: string, viewer: Viewer) =>
  queryRows<{ document: string; blocked: boolean; liked: number[] }>(
    db,
    sql`select d.document,
      exists(select 1 from blocks b where b.blocker_id = d.user_id and b.blocked_id = ${viewer.id}) as blocked,
      array(select l.vouch_id from vouch_likes l where l.user_id = ${viewer.id} and l.vouch_id = any(d.page_ids)) as liked
      from bench_profile_documents d where d.username_lower = ${username.toLowerCase()}`,
  )

type Read = (username: string, viewer: Viewer) => Promise<unknown>
const reads: Record<string, { statement: Read; whole: Read }> = {
  'old, fill (findProfileForAnyone)': {
    statement: (u) => findProfileForAnyone(db, u),
    whole: async (u, v) => getProfile(fillRead(await findProfileForAnyone(db, u), v), u, v),
  },
  'old, viewer (findProfileRow)': {
    statement: (u, v) => findProfileRow(db, u, v),
    whole: (u, v) => getProfile(viewerRead, u, v),
  },
  'new (findProfileAnswer)': {
    statement: (u, v) => findProfileAnswer(db, u, v),
    whole: (u, v) => findProfileAnswer(db, u, v),
  },
  'stored document (scratch table)': { statement: readDocument, whole: readDocument },
}

/**
 * Per call: the time until the answer, the CPU time PostgreSQL's backend spent on it (from the
 * kernel's run-time count of that process, so waiting for a core on a busy machine is not counted)
 * and this process's CPU time. PGlite runs in this process: there the two are one.
 */
type Sample = { wall: number; database: number; server: number }
const [backend] =
  database.engine === 'postgres'
    ? await queryRows<{ pid: number }>(db, sql`select pg_backend_pid() as pid`)
    : [undefined]
const backendCpuMs = () =>
  backend ? Number(readFileSync(`/proc/${backend.pid}/schedstat`, 'utf8').split(' ')[0]) / 1e6 : 0
const timed = async (read: Read, u: string, v: Viewer): Promise<Sample> => {
  const cpu = process.cpuUsage()
  const databaseBefore = backendCpuMs()
  const start = performance.now()
  await read(u, v)
  const wall = performance.now() - start
  const { user, system } = process.cpuUsage(cpu)
  return { wall, database: backendCpuMs() - databaseBefore, server: (user + system) / 1000 }
}
const times: Record<string, { statement: Sample[]; whole: Sample[] }> = {}
for (const name of Object.keys(reads)) times[name] = { statement: [], whole: [] }

// Warm up: every statement prepared on the connection, its plan cached, the data in shared buffers.
for (const [i, m] of members.entries()) {
  for (const read of Object.values(reads)) await read.statement(m.username, viewerFor(i))
}
for (const [i, m] of members.entries()) {
  const viewer = viewerFor(i)
  // Alternating which read goes first, member by member.
  const names = Object.keys(reads)
  if (i % 2) names.reverse()
  for (const name of names) {
    times[name]!.statement.push(await timed(reads[name]!.statement, m.username, viewer))
    times[name]!.whole.push(await timed(reads[name]!.whole, m.username, viewer))
  }
}

const percentiles = (samples: Sample[], key: keyof Sample) => {
  const sorted = samples.map((sample) => sample[key]).sort((a, b) => a - b)
  const at = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
  return `${at(50).toFixed(3)} / ${at(99).toFixed(3)}`
}
console.log(`${database.engine}, ${members.length} members, one call at a time; p50 / p99 in ms`)
console.log(
  '| read | database CPU | server CPU to response text | total CPU to response text | time to response text |',
)
console.log('|---|---|---|---|---|')
for (const [name, t] of Object.entries(times)) {
  const total = t.whole.map((s) => ({ ...s, wall: s.database + s.server }))
  console.log(
    `| ${name} | ${percentiles(t.statement, 'database')} | ${percentiles(t.whole, 'server')} | ${percentiles(total, 'wall')} | ${percentiles(t.whole, 'wall')} |`,
  )
}
await db.execute(sql`drop table if exists bench_profile_documents`)
await database.close()
