/**
 * The whole benchmark data set: generate-data.ts (members, endorsements, tags, likes, comments and
 * every counter) then social-data.ts (connections and notifications), into the database that
 * BENCH_DATABASE_URL / BENCH_PGLITE_DIR name. Connections and notifications scale with the members
 * as in issue 8 (100k members: 300k connections, 2M notifications).
 *
 *   npx tsx bench/generate-all.ts [--engine postgres|pglite] [--members 100000] [--endorsements 1000000]
 */
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { openDatabase } from '../apps/server/src/db/client'
import { BENCH_DATABASE_URL, BENCH_PGLITE_DIR, generateData, type Engine } from './generate-data'
import { addSocialData } from './social-data'

/** Written in the PGlite directory once everything is in: a half-generated directory is regenerated. */
export const PGLITE_COMPLETE = 'generated.json'

export async function generateAll({
  engine,
  members,
  endorsements,
}: {
  engine: Engine
  members: number
  endorsements: number
}) {
  await generateData({ engine, members, endorsements })
  const database =
    engine === 'postgres'
      ? await openDatabase({ databaseUrl: BENCH_DATABASE_URL, poolSize: 1 })
      : await openDatabase({ dataDir: BENCH_PGLITE_DIR })
  try {
    await addSocialData(database.db, { members, connections: members * 3, notifications: members * 20 })
  } finally {
    await database.close()
  }
  if (engine === 'pglite') {
    await writeFile(
      path.join(BENCH_PGLITE_DIR, PGLITE_COMPLETE),
      `${JSON.stringify({ members, endorsements })}\n`,
    )
  }
}

if (import.meta.filename === process.argv[1]) {
  const { values } = parseArgs({
    options: {
      engine: { type: 'string', default: 'postgres' },
      members: { type: 'string', default: '100000' },
      endorsements: { type: 'string', default: '1000000' },
    },
  })
  await generateAll({
    engine: values.engine === 'pglite' ? 'pglite' : 'postgres',
    members: Number(values.members),
    endorsements: Number(values.endorsements),
  })
}
