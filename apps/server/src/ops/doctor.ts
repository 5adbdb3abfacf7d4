import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import nodemailer from 'nodemailer'
import pg from 'pg'
import { ConfigError, loadConfig, type Config } from '../config'
import { migrationsFolder } from '../db/client'
import { assertServerStopped } from './backup'

/** `error`: wrong, the server will not start or a feature fails; `warn`: works, but risky. */
export type Finding = { level: 'ok' | 'warn' | 'error'; check: string; message: string }

export type DoctorOptions = { timeoutMs?: number }

/** The oldest PostgreSQL the migrations and queries are written for (DECISIONS.md §2). */
const MIN_POSTGRES_VERSION_NUM = 140_000

type Journal = { entries: { when: number; tag: string }[] }

/**
 * Reads the configuration the way the server would and checks what it points at (database, SMTP),
 * without starting the server and without writing anything: `npm run doctor`.
 */
export async function runDoctor(env: NodeJS.ProcessEnv, options: DoctorOptions = {}): Promise<Finding[]> {
  let config: Config
  try {
    config = loadConfig(env, { readOnly: true })
  } catch (error) {
    if (error instanceof ConfigError)
      return [{ level: 'error', check: 'configuration', message: error.message }]
    throw error
  }
  const timeoutMs = options.timeoutMs ?? 5_000
  return [
    { level: 'ok', check: 'configuration', message: `every variable is valid (NODE_ENV=${config.env})` },
    ...settingFindings(config, env),
    await smtpFinding(config, timeoutMs),
    ...(await databaseFindings(config, timeoutMs)),
  ]
}

function settingFindings(config: Config, env: NodeJS.ProcessEnv): Finding[] {
  const found: Finding[] = []
  const add = (level: Finding['level'], check: string, message: string) =>
    found.push({ level, check, message })
  const https = config.publicUrl.startsWith('https://')
  if (config.env === 'production') {
    if (!env.SESSION_SECRET)
      add(
        'error',
        'SESSION_SECRET',
        'not set in production: a secret generated into DATA_DIR signs the cookies, so each instance has its own and losing DATA_DIR signs everyone out',
      )
    if (!env.PUBLIC_URL)
      add(
        'error',
        'PUBLIC_URL',
        `not set in production: links in mails and badges point at ${config.publicUrl}`,
      )
    if (!https && config.trustProxy)
      add(
        'error',
        'PUBLIC_URL',
        'is http:// behind TRUST_PROXY: a proxy serving https gets 500 INSECURE_PUBLIC_URL and links in mails say http',
      )
    else if (!https)
      add('warn', 'PUBLIC_URL', 'is http://: cookies are sent without Secure and passwords travel in clear')
    if (!config.rateLimit)
      add('error', 'RATE_LIMIT', 'off in production: sign-in guessing and floods are not limited')
    if (config.seedDemo)
      add(
        'warn',
        'SEED_DEMO',
        'on in production: the demo accounts have the password published in the README',
      )
    if (!config.smtpUrl)
      add(
        'warn',
        'SMTP_URL',
        'not set in production: mails are written to DATA_DIR/outbox and work-email codes are refused (503)',
      )
  }
  if (config.seedDemo && !['127.0.0.1', '::1', 'localhost'].includes(config.host))
    add(
      'warn',
      'HOST',
      `${config.host} with demo data: anyone on the network can sign in with the demo password`,
    )
  if (!config.webDist) add('warn', 'web client', 'not built: only the API is served (npm run build)')
  return found
}

async function smtpFinding(config: Config, timeoutMs: number): Promise<Finding> {
  if (!config.smtpUrl)
    return {
      level: 'ok',
      check: 'mail',
      message: `no SMTP_URL: mails go to ${path.join(config.dataDir, 'outbox')}`,
    }
  const transport = nodemailer.createTransport(config.smtpUrl, {
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
  })
  try {
    await transport.verify()
    return { level: 'ok', check: 'mail', message: 'the SMTP server accepts connections and the credentials' }
  } catch (error) {
    return { level: 'error', check: 'mail', message: `SMTP server unreachable: ${(error as Error).message}` }
  } finally {
    transport.close()
  }
}

