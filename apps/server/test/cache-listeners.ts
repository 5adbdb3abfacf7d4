import pg from 'pg'
import type { Database } from '../src/db/client'
import { CACHE_INVALIDATION_CHANNEL } from '../src/core/cache-invalidation'

/**
 * Makes every instance on the test database stop hearing cache invalidation: on PostgreSQL their
 * listening connections are terminated (a lost connection); on PGlite the channel is unlistened while
 * the connection stays open (what a half-open connection looks like: no error, no messages).
 * Resolves with how many listeners were cut off (PGlite: 1, its one session).
 */
export async function cutCacheListeners(database: Database): Promise<number> {
  if (database.pglite) {
    await database.pglite.unlisten(CACHE_INVALIDATION_CHANNEL)
    return 1
  }
  const admin = new pg.Client({ connectionString: database.pool!.options.connectionString })
  await admin.connect()
  try {
    const killed = await admin.query(
      `select pg_terminate_backend(pid) from pg_stat_activity
       where datname = current_database() and query = $1 and pid <> pg_backend_pid()`,
      [`listen ${CACHE_INVALIDATION_CHANNEL}`],
    )
    return killed.rowCount ?? 0
  } finally {
    await admin.end()
  }
}
