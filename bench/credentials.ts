/**
 * What signing one credential costs (issue 26: under 10 ms at the p99 on this machine): an
 * EndorsementCredential and an OpenBadgeCredential as the server builds them, each signed with a
 * DataIntegrityProof (eddsa-rdfc-2022: JSON-LD expansion, RDF canonicalisation, SHA-256, Ed25519),
 * one at a time on the event loop, after a warm-up. Prints p50, p99 and the maximum per kind.
 *
 *   npm run bench:credentials -- [--runs 2000]
 */
import { parseArgs } from 'node:util'
import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey'
import {
  medalCredential,
  vouchCredential,
} from '../apps/server/src/features/credentials/credentials.documents'
import { didForUrl, keyId } from '../apps/server/src/features/credentials/credentials.issuer'
import { createDocumentLoader } from '../apps/server/src/features/credentials/credentials.loader'
import { signCredential } from '../apps/server/src/features/credentials/credentials.service'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '2000' } } })
const runs = Math.max(100, Number(values.runs))
const WARM_UP = 200

const publicUrl = 'https://vouched.example'
const did = didForUrl(publicUrl)
const pair = await Ed25519Multikey.generate({ id: keyId(did, 1), controller: did })
const signer = pair.signer()
const loader = createDocumentLoader(async () => undefined)

const status = (index: number) => ({
  index,
  credentialId: '8c1f6d2e-4b7a-4f3e-9d51-0a6b2c3d4e5f',
  createdAt: '2026-11-20T10:00:00.000Z',
})
const kinds = {
  EndorsementCredential: (i: number) =>
    vouchCredential(
      publicUrl,
      {
        id: i,
        toUserId: 2,
        fromUserId: 1,
        category: 'Leadership',
        note: `Led our migration to the new platform, run ${i}, with care and patience.`,
        relationship: 'worked-together',
        level: 'expert',
        createdAt: '2026-11-20T10:00:00.000Z',
        isPublic: true,
        fromUsername: 'alice',
        fromFullName: 'Alice Martin',
        toUsername: 'bob',
        toFullName: 'Bob Durand',
        hashtags: ['Kubernetes', 'Mentoring', 'Rust'],
        fingerprint: 'x',
      },
      status(i),
    ),
  OpenBadgeCredential: (i: number) =>
    medalCredential(
      publicUrl,
      {
        id: i,
        userId: 2,
        skillName: 'Kubernetes',
        tier: 'gold',
        endorsementCount: 41,
        username: 'bob',
        fullName: 'Bob Durand',
      },
      status(i),
    ),
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!
const ms = (value: number) => `${value.toFixed(2)} ms`

for (const [kind, build] of Object.entries(kinds)) {
  for (let i = 0; i < WARM_UP; i += 1) await signCredential(build(i), signer, loader)
  const times: number[] = []
  const cpu: number[] = []
  for (let i = 0; i < runs; i += 1) {
    const credential = build(i)
    const started = performance.now()
    const cpuStarted = process.cpuUsage()
    await signCredential(credential, signer, loader)
    const used = process.cpuUsage(cpuStarted)
    times.push(performance.now() - started)
    cpu.push((used.user + used.system) / 1000)
  }
  times.sort((a, b) => a - b)
  cpu.sort((a, b) => a - b)
  // Wall time counts the moments the process waited for a core (a busy machine); CPU time does not.
  console.log(
    `${kind.padEnd(22)} ${runs} signatures: wall p50 ${ms(percentile(times, 0.5))}, p99 ${ms(percentile(times, 0.99))}, max ${ms(times.at(-1)!)}; ` +
      `CPU p50 ${ms(percentile(cpu, 0.5))}, p99 ${ms(percentile(cpu, 0.99))}`,
  )
}
