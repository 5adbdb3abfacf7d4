/**
 * Generates a realistic large data set for the benchmarks: members, endorsements with hashtags,
 * likes and comments, and every counter table filled consistently with them (as the endorsement
 * service would have left them). Set-based SQL only (generate_series, insert … select), so 100k
 * members and 1M endorsements take a few minutes on two cores.
 *
 *   npx tsx bench/generate-data.ts [--engine postgres|pglite] [--members 100000] [--endorsements 1000000]
 *
 * PostgreSQL: the database named by BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/vouched_bench)
 * is dropped and created fresh. PGlite: the directory BENCH_PGLITE_DIR (default bench/out/pglite) is replaced.
 */
import { mkdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { sql, type SQL } from 'drizzle-orm'
import pg from 'pg'
import { hashPassword } from '../apps/server/src/core/password'
import { migrateDatabase, openDatabase, type Database } from '../apps/server/src/db/client'
import { SUGGESTED_TAGS } from '@vouched/shared/endorsements'

export const BENCH_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/vouched_bench'
export const BENCH_PGLITE_DIR = path.resolve(
  process.env.BENCH_PGLITE_DIR ?? path.join(import.meta.dirname, 'out', 'pglite'),
)
/** Every generated member signs in with this password. */
export const BENCH_PASSWORD = 'bench-password'

export type Engine = 'postgres' | 'pglite'
export type GenerateOptions = {
  engine: Engine
  members: number
  endorsements: number
  log?: (line: string) => void
}

const CATEGORIES = [
  'Technical Skills',
  'Communication',
  'Leadership',
  'Project Management',
  'Problem Solving',
  'Creativity',
  'Teamwork',
  'Initiative',
  'Adaptability',
  'Other',
]

/**
 * The suggested tags of SPEC.md §9 are the most used, then a long tail of word pairs, plain and with
 * a level (JavaScript, CloudEngineering, CloudEngineeringAdvanced…), up to TAG_COUNT tags (issue 8: 5k).
 */
const TAG_COUNT = 5000
const TAG_LEVELS = ['', 'Advanced', 'Basics', 'Lead']
const TAG_WORDS_A =
  `Cloud Data Product Mobile Web Security Platform Systems Network Game Design Growth Sales Market
  Finance People Talent Brand Content Research Quality Release Build Service Support Infra Machine Edge Api Graph
  Search Payments Risk Legal Health Retail Media Audio Video Vision Speech Robot Embedded Kernel Compiler`.split(
    /\s+/,
  )
const TAG_WORDS_B =
  `Engineering Strategy Architecture Analytics Operations Testing Design Leadership Writing Planning
  Automation Modeling Migration Tuning Scaling Research Mentoring Coaching Hiring Budgeting Reviews Pairing
  Debugging Delivery Ownership Roadmaps Storytelling Negotiation Hygiene Craft Governance Privacy Reliability
  Observability Accessibility Localization Performance Onboarding Prototyping Facilitation Docs Empathy`.split(
    /\s+/,
  )

const FIRST_NAMES =
  `James Mary John Patricia Robert Jennifer Michael Linda William Elizabeth David Barbara Richard
  Susan Joseph Jessica Thomas Sarah Charles Karen Christopher Lisa Daniel Nancy Matthew Betty Anthony Margaret Mark
  Sandra Donald Ashley Steven Kimberly Paul Emily Andrew Donna Joshua Michelle Kenneth Carol Kevin Amanda Brian
  Dorothy George Melissa Timothy Deborah Ronald Stephanie Edward Rebecca Jason Sharon Jeffrey Laura Ryan Cynthia
  Jacob Kathleen Gary Amy Nicholas Angela Eric Shirley Jonathan Anna Stephen Brenda Larry Pamela Justin Emma Scott
  Nicole Brandon Helen Benjamin Samantha Samuel Katherine Gregory Christine Alexander Debra Frank Rachel Patrick
  Carolyn Raymond Janet Jack Catherine Dennis Maria Jerry Heather Tyler Diane Aaron Ruth Jose Julie Adam Olivia
  Nathan Joyce Henry Virginia Douglas Victoria Zachary Kelly Peter Lauren Kyle Christina Ethan Joan Walter Evelyn
  Noah Judith Jeremy Megan Christian Andrea Keith Cheryl Roger Hannah Terry Jacqueline Gerald Martha Harold Gloria
  Sean Teresa Austin Ann Carl Sara Arthur Madison Lawrence Frances Dylan Kathryn Jesse Janice Jordan Jean Bryan
  Abigail Billy Alice Joe Judy Bruce Sophia Gabriel Grace Logan Denise Albert Amber Willie Doris Alan Marilyn Juan
  Danielle Wayne Beverly Elijah Isabella Randy Theresa Roy Diana Vincent Natalie Ralph Brittany Eugene Charlotte
  Russell Marie Bobby Kayla Mason Alexis Philip Lori Louis Aiko Wei Priya Arjun Fatima Omar Yuki Chen Sofia Mateo`.split(
    /\s+/,
  )
const LAST_NAMES = `Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez
  Gonzalez Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark Ramirez
  Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams Nelson Baker Hall Rivera
  Campbell Mitchell Carter Roberts Gomez Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris
  Morales Murphy Cook Rogers Gutierrez Ortiz Morgan Cooper Peterson Bailey Reed Kelly Howard Ramos Kim Cox Ward
  Richardson Watson Brooks Chavez Wood James Bennett Gray Mendoza Ruiz Hughes Price Alvarez Castillo Sanders Patel
  Myers Long Ross Foster Jimenez Powell Jenkins Perry Russell Sullivan Bell Coleman Butler Henderson Barnes Gonzales
  Fisher Vasquez Simmons Romero Jordan Patterson Alexander Hamilton Graham Reynolds Griffin Wallace Moreno West Cole
  Hayes Bryant Herrera Gibson Ellis Tran Medina Aguilar Stevens Murray Ford Castro Marshall Owens Harrison Fernandez
  McDonald Woods Washington Kennedy Wells Vargas Henry Chen Freeman Webb Tucker Guzman Burns Crawford Olson Simpson
  Porter Hunter Gordon Mendez Silva Shaw Snyder Mason Dixon Munoz Hunt Hicks Holmes Palmer Wagner Black Robertson
  Boyd Rose Stone Salazar Fox Warren Mills Meyer Rice Schmidt Garza Daniels Ferguson Nichols Stephens Soto Weaver
  Ryan Gardner Payne Grant Dunn Kelley Spencer Hawkins Arnold Pierce Vazquez Hansen Peters Santos Hart Bradley Knight`.split(
  /\s+/,
)
const TITLES = `Software Engineer|Senior Software Engineer|Staff Engineer|Engineering Manager|Product Manager|
  Senior Product Manager|Product Designer|UX Researcher|Data Scientist|Data Engineer|Machine Learning Engineer|
  DevOps Engineer|Site Reliability Engineer|Security Engineer|QA Engineer|Frontend Developer|Backend Developer|
  Full Stack Developer|Mobile Developer|Technical Writer|Scrum Master|Agile Coach|Project Manager|Program Manager|
  CTO|VP of Engineering|Head of Product|Marketing Manager|Growth Lead|Sales Engineer|Customer Success Manager|
  Recruiter|HR Business Partner|Financial Analyst|Business Analyst|Solutions Architect|Consultant|Founder|
  Student|Freelance Developer`
  .split('|')
  .map((s) => s.trim())
const NOTES = [
  'Great collaborator, always ready to help the team.',
  'Delivered the migration ahead of schedule.',
  'Explains complex ideas clearly.',
  'A calm leader under pressure.',
  'Writes thoughtful code reviews.',
  'Mentored me through my first year.',
]
const COMMENTS = [
  'Totally agree!',
  'Well deserved.',
  '+1, same experience here.',
  'So true.',
  'Couldn’t agree more.',
]

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

const textArray = (values: readonly string[]) =>
  sql.raw(`(array[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(',')}]::text[])`)

/** Opens the target database, fresh and migrated. */
export async function openFreshDatabase(engine: Engine): Promise<Database> {
  if (engine === 'postgres') {
    const url = new URL(BENCH_DATABASE_URL)
    const name = url.pathname.slice(1)
    if (!/^[a-z0-9_]+$/.test(name)) throw new Error(`Unexpected bench database name: ${name}`)
    const admin = new pg.Client({ connectionString: BENCH_DATABASE_URL.replace(/\/[^/]+$/, '/postgres') })
    await admin.connect()
    await admin.query(`drop database if exists ${name} with (force)`)
    await admin.query(`create database ${name}`)
    await admin.end()
    const database = await openDatabase({ databaseUrl: BENCH_DATABASE_URL, poolSize: 1 })
    await migrateDatabase(database)
    return database
  }
  await rm(BENCH_PGLITE_DIR, { recursive: true, force: true })
  await mkdir(BENCH_PGLITE_DIR, { recursive: true })
  const database = await openDatabase({ dataDir: BENCH_PGLITE_DIR })
  await migrateDatabase(database)
  return database
}

export async function generateData({
  engine,
  members: N,
  endorsements: E,
  log = console.log,
}: GenerateOptions) {
  if (E > N * CATEGORIES.length) {
    throw new Error(
      `At most ${N * CATEGORIES.length} endorsements for ${N} members (one per giver, receiver and category)`,
    )
  }
  const started = Date.now()
  const database = await openFreshDatabase(engine)
  const { db } = database
  const step = async (label: string, ...queries: SQL[]) => {
    const t0 = Date.now()
    for (const query of queries) await db.execute(query)
    log(`  ${label.padEnd(42)} ${((Date.now() - t0) / 1000).toFixed(1)} s`)
  }
  const T = TAG_COUNT
  const passwordHash = await hashPassword(BENCH_PASSWORD)
  log(
    `Generating ${N.toLocaleString('en')} members and ${E.toLocaleString('en')} endorsements into ${engine}`,
  )

  // The data is generated, not received: skip triggers (foreign keys included) while loading, load
  // without the secondary indexes and build them once at the end, and give sorts room.
  await db.execute(sql`set session_replication_role = replica`)
  await db.execute(sql`set work_mem = '256MB'`)
  await db.execute(sql`set maintenance_work_mem = '512MB'`)
  if (engine === 'postgres') await db.execute(sql`set synchronous_commit = off`)
  await db.execute(sql`select setseed(0.42)`)
  const indexes = rowsOf<{ name: string; definition: string }>(
    await db.execute(
      sql`select indexname as name, indexdef as definition from pg_indexes i
          where schemaname = 'public' and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
    ),
  )
  for (const index of indexes) await db.execute(sql.raw(`drop index "${index.name}"`))

  // Endorsements first, in an index-free scratch table: every counter is then one aggregate of it.
  // Each member gives one endorsement per category and round (so (giver, receiver, category) is
  // unique by construction); receivers are skewed: a few members get many, most get a handful.
  // Multiplying by 7919 (prime to N) spreads the popular ones over all ids.
  await step(
    'endorsements (scratch)',
    sql`create temp table gen_vouches as
        select i as id, g.from_id,
          (case when g.to_raw = g.from_id then g.from_id % ${N} + 1 else g.to_raw end)::int as to_id,
          ${textArray(CATEGORIES)}[1 + g.round] as category,
          case when i % 2 = 0 then ${textArray(NOTES)}[1 + i % ${NOTES.length}] end as note,
          i % 10 = 0 as is_anonymous,
          -- No verified factor on an anonymous endorsement (docs/decisions/078).
          ((case when i % 2 = 0 then 1.2 else 1 end)
            * (case when g.from_id % 3 = 0 and i % 10 <> 0 then 1.25 else 1 end))::real as weight,
          now() - random() * interval '365 days' as created_at
        from generate_series(1, ${E}) i
        cross join lateral (select ((i - 1) % ${N} + 1)::int as from_id, (i - 1) / ${N} as round,
          ((floor(${N} * power(random(), 2))::bigint * 7919) % ${N} + 1)::int as to_raw) g`,
  )
  // 1 to 3 tags per endorsement, log-uniform over the tag ranks (a Zipf-like long tail).
  await step(
    'endorsement tags (scratch)',
    sql`create temp table gen_tags as
        select distinct v as vouch_id, least(${T}, floor(exp(random() * ln(${T} + 1)))::int) as hashtag_id
        from generate_series(1, ${E}) v
        cross join lateral generate_series(1, 1 + v % 3) k`,
  )
  await step(
    'likes and comments (scratch)',
    sql`create temp table gen_likes as
          select p.vouch_id, p.user_id, v.created_at + random() * (now() - v.created_at) as created_at
          from (select distinct 1 + floor(random() * ${E})::int as vouch_id, 1 + floor(random() * ${N})::int as user_id
                from generate_series(1, ${Math.round(E * 0.3)})) p
          join gen_vouches v on v.id = p.vouch_id`,
    sql`create temp table gen_comments as
          select v.id as vouch_id, 1 + floor(random() * ${N})::int as user_id,
            ${textArray(COMMENTS)}[1 + i % ${COMMENTS.length}] as comment,
            v.created_at + random() * (now() - v.created_at) as created_at
          from generate_series(1, ${Math.round(E * 0.1)}) i
          join gen_vouches v on v.id = 1 + (i * 7919) % ${E}`,
    sql`create temp table gen_received as
          select v.to_id as user_id, t.hashtag_id, v.category, v.created_at
          from gen_tags t join gen_vouches v on v.id = t.vouch_id`,
  )

  await step(
    'users',
    sql`insert into users (id, username, password, email, full_name, title, bio, location,
          is_email_verified, reputation_score, vouch_count, created_at)
        select i,
          lower(f.name) || lower(left(l.name, 1)) || i,
          ${passwordHash},
          'member' || i || '@bench.vouched.test',
          f.name || ' ' || l.name,
          case when i % 10 = 0 then null else ${textArray(TITLES)}[1 + (i * 7) % ${TITLES.length}] end,
          case when i % 4 = 0 then 'Building things with people I trust.' end,
          case when i % 5 = 0 then 'Remote' when i % 5 = 1 then 'Berlin' when i % 5 = 2 then 'New York' end,
          i % 3 = 0,
          coalesce(r.score, 0), coalesce(r.n, 0),
          now() - interval '730 days' + (i::float / ${N}) * interval '720 days'
        from generate_series(1, ${N}) i
        cross join lateral (select ${textArray(FIRST_NAMES)}[1 + (i * 31) % ${FIRST_NAMES.length}] as name) f
        cross join lateral (select ${textArray(LAST_NAMES)}[1 + (i * 17 + i / 97) % ${LAST_NAMES.length}] as name) l
        left join (select to_id, sum(10 * weight)::real as score, count(*)::int as n
                   from gen_vouches group by to_id) r on r.to_id = i`,
  )
  await step(
    'admin',
    sql`insert into users (id, username, password, email, full_name, is_admin, is_email_verified)
        values (${N + 1}, 'admin', ${passwordHash}, 'admin@bench.vouched.test', 'Bench Admin', true, true)`,
  )
  await db.execute(sql`select setval('users_id_seq', ${N + 1})`)
  await step(
    'hashtags',
    sql`insert into hashtags (id, tag, count)
        select n.id, n.tag, coalesce(c.count, 0) from (
          select ordinality as id, tag from unnest(${textArray(SUGGESTED_TAGS)}) with ordinality as s(tag, ordinality)
          union all
          select * from (
            select ${SUGGESTED_TAGS.length} + row_number() over (order by l.i, b.i, a.i) as id, a.w || b.w || l.w
            from unnest(${textArray(TAG_WORDS_A)}) with ordinality a(w, i)
            cross join unnest(${textArray(TAG_WORDS_B)}) with ordinality b(w, i)
            cross join unnest(${textArray(TAG_LEVELS)}) with ordinality l(w, i)) pairs
          where id <= ${TAG_COUNT}) n
        left join (select hashtag_id, count(*)::int as count from gen_tags group by 1) c on c.hashtag_id = n.id`,
  )
  await db.execute(sql`select setval('hashtags_id_seq', ${T})`)
  await step(
    'vouches',
    sql`insert into vouches (id, from_user_id, to_user_id, category, note, is_anonymous, engagement_weight,
          like_count, comment_count, created_at)
        select v.id, v.from_id, v.to_id, v.category, v.note, v.is_anonymous, v.weight,
          coalesce(l.n, 0), coalesce(c.n, 0), v.created_at
        from gen_vouches v
        left join (select vouch_id, count(*)::int as n from gen_likes group by 1) l on l.vouch_id = v.id
        left join (select vouch_id, count(*)::int as n from gen_comments group by 1) c on c.vouch_id = v.id`,
  )
  await db.execute(sql`select setval('vouches_id_seq', ${E})`)
  await step(
    'vouch_hashtags',
    sql`insert into vouch_hashtags (vouch_id, hashtag_id) select vouch_id, hashtag_id from gen_tags order by 1, 2`,
  )
  await step(
    'vouch_likes, vouch_comments',
    sql`insert into vouch_likes (vouch_id, user_id, created_at) select vouch_id, user_id, created_at from gen_likes`,
    sql`insert into vouch_comments (vouch_id, user_id, comment, created_at)
        select vouch_id, user_id, comment, created_at from gen_comments`,
  )

  // Counters, exactly as the endorsement, like and comment services keep them.
  await step(
    'member_category_stats',
    sql`insert into member_category_stats (user_id, category, score, count)
        select to_id, category, sum(10 * weight), count(*) from gen_vouches group by 1, 2`,
  )
  await step(
    'member_hashtags',
    sql`insert into member_hashtags (user_id, hashtag_id, count)
        select user_id, hashtag_id, count(*) from gen_received group by 1, 2 order by 1, 2`,
  )
  await step(
    'member_category_hashtags',
    sql`insert into member_category_hashtags (user_id, category, hashtag_id, count)
        select user_id, category, hashtag_id, count(*) from gen_received group by 1, 2, 3 order by 1, 2, 3`,
  )
  await step(
    'medals',
    sql`insert into medals (user_id, skill_name, tier, last_endorsed_at, endorsement_count)
        select r.user_id, h.tag,
          case when count(*) >= 80 then 'platinum' when count(*) >= 40 then 'gold'
               when count(*) >= 20 then 'silver' else 'bronze' end,
          max(r.created_at), count(*)
        from gen_received r join hashtags h on h.id = r.hashtag_id
        group by r.user_id, h.tag having count(*) >= 10`,
  )
  // UTC days, as core/activity.ts counts them.
  await step(
    'member_daily_activity',
    sql`insert into member_daily_activity (user_id, day, count)
        select user_id, (created_at at time zone 'UTC')::date, count(*) from (
          select from_id as user_id, created_at from gen_vouches where not is_anonymous
          union all select user_id, created_at from gen_likes
          union all select user_id, created_at from gen_comments) a
        group by 1, 2`,
  )
  // What the discovery triggers (disabled while loading) would have written.
  await step(
    'member_activity_scores',
    sql`insert into member_activity_scores (user_id, score)
        select u.id, coalesce(a.total, 0) from users u
        left join (select user_id, sum(count)::int as total from member_daily_activity
                   where day >= (now() at time zone 'UTC')::date - 29 group by 1) a on a.user_id = u.id
        on conflict (user_id) do update set score = excluded.score`,
  )
  await db.execute(
    sql`insert into member_activity_window (id, window_start) values (1, (now() at time zone 'UTC')::date - 29)
        on conflict (id) do update set window_start = excluded.window_start`,
  )
  await step(
    'search_terms',
    sql`insert into search_terms (term)
        select distinct vouched_search_words(concat_ws(' ', username, full_name, title)) from users
        on conflict do nothing`,
  )
  await db.execute(sql`drop table gen_vouches, gen_tags, gen_likes, gen_comments, gen_received`)
  await db.execute(sql`set session_replication_role = origin`)
  const t0 = Date.now()
  for (const index of indexes) await db.execute(sql.raw(index.definition))
  log(`  ${`${indexes.length} indexes`.padEnd(42)} ${((Date.now() - t0) / 1000).toFixed(1)} s`)
  await step('vacuum analyze', sql`vacuum analyze`)

  const counts = (await db.execute(
    sql`select (select count(*) from users)::int users, (select count(*) from vouches)::int vouches,
          (select count(*) from vouch_hashtags)::int vouch_hashtags, (select count(*) from member_hashtags)::int member_hashtags,
          (select count(*) from vouch_likes)::int likes, (select count(*) from vouch_comments)::int comments,
          (select count(*) from member_daily_activity)::int activity_rows, (select count(*) from medals)::int medals,
          (select count(*) from search_terms)::int search_terms`,
  )) as unknown as { rows: Record<string, number>[] }
  log(`  rows: ${JSON.stringify(counts.rows[0])}`)
  log(`Generated in ${((Date.now() - started) / 1000).toFixed(0)} s`)
  await database.close()
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const { values } = parseArgs({
    options: {
      engine: { type: 'string', default: 'postgres' },
      members: { type: 'string', default: '100000' },
      endorsements: { type: 'string', default: '1000000' },
    },
  })
  const engine = values.engine === 'pglite' ? 'pglite' : 'postgres'
  await generateData({ engine, members: Number(values.members), endorsements: Number(values.endorsements) })
}
