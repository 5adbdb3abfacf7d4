import { sql } from 'drizzle-orm'
import { PgDialect } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { sqlInteger } from './client'

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
