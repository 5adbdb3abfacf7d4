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

  /**
   * Sets the value only if the current one equals `expectedValue` (undefined: absent or expired), in
   * one statement, so instances updating the same entry (fedify's circuit breaker) never lose a write.
   */
  async cas(
    key: KvKey,
    expectedValue: unknown,
    newValue: unknown,
    options?: KvStoreSetOptions,
  ): Promise<boolean> {
    const ttlMs = options?.ttl ? options.ttl.total('millisecond') : null
    const expiresAt = ttlMs === null ? null : new Date(Date.now() + ttlMs)
    const encoded = encode(key)
    const value = JSON.stringify(newValue)
    const result =
      expectedValue === undefined
        ? await this.db.execute(sql`insert into federation_kv (key, value, expires_at)
            values (${encoded}, ${value}::jsonb, ${expiresAt})
            on conflict (key) do update set value = excluded.value, expires_at = excluded.expires_at
            where federation_kv.expires_at is not null and federation_kv.expires_at <= now()
            returning key`)
        : await this.db
            .execute(sql`update federation_kv set value = ${value}::jsonb, expires_at = ${expiresAt}
            where key = ${encoded} and value = ${JSON.stringify(expectedValue)}::jsonb
              and (expires_at is null or expires_at > now())
            returning key`)
    return (result as unknown as { rows: unknown[] }).rows.length === 1
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
