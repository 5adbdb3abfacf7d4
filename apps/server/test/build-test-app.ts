import { randomBytes } from 'node:crypto'
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pg from 'pg'
import type { FastifyInstance } from 'fastify'
import type { InjectOptions } from 'light-my-request'
import { and, eq, gt, sql } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { inject } from 'vitest'
import { buildApp } from '../src/app'
import { loadConfig, type Config } from '../src/config'
import { openDatabase, type Database, type Db } from '../src/db/client'
import * as schema from '../src/db/schema/index'
import { createSession, hashToken, SESSION_COOKIE } from '../src/core/session'
import { installSecretsGuard } from './secrets-guard'

async function openTestDatabase(): Promise<Database> {
  const templateUrl = inject('templateDatabaseUrl')
  if (templateUrl) {
    const url = new URL(templateUrl)
    const name = `vouched_test_${randomBytes(6).toString('hex')}`
    const admin = new pg.Client({ connectionString: templateUrl.replace(/\/[^/]+$/, '/postgres') })
    await admin.connect()
    await admin.query(`create database ${name} template ${url.pathname.slice(1)}`)
    await admin.end()
    url.pathname = `/${name}`
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 5 })
    return {
      ...database,
      close: async () => {
        await database.close()
        const drop = new pg.Client({ connectionString: templateUrl.replace(/\/[^/]+$/, '/postgres') })
        await drop.connect()
        await drop.query(`drop database if exists ${name} with (force)`)
        await drop.end()
      },
    }
  }
  const dump = await readFile(inject('pgliteDump'))
  return openDatabase({ dataDir: undefined, loadDataDir: new Blob([dump]) })
}

/**
 * `VOUCHED_TEST_CACHES=on` runs the suite with the cache sizes production runs (config.ts defaults), so
 * the authorization matrix, the secrets guard and the hostile-input tests check what is deployed. CI
 * runs the PostgreSQL pass this way and the PGlite pass with caches off.
 */
export const cachesOn = process.env.VOUCHED_TEST_CACHES === 'on'

/** The sizes production runs with when no variable sets them: read from config.ts, never copied. */
export function productionCacheSizes() {
  const defaults = loadConfig({ NODE_ENV: 'test', DATA_DIR: tmpdir(), SESSION_SECRET: 'x'.repeat(32) })
  return {
    sessionCacheSize: defaults.sessionCacheSize,
    profileCacheSize: defaults.profileCacheSize,
    searchCacheSize: defaults.searchCacheSize,
  }
}

export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return {
    env: 'test',
    port: 0,
    host: '127.0.0.1',
    databaseUrl: undefined,
    dataDir,
    publicUrl: 'http://localhost:3000',
    sessionSecret: 'test-session-secret-that-is-long-enough-to-sign',
    smtpUrl: undefined,
    mailFrom: 'Vouched <no-reply@vouched.test>',
    adminPassword: undefined,
    adminEmail: undefined,
    seedDemo: false,
    rateLimit: false,
    requireAdminTwoFactor: false,
    redisUrl: undefined,
    metricsToken: undefined,
    trustInBackground: false,
    // Each test app its own keys: ids restart with every test database, and Redis keeps counts for a window.
    redisPrefix: `vouched-test-${randomBytes(6).toString('hex')}:`,
    trustProxy: false,
    logLevel: 'silent',
    // Caches off by default: tests change rows behind the app's back and read at once. With caches on
    // such a test calls `settle()` between the change and the read.
    ...(cachesOn ? productionCacheSizes() : { sessionCacheSize: 0, profileCacheSize: 0, searchCacheSize: 0 }),
    webDist: undefined,
    federation: false,
    federationPrivateAddresses: false,
    ...overrides,
  }
}

type Member = { id: number }

/** Mails are quoted-printable on the wire; tests read links and codes in plain text. */
const decodeQuotedPrintable = (mail: string) =>
  mail
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))

