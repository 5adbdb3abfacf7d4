import { existsSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app'
import { queryRows, sqlInteger } from './client'
import { NAMED_STATEMENTS_WRITTEN_FOR } from './pg-named-statements'

describe('sqlInteger', () => {
  it('writes the number into the statement, so it is no parameter', () => {
    const query = new PgDialect().sqlToQuery(sql`select 1 limit ${sqlInteger(12)} offset ${-3}`)
    expect(query.sql).toBe('select 1 limit 12 offset $1')
    expect(query.params).toEqual([-3])
  })

  it.each([1.5, Number.NaN, Infinity, 2 ** 60, '12; drop table users' as unknown as number])(
    'refuses %s',
    (value) => {
      expect(() => sqlInteger(value)).toThrow(TypeError)
    },
  )
})

describe('named statements', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(async () => {
    await t.close()
  })

  // PGlite's are prepared in SQL: their statement reads 'prepare <name> as <text>'.
  const prepared = (db: TestApp['db'], text: string) =>
    queryRows<{ name: string }>(
      db,
      sql`select name from pg_prepared_statements where right(statement, length(${text})) = ${text}`,
    )

  it('parses a parameterised statement once under a name, in and out of transactions', async () => {
    const answer = (db: TestApp['db'], n: number) =>
      queryRows<{ answer: number }>(db, sql`select ${n}::int + 1 as answer, ${'x'}::text as tag`)
    await t.db.transaction(async (tx) => {
      expect(await answer(tx, 41)).toEqual([{ answer: 42, tag: 'x' }])
      expect(await answer(tx, 1)).toEqual([{ answer: 2, tag: 'x' }])
      expect(await prepared(tx, 'select $1::int + 1 as answer, $2::text as tag')).toEqual([
        { name: expect.stringMatching(/^v_[0-9a-f]{40}$/) },
      ])
    })
    expect(await answer(t.db, 9)).toEqual([{ answer: 10, tag: 'x' }])
  })

  it('keeps working after a named statement fails, inside a transaction and outside', async () => {
    const divide = (db: TestApp['db'], n: number) =>
      queryRows<{ q: number }>(db, sql`select 10 / ${n}::int as q`)
    await expect(divide(t.db, 0)).rejects.toThrow()
    expect(await divide(t.db, 5)).toEqual([{ q: 2 }])
    await expect(
      t.db.transaction(async (tx) => {
        expect(await divide(tx, 2)).toEqual([{ q: 5 }])
        await divide(tx, 0)
      }),
    ).rejects.toThrow()
    expect(await divide(t.db, 10)).toEqual([{ q: 1 }])
  })

  it('sends values of every kind exactly, quotes and backslashes included', async () => {
    const text = `it's \\ a ''quote'' \u2028 \\' ; -- é 😀`
    const when = new Date('2026-11-22T10:00:00.123Z')
    const echo = (db: TestApp['db']) =>
      queryRows<Record<string, unknown>>(
        db,
        sql`select ${text}::text as text, ${null}::int as nothing, ${42}::int as number,
          ${true}::boolean as yes, ${when}::timestamptz as "when", ${JSON.stringify({ a: [1, "b'"] })}::jsonb as json,
          ${'{1,2,3}'}::int[] as list`,
      )
    const expected = {
      text,
      nothing: null,
      number: 42,
      yes: true,
      when: expect.anything(),
      json: { a: [1, "b'"] },
      list: [1, 2, 3],
    }
    for (let i = 0; i < 2; i++) expect(await echo(t.db)).toEqual([expected])
    await t.db.transaction(async (tx) => expect(await echo(tx)).toEqual([expected]))
    const [row] = await echo(t.db)
    expect(new Date(row!.when as string).toISOString()).toBe(when.toISOString())
  })

  it('runs a statement PostgreSQL cannot prepare as it is, in a transaction too', async () => {
    // $1 of no known type: PREPARE refuses it, the statement still runs (with the value as text).
    const untyped = (db: TestApp['db']) => queryRows<{ v: string }>(db, sql`select ${'x'} as v`)
    expect(await untyped(t.db)).toEqual([{ v: 'x' }])
    await t.db.transaction(async (tx) => {
      expect(await queryRows<{ v: string }>(tx, sql`select ${'y'} as v, 1 as n`)).toEqual([{ v: 'y', n: 1 }])
      expect(await untyped(tx)).toEqual([{ v: 'x' }])
    })
  })
})

describe('the libraries named statements were written for', () => {
  const require = createRequire(import.meta.url)
  const installedVersion = (name: string) => {
    let dir = path.dirname(require.resolve(name))
    while (!existsSync(path.join(dir, 'package.json')) || path.basename(dir) !== name.split('/').pop()) {
      dir = path.dirname(dir)
    }
    return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string }).version
  }

  it.each(Object.entries(NAMED_STATEMENTS_WRITTEN_FOR))(
    'finds %s at the version the pool client was written for',
    (name, version) => {
      // NamingClient overrides pg.Client's query() and relies on Drizzle calling it as (config, values).
      // On another version, check both still hold (pg_prepared_statements fills up, the tests above
      // pass on PostgreSQL), measure the profile again, then change NAMED_STATEMENTS_WRITTEN_FOR.
      expect(
        installedVersion(name),
        `${name} upgraded: see pg-named-statements.ts before changing this`,
      ).toBe(version)
    },
  )
})
