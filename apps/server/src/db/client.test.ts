import { sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../test/build-test-app'
import { queryRows, sqlInteger } from './client'

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

  const prepared = (db: TestApp['db'], text: string) =>
    queryRows<{ name: string }>(db, sql`select name from pg_prepared_statements where statement = ${text}`)

  it('parses a parameterised statement once under a name, in and out of transactions', async () => {
    const answer = (db: TestApp['db'], n: number) =>
      queryRows<{ answer: number }>(db, sql`select ${n}::int + 1 as answer, ${'x'}::text as tag`)
    await t.db.transaction(async (tx) => {
      expect(await answer(tx, 41)).toEqual([{ answer: 42, tag: 'x' }])
      expect(await answer(tx, 1)).toEqual([{ answer: 2, tag: 'x' }])
      expect(await prepared(tx, 'select $1::int + 1 as answer, $2::text as tag')).toEqual([
        { name: expect.stringMatching(/^v_[\w-]{27}$/) },
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
})
