import { createHash } from 'node:crypto'
import path from 'node:path'
import {
  parse,
  PGlite,
  protocol,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { sql, type ExtractTablesWithRelations, type SQL } from 'drizzle-orm'
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres'
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import pg from 'pg'
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

/** Distinct statement texts that get a name; beyond it (never reached by the app's queries) they run unnamed. */
const NAMED_STATEMENTS_MAX = 2000
const statementNames = new Map<string, string>()

function statementName(text: string): string | undefined {
  let name = statementNames.get(text)
  if (name === undefined && statementNames.size < NAMED_STATEMENTS_MAX) {
    name = `v_${createHash('sha1').update(text).digest('base64url')}`
    statementNames.set(text, name)
  }
  return name
}

/**
 * A client that names every parameterised statement after its text, so each connection parses it once
 * and PostgreSQL keeps its plan: parsing and planning were two thirds of the time of the app's short
 * statements (docs/performance.md). Statements without parameters (begin, commit, migrations) keep the
 * simple protocol.
 */
class PreparingClient extends pg.Client {}
const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown
PreparingClient.prototype.query = function (this: pg.Client, config: unknown, ...rest: unknown[]) {
  const values = rest[0]
  if (
    config !== null &&
    typeof config === 'object' &&
    !('submit' in config) &&
    !('name' in config && config.name) &&
    'text' in config &&
    typeof config.text === 'string' &&
    Array.isArray(values) &&
    values.length > 0
  ) {
    const name = statementName(config.text)
    if (name) return query.call(this, { ...config, name }, ...rest)
  }
  return query.call(this, config, ...rest)
} as typeof pg.Client.prototype.query

/**
 * The same for PGlite, whose query() parses and plans every statement again (two thirds of the profile's
 * time there): a parameterised statement is parsed once under a name and then only bound and executed,
 * with PGlite's own locks, value serializers and result parsers, in and out of transactions.
 */
function nameStatements(pglite: PGlite) {
  const parsed = new Map<string, number[]>()
  const send = (message: Uint8Array, options: QueryOptions | undefined) =>
    pglite.execProtocolStream(message, { ...options, syncToFs: false })

  /** PGlite's own extended-protocol exchange, with Parse and Describe once per statement. */
  async function exchange<T>(name: string, text: string, params: unknown[], options?: QueryOptions) {
    const messages = []
    try {
      let types = parsed.get(name)
      if (!types) {
        await send(protocol.serialize.parse({ name, text, types: options?.paramTypes }), options)
        types = parse.parseDescribeStatementResults(
          await send(protocol.serialize.describe({ type: 'S', name }), options),
        )
        parsed.set(name, types)
      }
      const values = params.map((value, i) => {
        if (value === null || value === undefined) return null
        const serialize = options?.serializers?.[types[i]!] ?? pglite.serializers[types[i]!]
        return serialize ? serialize(value) : String(value)
      })
      messages.push(
        ...(await send(protocol.serialize.bind({ statement: name, values }), options)),
        ...(await send(protocol.serialize.describe({ type: 'P' }), options)),
        ...(await send(protocol.serialize.execute({}), options)),
      )
    } finally {
      messages.push(...(await send(protocol.serialize.sync(), options)))
    }
    return parse.parseResults(messages, pglite.parsers, options)[0] as Results<T>
  }

  const nameOf = (text: string, params: unknown[] | undefined, options: QueryOptions | undefined) =>
    params?.length && !options?.blob ? statementName(text) : undefined

  // Outside a transaction: wait for any transaction to end, and persist after, as query() does.
  const query = pglite.query.bind(pglite)
  pglite.query = (async <T>(text: string, params?: unknown[], options?: QueryOptions) => {
    const name = nameOf(text, params, options)
    if (!name) return query<T>(text, params, options)
    await pglite._checkReady()
    return pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(async () => {
        const result = await exchange<T>(name, text, params!, options)
        await pglite.syncToFs()
        return result
      }),
    )
  }) as typeof pglite.query

  // Inside one: the transaction already holds its lock; the statements run between its BEGIN and COMMIT.
  const transaction = pglite.transaction.bind(pglite)
  pglite.transaction = (<T>(callback: (tx: Transaction) => Promise<T>) =>
    transaction((tx) => {
      const named: Transaction = Object.create(tx)
      named.query = <R>(text: string, params?: unknown[], options?: QueryOptions) => {
        const name = nameOf(text, params, options)
        if (!name) return tx.query<R>(text, params, options)
        if (tx.closed) throw new Error('Transaction is closed')
        return pglite._runExclusiveQuery(() => exchange<R>(name, text, params!, options))
      }
      return callback(named)
    })) as typeof pglite.transaction
}

export async function openDatabase(options: OpenOptions): Promise<Database> {
  if ('databaseUrl' in options) {
    const pool = new pg.Pool({
      Client: PreparingClient,
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
  nameStatements(pglite)
  return {
    db: drizzlePglite(pglite, { schema }) as unknown as Db,
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

/** Raw SQL rows; both engines answer `{ rows }`, which the shared Drizzle type leaves untyped. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] }
  return result.rows
}
