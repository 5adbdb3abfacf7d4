/**
 * What signing one credential costs (issue 26: under 10 ms at the p99 on this machine): an
 * EndorsementCredential and an OpenBadgeCredential as the server builds them, each signed with a
 * DataIntegrityProof (eddsa-rdfc-2022: JSON-LD expansion, RDF canonicalisation, SHA-256, Ed25519)
 * through the server's own `signCredential` and signer, one at a time on the event loop, after a
 * warm-up. Every signature is of a different credential (other members, skills, notes, tiers, ids):
 * nothing is cached between them but what the server keeps across all credentials (the packaged
 * contexts, the key). Prints p50, p99 and the maximum per kind, wall-clock and CPU, and what the
 * slow ones met: a garbage collection during the signature, or the process made to wait for a core
 * (an involuntary context switch, i.e. a busy machine).
 *
 *   npm run bench:credentials -- [--runs 2000] [--pace 0]
 *
 * --pace N waits N ms before each measured signature, as a server does between the requests that
 * sign (a cache miss): a process that sleeps is scheduled at once when it wakes, one that never
 * sleeps is the first to be made to wait on a busy machine.
 *
 * Run it as production runs the server: `npm start` passes no V8 flag (docs/decisions/151).
 */
import { loadavg } from 'node:os'
import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks'
import { parseArgs } from 'node:util'
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey'
import {
  CATEGORIES,
  LEVELS,
  MEDAL_THRESHOLDS,
  MEDAL_TIERS,
  RELATIONSHIPS,
} from '@vouched/shared/endorsements'
import {
  medalCredential,
  vouchCredential,
} from '../apps/server/src/features/credentials/credentials.documents'
import { didForUrl, keyId, signerFor } from '../apps/server/src/features/credentials/credentials.issuer'
import { createDocumentLoader } from '../apps/server/src/features/credentials/credentials.loader'
import {
  signatureCacheOptions,
  signCredential,
  signOnce,
} from '../apps/server/src/features/credentials/credentials.service'
import { createCache } from '../apps/server/src/core/cache'
import * as statusLists from '@digitalbazaar/vc-bitstring-status-list'
import {
  STATUS_LIST_LENGTH,
  statusListUrl,
} from '../apps/server/src/features/credentials/credentials.documents'
import type { TVerifiableCredential } from '@vouched/shared/credentials'

const { values } = parseArgs({
  options: { runs: { type: 'string', default: '2000' }, pace: { type: 'string', default: '0' } },
})
const runs = Math.max(100, Number(values.runs))
/** Milliseconds idle before each measured signature: 0 signs back to back (the process never sleeps). */
const pace = Math.max(0, Number(values.pace))
const idle = () => (pace ? new Promise((resolve) => setTimeout(resolve, pace)) : undefined)
const WARM_UP = 200

const publicUrl = 'https://vouched.example'
const did = didForUrl(publicUrl)
const pair = await Ed25519Multikey.generate({ id: keyId(did, 1), controller: did })
const signer = await signerFor(pair)
const loader = createDocumentLoader(async () => undefined)

const FIRST = [
  'Alice',
  'Bruno',
  'Chloé',
  'Dmitri',
  'Eun-ji',
  'Farid',
  'Grace',
  'Hugo',
  'Ines',
  'Jonas',
  'Kofi',
]
const LAST = ['Martin', 'Durand', 'Okafor', 'Nakamura', 'Silva', 'Larsen', 'Haddad', 'Kowalski', 'Nguyen']
const SKILLS = ['Kubernetes', 'Rust', 'Mentoring', 'PostgreSQL', 'Design', 'Accessibility', 'Go', 'Hiring']
const pick = <T>(list: readonly T[], i: number) => list[i % list.length]!
const member = (i: number) => ({
  username: `${pick(FIRST, i)
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z]/g, '')}${i}`,
  fullName: i % 5 === 0 ? null : `${pick(FIRST, i)} ${pick(LAST, i * 7)}`,
})
/** A distinct uuid per credential, as the status rows hand out. */
const uuid = (i: number) =>
  `${(0x8c1f6d2e + i).toString(16).padStart(8, '0').slice(-8)}-4b7a-4f3e-9d51-${i.toString(16).padStart(12, '0')}`
const status = (i: number) => ({
  index: (i * 7919) % 1_000_000,
  credentialId: uuid(i),
  createdAt: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString(),
})

const kinds: Record<string, (i: number) => object> = {
  EndorsementCredential: (i: number) => {
    const from = member(i)
    const to = member(i + 1)
    return vouchCredential(
      publicUrl,
      {
        id: i,
        toUserId: i + 1,
        fromUserId: i,
        category: pick(CATEGORIES, i),
        note:
          i % 4 === 0
            ? null
            : `Worked with ${to.fullName ?? to.username} on release ${i}: ${pick(SKILLS, i * 3)} done with care.`,
        relationship: i % 3 === 0 ? null : pick(RELATIONSHIPS, i),
        level: i % 6 === 0 ? null : pick(LEVELS, i),
        createdAt: status(i).createdAt,
        isPublic: true,
        fromUsername: from.username,
        fromFullName: from.fullName,
        toUsername: to.username,
        toFullName: to.fullName,
        hashtags: SKILLS.slice(i % SKILLS.length, (i % SKILLS.length) + (i % 4)),
        fingerprint: String(i),
      },
      status(i),
    )
  },
  OpenBadgeCredential: (i: number) => {
    const holder = member(i)
    const tier = pick(MEDAL_TIERS, i)
    return medalCredential(
      publicUrl,
      {
        id: i,
        userId: i,
        skillName: `${pick(SKILLS, i)}${i % 3 ? '' : i}`,
        tier,
        endorsementCount: MEDAL_THRESHOLDS[tier] + (i % 9),
        username: holder.username,
        fullName: holder.fullName,
      },
      status(i),
    )
  },
}

