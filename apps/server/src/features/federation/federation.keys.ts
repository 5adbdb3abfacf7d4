import { exportJwk, generateCryptoKeyPair, importJwk } from '@fedify/fedify'
import { and, asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { federationKeys } from '../../db/schema/index'
import { createSecretBox } from '../../core/secret-box'

const KINDS = [
  // HTTP Signatures (what Mastodon checks) need RSA; Object Integrity Proofs use Ed25519.
  { kind: 'rsa', generate: generateRsaKeyPair },
  { kind: 'ed25519', generate: () => generateCryptoKeyPair('Ed25519') },
] as const

/**
 * RSA of 2048 bits, as Mastodon's own actors have: fedify's generator makes 4096-bit keys, which take
 * seconds of CPU to make and sign with.
 */
async function generateRsaKeyPair() {
  return (await crypto.subtle.generateKey(
    {
      name: 'RSASSA-PKCS1-v1_5',
      modulusLength: 2048,
      publicExponent: new Uint8Array([1, 0, 1]),
      hash: 'SHA-256',
    },
    true,
    ['sign', 'verify'],
  )) as Awaited<ReturnType<typeof generateCryptoKeyPair>>
}

type Key = Awaited<ReturnType<typeof importJwk>>
type Jwk = Parameters<typeof importJwk>[0]
export type ActorKeyPair = { privateKey: Key; publicKey: Key }

/**
 * A member's signing keys, made the first time they are needed and kept in the database with the
 * private half sealed under the server's secret (docs/decisions/149): a copy of the database alone
 * cannot sign as anyone.
 */
export function createActorKeys(db: Db, serverSecret: string) {
  const box = createSecretBox(serverSecret, 'federation-actor-keys')

  async function read(
    userId: number,
  ): Promise<{ pairs: ActorKeyPair[]; kinds: string[]; unreadable: number[] }> {
    const rows = await db
      .select()
      .from(federationKeys)
      .where(eq(federationKeys.userId, userId))
      .orderBy(asc(federationKeys.id))
    const pairs: ActorKeyPair[] = []
    const unreadable: number[] = []
    const kinds: string[] = []
    for (const { kind } of KINDS) {
      const row = rows.find((r) => r.kind === kind)
      if (!row) continue
      const privateJwk = box.open(row.sealedPrivateJwk)
      // Sealed under another secret (SESSION_SECRET changed): useless, made anew.
      if (!privateJwk) {
        unreadable.push(row.id)
        continue
      }
      kinds.push(kind)
      pairs.push({
        publicKey: await importJwk(row.publicJwk as Jwk, 'public'),
        privateKey: await importJwk(JSON.parse(privateJwk) as Jwk, 'private'),
      })
    }
    return { pairs, kinds, unreadable }
  }

  return {
    /** The member's key pairs, RSA first; made (once, even when instances race) if missing. */
    async pairsOf(userId: number): Promise<ActorKeyPair[]> {
      const kept = await read(userId)
      if (kept.pairs.length === KINDS.length) return kept.pairs
      if (kept.unreadable.length > 0) {
        await db.delete(federationKeys).where(inArray(federationKeys.id, kept.unreadable))
      }
      for (const { kind, generate } of KINDS) {
        if (kept.kinds.includes(kind)) continue
        const pair = await generate()
        await db
          .insert(federationKeys)
          .values({
            userId,
            kind,
            publicJwk: await exportJwk(pair.publicKey),
            sealedPrivateJwk: box.seal(JSON.stringify(await exportJwk(pair.privateKey))),
          })
          .onConflictDoNothing()
      }
      return (await read(userId)).pairs
    },
    /** The member's keys if they have any, never making new ones. */
    async existingPairsOf(userId: number): Promise<ActorKeyPair[]> {
      return (await read(userId)).pairs
    },
    async forget(userId: number, kind?: 'rsa' | 'ed25519') {
      await db
        .delete(federationKeys)
        .where(and(eq(federationKeys.userId, userId), kind ? eq(federationKeys.kind, kind) : undefined))
    },
  }
}

export type ActorKeys = ReturnType<typeof createActorKeys>
