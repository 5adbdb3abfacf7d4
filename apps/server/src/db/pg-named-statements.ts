import pg from 'pg'
import { statementName } from './statement-names'

/** The versions this client was written and measured against; client.test.ts fails on any other. */
export const NAMED_STATEMENTS_WRITTEN_FOR = { pg: '8.23.1', 'drizzle-orm': '0.45.4' }

type QueryConfig = { text: string; name?: string; values?: unknown[] }

const isPlainConfig = (config: unknown): config is QueryConfig =>
  config !== null &&
  typeof config === 'object' &&
  !('submit' in config) &&
  'text' in config &&
  typeof config.text === 'string'

/**
 * A pool client that names every parameterised statement after its text, through pg's own named
 * query config ({ name, text }): each connection parses it once and PostgreSQL keeps its plan, where
 * parsing and planning were two thirds of the time of the app's short statements (decision 063).
 * Drizzle names only statements built with .prepare(), and raw SQL (db.execute) cannot be prepared
 * at all, so the name is added here, for every statement Drizzle sends as (config, values).
 * Statements without parameters (begin, commit, migrations) keep the simple protocol. Given to the
 * pool through its documented `Client` option; pg.Client itself is left as it is.
 */
export class NamingClient extends pg.Client {}

const query = pg.Client.prototype.query as (this: pg.Client, ...args: unknown[]) => unknown
Object.defineProperty(NamingClient.prototype, 'query', {
  value: function (this: pg.Client, config: unknown, ...rest: unknown[]) {
    const values = rest[0]
    if (isPlainConfig(config) && !config.name && Array.isArray(values) && values.length > 0) {
      const name = statementName(config.text)
      if (name) return query.call(this, { ...config, name }, ...rest)
    }
    return query.call(this, config, ...rest)
  },
})