/** A status list as the server signs one (any endorsement change signs its list anew): distinct bits each time. */
async function statusListCredential(i: number) {
  const list = await statusLists.createList({ length: STATUS_LIST_LENGTH })
  for (let bit = 0; bit < 40; bit += 1) list.setStatus((i * 131 + bit * 2_027) % STATUS_LIST_LENGTH, true)
  const unsigned = await statusLists.createCredential({
    id: statusListUrl(publicUrl, 'revocation', 1 + (i % 3)),
    list,
    statusPurpose: 'revocation',
  })
  return { ...unsigned, issuer: did, validFrom: new Date(Date.UTC(2026, 0, 1) + i * 1000).toISOString() }
}

const percentile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]! : NaN
const ms = (value: number) => `${value.toFixed(2)} ms`
const share = (count: number, of: number) => `${((100 * count) / of).toFixed(1)}%`

const collections: PerformanceEntry[] = []
const observer = new PerformanceObserver((list) => collections.push(...list.getEntries()))
observer.observe({ entryTypes: ['gc'] })

type Sample = { wall: number; cpu: number; start: number; waited: boolean }
async function measure(sign: () => Promise<unknown>): Promise<Sample> {
  const switches = process.resourceUsage().involuntaryContextSwitches
  const cpuStarted = process.cpuUsage()
  const start = performance.now()
  await sign()
  const wall = performance.now() - start
  const used = process.cpuUsage(cpuStarted)
  const waited = process.resourceUsage().involuntaryContextSwitches > switches
  return { wall, cpu: (used.user + used.system) / 1000, start, waited }
}

async function report(label: string, samples: Sample[]) {
  // Let the observer hear the last collections before matching them to the signatures.
  await new Promise((resolve) => setTimeout(resolve, 20))
  const collected = (s: Sample) =>
    collections.some((gc) => gc.startTime < s.start + s.wall && gc.startTime + gc.duration > s.start)
  const sorted = (list: Sample[], of: (s: Sample) => number) => list.map(of).sort((a, b) => a - b)
  const wall = sorted(samples, (s) => s.wall)
  const cpu = sorted(samples, (s) => s.cpu)
  const undisturbed = sorted(
    samples.filter((s) => !s.waited && !collected(s)),
    (s) => s.wall,
  )
  const slowest = [...samples].sort((a, b) => b.wall - a.wall).slice(0, Math.ceil(samples.length / 100))
  const n = samples.length
  // Wall time counts the moments the process waited for a core (a busy machine); CPU time does not,
  // but it does count the garbage collector's helper threads.
  console.log(
    `${label.padEnd(30)} ${n}: wall p50 ${ms(percentile(wall, 0.5))}, p99 ${ms(percentile(wall, 0.99))}, max ${ms(wall.at(-1)!)}; ` +
      `CPU p50 ${ms(percentile(cpu, 0.5))}, p99 ${ms(percentile(cpu, 0.99))}`,
  )
  console.log(
    `${''.padEnd(30)} during a collection ${share(samples.filter(collected).length, n)}, made to wait for a core ${share(samples.filter((s) => s.waited).length, n)}; ` +
      `of the slowest 1%: ${share(slowest.filter(collected).length, slowest.length)} collection, ${share(slowest.filter((s) => s.waited).length, slowest.length)} waited; ` +
      `neither: ${undisturbed.length}, p99 ${ms(percentile(undisturbed, 0.99))}`,
  )
}

console.log(
  `load average at start ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
)
const signing = { keyId: pair.id, signer }
let offset = 0
for (const [kind, build] of Object.entries(kinds)) {
  // The server's path for vouches and medals: signed once per content and key (decision 151).
  const signatures = createCache<string, TVerifiableCredential>(signatureCacheOptions)
  for (let i = 0; i < WARM_UP; i += 1) await signOnce(signatures, signing, build(offset + i), loader)
  offset += WARM_UP
  const signed: Sample[] = []
  for (let i = 0; i < runs; i += 1) {
    const credential = build(offset + i)
    await idle()
    signed.push(await measure(() => signOnce(signatures, signing, credential, loader)))
  }
  await report(`${kind} signed`, signed)
  // The same credentials rebuilt (after a change that did not alter them): hits, reported apart.
  const rebuilt: Sample[] = []
  for (let i = 0; i < runs; i += 1) {
    const credential = build(offset + i)
    await idle()
    rebuilt.push(await measure(() => signOnce(signatures, signing, credential, loader)))
  }
  offset += runs
  if (signatures.stats.hits < runs) throw new Error(`${kind}: a rebuilt credential was signed again`)
  await report(`${kind} rebuilt, not re-signed`, rebuilt)
}

// Status lists are signed anew on every change of their bits.
for (let i = 0; i < WARM_UP; i += 1) await signCredential(await statusListCredential(i), signer, loader)
const lists: Sample[] = []
for (let i = 0; i < runs; i += 1) {
  const credential = await statusListCredential(WARM_UP + i)
  await idle()
  lists.push(await measure(() => signCredential(credential, signer, loader)))
}
await report('BitstringStatusListCredential', lists)
observer.disconnect()
console.log(
  `load average at end ${loadavg()
    .map((l) => l.toFixed(1))
    .join(' ')}`,
)
