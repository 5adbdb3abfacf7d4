import type { KvKey, KvStore, KvStoreListEntry, KvStoreSetOptions } from '@fedify/fedify'
import { and, eq, gt, isNull, or, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { federationKv } from '../../db/schema/index'

const encode = (key: KvKey) => JSON.stringify(key)
const live = () => or(isNull(federationKv.expiresAt), gt(federationKv.expiresAt, sql`now()`))

/**
 * Fedify's key–value store in our database (docs/decisions/149): remote documents and keys it cached,
 * the activities it already handled. Every instance on the database shares it; expired entries read as
 * absent and are swept by `sweepExpired`.
 */
export class DbKvStore implements KvStore {
  constructor(private readonly db: Db) {}

  async get<T = unknown>(key: KvKey): Promise<T | undefined> {
    const [row] = await this.db
      .select({ value: federationKv.value })
      .from(federationKv)
      .where(and(eq(federationKv.key, encode(key)), live()))
    return row === undefined ? undefined : (row.value as T)
  }

  async set(key: KvKey, value: unknown, options?: KvStoreSetOptions): Promise<void> {
    const ttlMs = options?.ttl ? options.ttl.total('millisecond') : null
    const expiresAt = ttlMs === null ? null : new Date(Date.now() + ttlMs)
    await this.db
      .insert(federationKv)
      .values({ key: encode(key), value: value as object, expiresAt })
      .onConflictDoUpdate({ target: federationKv.key, set: { value: value as object, expiresAt } })
  }

  async delete(key: KvKey): Promise<void> {
    await this.db.delete(federationKv).where(eq(federationKv.key, encode(key)))
  }

  async *list(prefix?: KvKey): AsyncIterable<KvStoreListEntry> {
    // A prefix's encoding without its closing bracket starts the encoding of every longer key under it.
    const exact = prefix ? encode(prefix) : null
    const start = exact ? `${exact.slice(0, -1)},` : '['
    const rows = await this.db
      .select({ key: federationKv.key, value: federationKv.value })
      .from(federationKv)
      .where(
        and(
          live(),
          exact
            ? or(eq(federationKv.key, exact), sql`starts_with(${federationKv.key}, ${start})`)
            : undefined,
        ),
      )
      .orderBy(federationKv.key)
    for (const row of rows) yield { key: JSON.parse(row.key) as KvKey, value: row.value }
  }

  async sweepExpired(): Promise<void> {
    await this.db.delete(federationKv).where(sql`${federationKv.expiresAt} <= now()`)
  }
}
