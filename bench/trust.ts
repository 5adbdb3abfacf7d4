/**
 * How long a full trust recompute takes (issue 25, point 5: under 30 s at 100k members and 1M
 * endorsements). Two parts:
 *
 * - in memory: computeTrust alone on a generated graph of --members and --endorsements;
 * - database: the recompute the server runs (read the graph, compute, rewrite trust_scores in one
 *   transaction), on the PostgreSQL database BENCH_DATABASE_URL names, as generate-data.ts leaves it.
 *
 *   npm run bench:trust -- [--members 100000] [--endorsements 1000000] [--runs 3] [--memory-only]
 *   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/vouched_trustrank npm run bench:trust
 */
import { parseArgs } from 'node:util'
import { openDatabase } from '../apps/server/src/db/client'
import { readTrustGraph, writeTrustScores } from '../apps/server/src/features/trust/trust.queries'
import { computeTrust, type TrustGraph } from '../apps/server/src/features/trust/trust.rank'
import { recomputeTrust } from '../apps/server/src/features/trust/trust.service'
import { BENCH_DATABASE_URL } from './generate-data'

const { values } = parseArgs({
  options: {
    members: { type: 'string', default: '100000' },
    endorsements: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '3' },
    'memory-only': { type: 'boolean', default: false },
  },
})
const runs = Math.max(1, Number(values.runs))

/** Thrown to roll the timed phases back: the committed recompute is timed separately. */
class RollBack extends Error {}

const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[xs.length >> 1]!

/** Endorsements favouring the already endorsed (a few members get many), as in a real network. */
function generatedGraph(members: number, endorsements: number): TrustGraph {
  let state = 12345
  const random = () => ((state = (state * 16807) % 2147483647) - 1) / 2147483646
  const from = new Int32Array(endorsements)
  const to = new Int32Array(endorsements)
  for (let e = 0; e < endorsements; e++) {
    from[e] = Math.floor(random() * members)
    to[e] = random() < 0.5 && e > 0 ? to[Math.floor(random() * e)]! : Math.floor(random() * members)
  }
  const seeds = Int32Array.from({ length: Math.ceil(members / 30) }, (_, k) => k * 30)
  return { nodeCount: members, from, to, seeds }
}

const members = Number(values.members)
const endorsements = Number(values.endorsements)
const graph = generatedGraph(members, endorsements)
const memory: number[] = []
let iterations = 0
for (let run = 0; run < runs; run++) {
  const started = performance.now()
  iterations = computeTrust(graph).iterations
  memory.push(performance.now() - started)
}
console.log(
  `in memory: ${members} members, ${endorsements} endorsements: computeTrust ${seconds(median(memory))} ` +
    `(median of ${runs}, ${iterations} iterations)`,
)

if (!values['memory-only']) {
  const database = await openDatabase({ databaseUrl: BENCH_DATABASE_URL, poolSize: 2 })
  try {
    // The phases, timed one by one inside one transaction as the service runs them (rolled back).
    const phases = { read: 0, compute: 0, write: 0 }
    let size = { members: 0, endorsements: 0, seeds: 0 }
    await database.db
      .transaction(async (tx) => {
        let mark = performance.now()
        const loaded = await readTrustGraph(tx)
        phases.read = performance.now() - mark
        mark = performance.now()
        const result = computeTrust(loaded.graph)
        phases.compute = performance.now() - mark
        mark = performance.now()
        await writeTrustScores(tx, loaded, result, new Date())
        phases.write = performance.now() - mark
        size = {
          members: loaded.userIds.length,
          endorsements: loaded.endorsements,
          seeds: loaded.graph.seeds.length,
        }
        throw new RollBack()
      })
      .catch((error: unknown) => {
        if (!(error instanceof RollBack)) throw error
      })
    console.log(
      `database (${BENCH_DATABASE_URL.replace(/\/\/[^@]*@/, '//')}): ${size.members} members, ` +
        `${size.endorsements} trust-carrying endorsement pairs, ${size.seeds} seeds`,
    )
    console.log(
      `  read ${seconds(phases.read)}, compute ${seconds(phases.compute)}, write ${seconds(phases.write)}`,
    )
    const totals: number[] = []
    for (let run = 0; run < runs; run++) {
      const started = performance.now()
      const result = await recomputeTrust(database.db)
      if (!result.computed) throw new Error('Another process holds the trust lock')
      totals.push(performance.now() - started)
    }
    console.log(
      `  full recompute (recomputeTrust, committed): ${seconds(median(totals))} (median of ${runs})`,
    )
  } finally {
    await database.close()
  }
}