/** One app on one database per test file; tests isolate themselves by creating their own members. */
export async function buildTestApp(overrides: Partial<Config> = {}) {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'vouched-test-'))
  const database = await openTestDatabase()
  const config = testConfig(dataDir, overrides)
  const app = await buildApp({ database, config })
  const checkSecrets = installSecretsGuard(app)
  await app.ready()

  const instances: FastifyInstance[] = []
  /** Another instance on the same database, as behind a load balancer; closed with the test app. */
  const otherInstance = async (instanceOverrides: Partial<Config> = {}) => {
    const other = await buildApp({ database, config: { ...config, ...instanceOverrides } })
    instances.push(other)
    await other.ready()
    return other
  }

  /**
   * Waits until every instance has heard of every change committed before the call, so that its caches
   * have forgotten what those changes made stale. For tests that write through `db` and read at once.
   */
  const settle = async () => {
    await Promise.all([app, ...instances].map((instance) => instance.settled()))
  }

  /** The test database through Drizzle with a log of every statement run on it: reads can be counted. */
  const countingDb = () => {
    const statements: string[] = []
    const logger = { logQuery: (query: string) => void statements.push(query) }
    const db = (database.pool
      ? drizzlePg(database.pool, { schema, logger })
      : drizzlePglite(database.pglite!, { schema, logger })) as unknown as Db
    return { db, statements }
  }

  const cookieFor = async (member: Member) =>
    `${SESSION_COOKIE}=${app.signCookie(await createSession(database.db, member.id))}`

  // With caches on, `inject` keeps one session per member while it lasts, as a browser keeps its
  // cookie: requests hit the session cache, as they do in production. A new session on every request
  // would always miss, and would name its member as just written to every cache.
  const keptTokens = new Map<number, string>()
  const sessionAlive = async (token: string) =>
    (
      await database.db
        .select({ id: schema.sessions.id })
        .from(schema.sessions)
        .where(and(eq(schema.sessions.id, hashToken(token)), gt(schema.sessions.expiresAt, sql`now()`)))
    ).length > 0
  const keptCookieFor = async (member: Member) => {
    if (!cachesOn) return cookieFor(member)
    let token = keptTokens.get(member.id)
    if (!token || !(await sessionAlive(token))) {
      token = await createSession(database.db, member.id)
      keptTokens.set(member.id, token)
    }
    return `${SESSION_COOKIE}=${app.signCookie(token)}`
  }

  return {
    app,
    db: database.db,
    database,
    config,
    /** A request made as the member, through a real session cookie (kept across requests with caches on). */
    inject: async (member: Member, options: InjectOptions) =>
      app.inject({ ...options, headers: { ...options.headers, cookie: await keptCookieFor(member) } }),
    cookieFor,
    countingDb,
    otherInstance,
    settle,
    /** The mails written to the outbox, oldest first. */
    outbox: async () => {
      const dir = path.join(dataDir, 'outbox')
      const files = (await readdir(dir).catch(() => [])).sort()
      const mails = await Promise.all(files.map((f) => readFile(path.join(dir, f), 'utf8')))
      return mails.map(decodeQuotedPrintable)
    },
    /** Empties every table, for files whose assertions need a known whole-database state. */
    reset: async () => {
      await database.db.execute(sql`
        do $$ declare r record; begin
          for r in select tablename from pg_tables where schemaname = 'public' loop
            execute 'truncate table ' || quote_ident(r.tablename) || ' restart identity cascade';
          end loop;
        end $$`)
    },
    /** Fails the file when any answer it produced leaked a secret or another member's email. */
    close: async () => {
      const leaks = await checkSecrets(database.db)
      for (const other of instances) await other.close()
      await app.close()
      await database.close()
      await rm(dataDir, { recursive: true, force: true })
      if (leaks.length > 0) throw new Error(`Responses leaked private data:\n${leaks.join('\n')}`)
    },
  }
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>
