import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { sql, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
import { NamingClient } from './pg-named-statements'
import { namedStatementsClient } from './pglite-named-statements'
import * as schema from './schema/index'
import { SERVER_ROOT } from '../server-root'

export type Schema = typeof schema
/** One Drizzle type for both engines: features never know which one they run on. */
export type Db = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>

export const migrationsFolder = path.join(SERVER_ROOT, 'src/db/migrations')

export type Database = {
  db: Db
  engine: 'pglite' | 'postgres'
  /** The embedded engine, for LISTEN/NOTIFY and data-dir dumps; absent on PostgreSQL. */
  pglite?: PGlite
  /** The PostgreSQL pool, for LISTEN on a dedicated connection; absent on PGlite. */
  pool?: pg.Pool
  close: () => Promise<void>
}

export type OpenOptions =
  { databaseUrl: string; poolSize?: number } | { dataDir: string | undefined; loadDataDir?: Blob | File }

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({
      // Named statements (decision 111): each connection parses a statement once and keeps its plan.
      Client: NamingClient,
      connectionString: options.databaseUrl,
      max: options.poolSize ?? 10,
      // Every query of the app reads a few index pages; JIT compiling the costlier plans (a search
      // walking 4,000 members) took ~20 ms to save well under one (docs/performance.md).
      options: '-c jit=off',
    })
    // An idle client losing its server (restart, failover) must not crash the process.
    pool.on('error', () => {})
    // Nor a checked-out one (inside a transaction): the pool only listens to idle clients, and an
    // 'error' event nobody listens to kills the process. The query in flight still fails, and the
    // broken client is dropped when it is released.
    pool.on('connect', (client) => client.on('error', () => {}))
    return {
      db: drizzlePg(pool, { schema }) as unknown as Db,
      engine: 'postgres',
      pool,
      close: () => pool.end(),
    }
  }
  const pglite = await PGlite.create({
    ...(options.dataDir ? { dataDir: path.join(options.dataDir, 'db') } : {}),
    ...(options.loadDataDir ? { loadDataDir: options.loadDataDir } : {}),
    extensions: { pg_trgm },
  })
  return {
    // Drizzle's PGlite driver calls only query() and transaction() on its client: this one runs each
    // parameterised statement prepared once (decision 111).
    db: drizzlePglite({
      client: namedStatementsClient(pglite) as unknown as PGlite,
      schema,
    }) as unknown as Db,
    engine: 'pglite',
    pglite,
    close: () => pglite.close(),
  }
}

/** Applies pending migrations; on PostgreSQL under an advisory lock so instances starting together take turns. */
export async function migrateDatabase(database: Database): Promise<void> {
  if (database.pool) {
    const client = await database.pool.connect()
    try {
      await client.query('select pg_advisory_lock(725001)')
      await migratePg(drizzlePg(client), { migrationsFolder })
    } finally {
      await client.query('select pg_advisory_unlock(725001)').catch(() => {})
      client.release()
    }
    return
  }
  await migratePglite(drizzlePglite(database.pglite!), { migrationsFolder })
}

/**
 * An integer the server chose (a constant, or a limit the route's schema bounded), written into the
 * statement instead of sent as a parameter. Given `limit $1`, PostgreSQL cannot price a generic plan of
 * an index walk and plans the statement again on every execution: more than half of the top-12's
 * database time. With the number in the text it plans once per connection.
 */
export function sqlInteger(value: number): SQL {
  if (!Number.isSafeInteger(value)) throw new TypeError(`Not an integer: ${value}`)
  return sql.raw(String(value))
}

/** Raw rows of `db.execute`: both engines answer `{ rows }`, which the shared Drizzle type leaves untyped. */
export const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows

/** Raw SQL rows; both engines answer `{ rows }`, which the shared Drizzle type leaves untyped. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}
