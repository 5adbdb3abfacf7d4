import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { migrateDatabase, openDatabase } from '../src/db/client'

declare module 'vitest' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  export interface ProvidedContext {
    /** PGlite runs: a dump of a migrated database that each test file starts from. */
    pgliteDump: string
    /** PostgreSQL runs: a migrated template database that each test file clones. */
    templateDatabaseUrl: string
  }
}

// One template per run: runs side by side (two worktrees, two CI jobs) on one server never drop each other's.
const TEMPLATE = `vouched_test_template_${process.pid}`

/** Migrates once per run: a fresh PGlite costs seconds, a clone of a migrated one a fraction of that. */
export default async function setup(project: TestProject) {
  const databaseUrl = process.env.DATABASE_URL
  if (databaseUrl) {
    const admin = new pg.Client({ connectionString: databaseUrl })
    await admin.connect()
    await admin.query(`drop database if exists ${TEMPLATE} with (force)`)
    await admin.query(`create database ${TEMPLATE}`)
    await admin.end()
    const url = new URL(databaseUrl)
    url.pathname = `/${TEMPLATE}`
    const database = await openDatabase({ databaseUrl: url.toString(), poolSize: 1 })
    await migrateDatabase(database)
    await database.close()
    project.provide('templateDatabaseUrl', url.toString())
    project.provide('pgliteDump', '')
    return async () => {
      const drop = new pg.Client({ connectionString: databaseUrl })
      await drop.connect()
      await drop.query(`drop database if exists ${TEMPLATE} with (force)`)
      await drop.end()
    }
  }
  const database = await openDatabase({ dataDir: undefined })
  await migrateDatabase(database)
  const dump = await database.pglite!.dumpDataDir('none')
  await database.close()
  const dir = path.resolve(import.meta.dirname, '../../../node_modules/.cache/vouched-test')
  await mkdir(dir, { recursive: true })
  const file = path.join(dir, `pglite-${process.pid}.tar`)
  await writeFile(file, Buffer.from(await dump.arrayBuffer()))
  project.provide('pgliteDump', file)
  project.provide('templateDatabaseUrl', '')
}
