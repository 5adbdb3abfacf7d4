import { mkdtemp, readdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { freePort } from '../../test/start-server'
import { migrateDatabase, openDatabase } from '../db/client'
import { runDoctor, type Finding } from './doctor'

const dataDir = () => mkdtemp(path.join(tmpdir(), 'vouched-doctor-'))
const problems = (findings: Finding[]) => findings.filter((finding) => finding.level !== 'ok')
const about = (findings: Finding[], check: string) => findings.filter((finding) => finding.check === check)

describe('npm run doctor', () => {
  it('names the variable of an invalid value and checks nothing else', async () => {
    const findings = await runDoctor({ DATA_DIR: await dataDir(), PORT: 'eighty' })
    expect(findings).toEqual([
      {
        level: 'error',
        check: 'configuration',
        message: expect.stringContaining('Invalid environment variable PORT'),
      },
    ])
  })

  it('reports what is wrong and risky in a production configuration', async () => {
    const findings = await runDoctor({
      DATA_DIR: await dataDir(),
      NODE_ENV: 'production',
      PUBLIC_URL: 'http://vouched.example.com',
      TRUST_PROXY: '1',
      SEED_DEMO: '1',
      RATE_LIMIT: 'off',
    })
    expect(problems(findings)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ level: 'error', check: 'SESSION_SECRET' }),
        expect.objectContaining({
          level: 'error',
          check: 'PUBLIC_URL',
          message: expect.stringContaining('TRUST_PROXY'),
        }),
        expect.objectContaining({ level: 'error', check: 'RATE_LIMIT' }),
        expect.objectContaining({ level: 'warn', check: 'SEED_DEMO' }),
        expect.objectContaining({ level: 'warn', check: 'SMTP_URL' }),
      ]),
    )
  })

  it('finds nothing wrong in a complete production configuration', async () => {
    const findings = await runDoctor({
      DATA_DIR: await dataDir(),
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://vouched.example.com',
      TRUST_PROXY: '1',
      SESSION_SECRET: 'a-session-secret-of-at-least-thirty-two-characters',
    })
    expect(findings.filter((finding) => finding.level === 'error')).toEqual([])
  })

  it('reports an SMTP server that cannot be reached', async () => {
    const port = await freePort()
    const findings = await runDoctor(
      { DATA_DIR: await dataDir(), SMTP_URL: `smtp://127.0.0.1:${port}` },
      { timeoutMs: 2_000 },
    )
    expect(about(findings, 'mail')).toEqual([
      { level: 'error', check: 'mail', message: expect.stringContaining('SMTP server unreachable') },
    ])
  })

  it('reports a PostgreSQL server that cannot be reached', async () => {
    const port = await freePort()
    const findings = await runDoctor(
      { DATA_DIR: await dataDir(), DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/none` },
      { timeoutMs: 2_000 },
    )
    expect(about(findings, 'database')).toEqual([
      { level: 'error', check: 'database', message: expect.stringContaining('cannot connect') },
    ])
  })

  it('counts the migrations an embedded database has not had yet, without creating anything', async () => {
    const dir = await dataDir()
    const fresh = await runDoctor({ DATA_DIR: dir })
    expect(about(fresh, 'migrations')[0]).toMatchObject({
      level: 'ok',
      message: expect.stringMatching(/^a new database: all \d+ are applied/),
    })
    expect(await readdir(dir)).toEqual([])

    const database = await openDatabase({ dataDir: dir })
    await migrateDatabase(database)
    await database.close()
    const current = await runDoctor({ DATA_DIR: dir })
    expect(about(current, 'migrations')).toEqual([
      { level: 'ok', check: 'migrations', message: 'the database is up to date' },
    ])

    const reopened = await openDatabase({ dataDir: dir })
    // As if the newest migration had not been applied: the server would apply exactly it at the next start.
    await reopened.pglite!.query(
      `delete from drizzle.__drizzle_migrations where created_at = (select max(created_at) from drizzle.__drizzle_migrations)`,
    )
    await reopened.close()
    const behind = await runDoctor({ DATA_DIR: dir })
    expect(about(behind, 'migrations')[0]).toMatchObject({
      level: 'warn',
      message: expect.stringMatching(/^1 pending/),
    })
  }, 120_000)
})