function journal(): Journal {
  return JSON.parse(readFileSync(path.join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as Journal
}

/** Drizzle's migrator applies, in order, every migration newer than the newest one it recorded. */
function pendingMigrations(lastAppliedAt: number | undefined): string[] {
  return journal()
    .entries.filter((entry) => lastAppliedAt === undefined || entry.when > lastAppliedAt)
    .map((entry) => entry.tag)
}

const LAST_APPLIED = `select max(created_at)::text as last from drizzle.__drizzle_migrations`
const HAS_JOURNAL = `select to_regclass('drizzle.__drizzle_migrations') is not null as present`

async function lastAppliedAt(query: (text: string) => Promise<Record<string, unknown>[]>) {
  const [journalTable] = await query(HAS_JOURNAL)
  if (!journalTable?.present) return undefined
  const [row] = await query(LAST_APPLIED)
  return row?.last == null ? undefined : Number(row.last)
}

function migrationFinding(lastAt: number | undefined): Finding {
  const pending = pendingMigrations(lastAt)
  if (lastAt === undefined)
    return {
      level: 'ok',
      check: 'migrations',
      message: `a new database: all ${pending.length} are applied at the first start`,
    }
  if (pending.length === 0) return { level: 'ok', check: 'migrations', message: 'the database is up to date' }
  return {
    level: 'warn',
    check: 'migrations',
    message: `${pending.length} pending, applied at the next start: ${pending.join(', ')}`,
  }
}

async function databaseFindings(config: Config, timeoutMs: number): Promise<Finding[]> {
  if (config.databaseUrl) return postgresFindings(config.databaseUrl, timeoutMs)
  const dbDir = path.join(config.dataDir, 'db')
  if (!existsSync(dbDir))
    return [
      {
        level: 'ok',
        check: 'database',
        message: `embedded (PGlite); ${dbDir} is created at the first start`,
      },
      migrationFinding(undefined),
    ]
  try {
    await assertServerStopped(config.dataDir)
  } catch {
    // PGlite allows one process at a time: opening the data dir now could corrupt it.
    return [
      {
        level: 'ok',
        check: 'database',
        message: `embedded (PGlite) in ${dbDir}, in use by the running server`,
      },
    ]
  }
  const pglite = await PGlite.create({ dataDir: dbDir, extensions: { pg_trgm } })
  try {
    const lastAt = await lastAppliedAt(
      async (text) => (await pglite.query<Record<string, unknown>>(text)).rows,
    )
    return [
      { level: 'ok', check: 'database', message: `embedded (PGlite) in ${dbDir}` },
      migrationFinding(lastAt),
    ]
  } finally {
    await pglite.close()
  }
}

async function postgresFindings(databaseUrl: string, timeoutMs: number): Promise<Finding[]> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: timeoutMs })
  try {
    await client.connect()
  } catch (error) {
    return [{ level: 'error', check: 'database', message: `cannot connect: ${(error as Error).message}` }]
  }
  try {
    const query = async (text: string) => (await client.query<Record<string, unknown>>(text)).rows
    const [version] = await query(
      `select current_setting('server_version_num')::int as num, version() as text`,
    )
    const [trgm] = await query(
      `select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`,
    )
    const found: Finding[] = []
    if (Number(version!.num) < MIN_POSTGRES_VERSION_NUM)
      found.push({
        level: 'error',
        check: 'database',
        message: `${String(version!.text)}: PostgreSQL 14 or newer is needed`,
      })
    else found.push({ level: 'ok', check: 'database', message: String(version!.text).split(',')[0]! })
    if (Number(trgm!.n) === 0)
      found.push({
        level: 'error',
        check: 'database',
        message: 'the pg_trgm extension is not available (name search needs it)',
      })
    found.push(migrationFinding(await lastAppliedAt(query)))
    return found
  } finally {
    await client.end().catch(() => {})
  }
}
