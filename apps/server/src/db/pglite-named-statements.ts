import {
  parse,
  protocol,
  type PGlite,
  type QueryOptions,
  type Results,
  type Transaction,
} from '@electric-sql/pglite'
import { statementName } from './statement-names'

/** What Drizzle's PGlite driver calls on its client: query(), and transaction() whose callback queries. */
export type PgliteClient = {
  query: PGlite['query']
  transaction: <T>(callback: (tx: Pick<Transaction, 'query'>) => Promise<T>) => Promise<T>
}

/** A prepared statement: its name in the session and its parameters' types. */
type Named = { name: string; types: number[] }

/** Thrown when PostgreSQL refuses to prepare a statement: it then runs as it is, now and later. */
class NotPreparable extends Error {}

/** Answered by the lock's holder when another caller's transaction is open: run as PGlite's query(). */
const IN_ANOTHER_TRANSACTION = Symbol('in another transaction')

/**
 * PGlite's query() parses and plans every statement again (two thirds of the profile's time there)
 * and has no prepared statements of its own. This client, given to Drizzle in PGlite's place, prepares
 * each parameterised statement once under the name it has on PostgreSQL and then only binds and
 * executes it, with PGlite's public APIs only: its protocol messages, serializers and result parsers,
 * under runExclusive(), which exists for them. A new statement met inside a transaction is prepared in
 * SQL within a savepoint, since a refused Parse would abort the transaction. A statement PostgreSQL
 * cannot prepare (a parameter of no known type) runs as it is.
 */
export function namedStatementsClient(pglite: PGlite): PgliteClient {
  // Per statement text: prepared, or null when PostgreSQL refused to prepare it.
  const prepared = new Map<string, Named | null>()

  const send = (message: Uint8Array, options: QueryOptions | undefined) =>
    pglite.execProtocolStream(message, { onNotice: options?.onNotice, syncToFs: false })

  /** Parse and Describe, once per statement. */
  async function parseOnce(text: string, options: QueryOptions | undefined): Promise<Named> {
    const known = prepared.get(text)
    if (known) return known
    const name = statementName(text)!
    const messages = []
    try {
      await send(protocol.serialize.parse({ name, text, types: options?.paramTypes }), options)
      messages.push(...(await send(protocol.serialize.describe({ type: 'S', name }), options)))
    } catch (error) {
      throw new NotPreparable(String(error))
    } finally {
      await send(protocol.serialize.sync(), options)
    }
    const named = { name, types: parse.parseDescribeStatementResults(messages) }
    prepared.set(text, named)
    return named
  }

  /** Bind, Execute and Sync: the statement runs with its plan kept. */
  async function execute<T>(named: Named, params: unknown[], options: QueryOptions | undefined) {
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null
      const type = named.types[i]!
      const serialize = options?.serializers?.[type] ?? pglite.serializers[type]
      return serialize ? serialize(value) : String(value)
    })
    const messages = []
    try {
      messages.push(
        ...(await send(protocol.serialize.bind({ statement: named.name, values }), options)),
        ...(await send(protocol.serialize.describe({ type: 'P' }), options)),
        ...(await send(protocol.serialize.execute({}), options)),
      )
    } finally {
      messages.push(...(await send(protocol.serialize.sync(), options)))
    }
    return parse.parseResults(messages, pglite.parsers, options)[0] as Results<T>
  }

  const named = (text: string, params: unknown[] | undefined, options: QueryOptions | undefined) =>
    Boolean(params?.length) && !options?.blob && prepared.get(text) !== null && Boolean(statementName(text))

  async function query<T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> {
    if (!named(text, params, options)) return pglite.query<T>(text, params, options)
    try {
      const result = await pglite.runExclusive(async () => {
        // query() waits for a transaction to end; only the lock of a single statement is public, so
        // while another caller's transaction is open this statement goes through query().
        if (pglite.isInTransaction()) return IN_ANOTHER_TRANSACTION
        const answer = await execute<T>(await parseOnce(text, options), params!, options)
        await pglite.syncToFs()
        return answer
      })
      if (result !== IN_ANOTHER_TRANSACTION) return result
    } catch (error) {
      if (!(error instanceof NotPreparable)) throw error
      prepared.set(text, null)
    }
    return pglite.query<T>(text, params, options)
  }

  /** Prepares a new statement in SQL within a savepoint; null when PostgreSQL refuses it. */
  async function prepareInTransaction(tx: Pick<Transaction, 'query'>, text: string) {
    const name = statementName(text)!
    await tx.query('savepoint prepare_statement')
    try {
      await tx.query(`prepare ${name} as ${text}`)
      const { rows } = await tx.query<{ types: number[] }>(
        'select parameter_types::oid[]::int[] as types from pg_prepared_statements where name = $1',
        [name],
      )
      await tx.query('release savepoint prepare_statement')
      return { name, types: rows[0]?.types ?? [] }
    } catch {
      await tx.query('rollback to savepoint prepare_statement')
      return null
    }
  }

  const queryInTransaction =
    (tx: Transaction) =>
    async <T>(text: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>> => {
      if (!named(text, params, options)) return tx.query<T>(text, params, options)
      let statement = prepared.get(text)
      if (statement === undefined) {
        statement = await prepareInTransaction(tx, text)
        prepared.set(text, statement)
      }
      if (!statement) return tx.query<T>(text, params, options)
      if (tx.closed) throw new Error('Transaction is closed')
      // The transaction holds PGlite's transaction lock; its statements take the statement lock in turn.
      const known = statement
      return pglite.runExclusive(() => execute<T>(known, params!, options))
    }

  return {
    query,
    transaction: (callback) => pglite.transaction((tx) => callback({ query: queryInTransaction(tx) })),
  }
}
