import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey'
import type { TDidDocument } from '@vouched/shared/credentials'
import { asc, isNull, sql } from 'drizzle-orm'
import { createPrivateKey, sign } from 'node:crypto'
import type { Db } from '../../db/client'
import { issuerKeys } from '../../db/schema/index'

/**
 * The instance as an issuer (docs/decisions/135): a did:web identifier for PUBLIC_URL's host, Ed25519
 * keys kept in the database (the secret half never in a response), and the Profile credentials name.
 */

/** `did:web:host%3Aport[:path:segments]`, as did:web encodes PUBLIC_URL. */
export function didForUrl(publicUrl: string): string {
  const url = new URL(publicUrl)
  const host = url.port ? `${url.hostname}%3A${url.port}` : url.hostname
  const segments = url.pathname.split('/').filter(Boolean).map(encodeURIComponent)
  return ['did:web', host, ...segments].join(':')
}

/** Where did:web resolves the DID: `/.well-known/did.json` at the root, `/path/did.json` under a path. */
export function didDocumentUrl(publicUrl: string): string {
  const url = new URL(publicUrl)
  return url.pathname.replace(/\/+$/, '') === ''
    ? `${url.origin}/.well-known/did.json`
    : `${publicUrl.replace(/\/+$/, '')}/did.json`
}

export const keyId = (did: string, id: number) => `${did}#key-${id}`

/** The issuer Profile every credential names (Open Badges 3.0 `issuer`). */
export function issuerProfile(publicUrl: string) {
  const host = new URL(publicUrl).host
  return {
    id: didForUrl(publicUrl),
    type: ['Profile'],
    name: `Vouched (${host})`,
    url: publicUrl,
    description: `The Vouched network at ${host}: members vouch for one another's skills.`,
    image: { id: `${publicUrl}/favicon.svg`, type: 'Image' },
  }
}

export type PublicKey = { id: number; publicKeyMultibase: string; createdAt: Date; retiredAt: Date | null }

/** Every key ever used, oldest first, without its secret half. */
export function listPublicKeys(db: Db): Promise<PublicKey[]> {
  return db
    .select({
      id: issuerKeys.id,
      publicKeyMultibase: issuerKeys.publicKeyMultibase,
      createdAt: issuerKeys.createdAt,
      retiredAt: issuerKeys.retiredAt,
    })
    .from(issuerKeys)
    .orderBy(asc(issuerKeys.id))
}

async function newKeyRow() {
  const pair = await Ed25519Multikey.generate()
  const exported = await pair.export({ publicKey: true, secretKey: true })
  return { publicKeyMultibase: exported.publicKeyMultibase, secretKeyMultibase: exported.secretKeyMultibase! }
}

/**
 * The active key, made on first use. Instances starting together may both make one: the unique index
 * on the active key lets one insert win and the others read it.
 */
export async function findOrCreateActiveKey(db: Db) {
  const active = () => db.select().from(issuerKeys).where(isNull(issuerKeys.retiredAt)).limit(1)
  const [found] = await active()
  if (found) return found
  await db
    .insert(issuerKeys)
    .values(await newKeyRow())
    .onConflictDoNothing()
  const [made] = await active()
  return made!
}

/**
 * Retires the active key and makes a new one, in one transaction. The retired key stays in the DID
 * document, so credentials it signed keep verifying; new credentials are signed with the new one.
 * (A stolen key needs more than this: docs/decisions/135.)
 */
export async function rotateIssuerKey(db: Db): Promise<{ retired: number | null; active: number }> {
  const row = await newKeyRow()
  return db.transaction(async (tx) => {
    const retired = await tx
      .update(issuerKeys)
      .set({ retiredAt: sql`now()` })
      .where(isNull(issuerKeys.retiredAt))
      .returning({ id: issuerKeys.id })
    const [made] = await tx.insert(issuerKeys).values(row).returning({ id: issuerKeys.id })
    return { retired: retired[0]?.id ?? null, active: made!.id }
  })
}

/** The DID document: every key as a Multikey verification method, all usable for assertions. */
export function didDocument(publicUrl: string, keys: readonly PublicKey[]): TDidDocument {
  const did = didForUrl(publicUrl)
  const methods = keys.map((key) => ({
    id: keyId(did, key.id),
    type: 'Multikey' as const,
    controller: did,
    publicKeyMultibase: key.publicKeyMultibase,
  }))
  return {
    '@context': ['https://www.w3.org/ns/did/v1', 'https://w3id.org/security/multikey/v1'],
    id: did,
    verificationMethod: methods,
    assertionMethod: methods.map((method) => method.id),
    service: [{ id: `${did}#site`, type: 'LinkedDomains', serviceEndpoint: publicUrl }],
  }
}

/** How long an instance signs with the key it read before looking again (a rotation elsewhere). */
const KEY_MAX_AGE_MS = 60_000

export type Signing = { keyId: string; signer: Ed25519Multikey.Signer }

/**
 * The key pair's signer, with its secret half imported into node's crypto once. The library's own
 * signer (`pair.signer()`) re-imports the secret key from DER on every signature, a fifth of a
 * signature's CPU time; Ed25519 is deterministic, so both give the same bytes (docs/decisions/151).
 */
export async function signerFor(pair: Ed25519Multikey.KeyPair): Promise<Ed25519Multikey.Signer> {
  const raw = await pair.export({ publicKey: true, secretKey: true, raw: true, canonicalize: true })
  if (!raw.secretKey || !raw.publicKey) throw new Error(`The key ${pair.id} has no secret half to sign with`)
  const key = createPrivateKey({
    key: {
      kty: 'OKP',
      crv: 'Ed25519',
      d: Buffer.from(raw.secretKey).toString('base64url'),
      x: Buffer.from(raw.publicKey).toString('base64url'),
    },
    format: 'jwk',
  })
  return {
    id: pair.id,
    algorithm: 'Ed25519',
    sign: async ({ data }) => sign(null, data, key),
  }
}

/** The active key as a signer, read at most once a minute. */
export function createSigningKeys(db: Db, publicUrl: string) {
  const did = didForUrl(publicUrl)
  let held: { at: number; signing: Promise<Signing> } | undefined
  const load = async (): Promise<Signing> => {
    const row = await findOrCreateActiveKey(db)
    const pair = await Ed25519Multikey.from({
      id: keyId(did, row.id),
      controller: did,
      type: 'Multikey',
      publicKeyMultibase: row.publicKeyMultibase,
      secretKeyMultibase: row.secretKeyMultibase,
    })
    return { keyId: pair.id, signer: await signerFor(pair) }
  }
  return {
    did,
    active(): Promise<Signing> {
      if (!held || Date.now() - held.at > KEY_MAX_AGE_MS) {
        const signing = load()
        held = { at: Date.now(), signing }
        signing.catch(() => {
          if (held?.signing === signing) held = undefined
        })
      }
      return held.signing
    },
    /** Forget the held key (after a rotation through this instance). */
    forget() {
      held = undefined
    },
  }
}
