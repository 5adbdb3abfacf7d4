import { DataIntegrityProof } from '@digitalbazaar/data-integrity'
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite'
import * as vc from '@digitalbazaar/vc'
import type { DocumentLoader } from '@digitalbazaar/vc'
import * as statusLists from '@digitalbazaar/vc-bitstring-status-list'
import {
  CREDENTIAL_MESSAGES,
  STATUS_PURPOSES,
  type TDidDocument,
  type TStatusPurpose,
  type TVerifiableCredential,
} from '@vouched/shared/credentials'
import type { FastifyInstance } from 'fastify'
import { createHash } from 'node:crypto'
import type { Cache, StaleOn } from '../../core/cache'
import { AppError } from '../../core/errors'
import type { Db } from '../../db/client'
import { bakePng, bakeSvg } from './credentials.baking'
import { createDocumentLoader } from './credentials.loader'
import { medalCredential, STATUS_LIST_LENGTH, statusListUrl, vouchCredential } from './credentials.documents'
import {
  createSigningKeys,
  didDocument,
  listPublicKeys,
  rotateIssuerKey,
  type Signing,
} from './credentials.issuer'
import {
  allocateMedalStatus,
  allocateVouchStatus,
  findMedalSource,
  findVouchSource,
  listMedalIds,
  listPublicVouchIds,
  listSetBits,
} from './credentials.queries'
import { verifyCredential, type Verifier } from './credentials.verify'

/**
 * Issuing, caching and checking this instance's credentials (issue 26). Credentials are signed on
 * demand and held in the one cache module; an entry is stale on the changes that alter what it states
 * (the endorsement's receiver's endorsements, either member's row). Status lists are stale on any
 * endorsement or member change: their bits are read from the current rows (docs/decisions/137).
 */
export type Credentials = {
  did: string
  didDocument: () => Promise<TDidDocument>
  /** A public endorsement's credential; 404 for anonymous, hidden, pending or missing ones. */
  vouch: (id: number) => Promise<TVerifiableCredential>
  /** Who gave and who received a public endorsement (for the route's block check). */
  vouchMembers: (id: number) => Promise<{ fromUserId: number; toUserId: number }>
  /** A medal's credential at its current tier; 404 when no such medal is held. */
  medal: (id: number) => Promise<TVerifiableCredential>
  /** Credentials of these medals that are held, in the given order (a badge's). */
  medals: (ids: readonly number[]) => Promise<TVerifiableCredential[]>
  /** The member's medal and public endorsement credentials (their data export). */
  ofMember: (
    userId: number,
  ) => Promise<{ medals: TVerifiableCredential[]; endorsements: TVerifiableCredential[] }>
  statusList: (purpose: TStatusPurpose, list: number) => Promise<TVerifiableCredential>
  verify: Verifier
  /** The badge PNG carrying the credentials (an iTXt chunk each). */
  bakePng: (png: Buffer, credentials: readonly TVerifiableCredential[]) => Buffer
  /** The badge SVG carrying the credentials (an `openbadges:credential` element each). */
  bakeSvg: (svg: string, credentials: readonly TVerifiableCredential[]) => string
  /** Retires the active key and signs with a new one from now on (decision 135). */
  rotateKey: () => Promise<{ retired: number | null; active: number }>
}

type Held = {
  credential: TVerifiableCredential
  staleOn: StaleOn[]
  members?: { fromUserId: number; toUserId: number }
}

const CREDENTIALS_HELD = 5_000
const CREDENTIALS_BYTES = 24 * 1024 * 1024
/** Nothing but a change the channel names makes a credential stale: the hour only lets unused ones go. */
const CREDENTIAL_MAX_AGE_MS = 3_600_000

/** Signatures held by what they sign: as many as the credentials, kept a day (nothing makes them stale). */
export const SIGNATURES_HELD = CREDENTIALS_HELD
export const SIGNATURES_BYTES = CREDENTIALS_BYTES
export const SIGNATURE_MAX_AGE_MS = 86_400_000
export const signatureCacheOptions = {
  name: 'credential-signatures',
  maxEntries: SIGNATURES_HELD,
  maxBytes: SIGNATURES_BYTES,
  sizeOf: (credential: TVerifiableCredential) => JSON.stringify(credential).length,
  ttlMs: SIGNATURE_MAX_AGE_MS,
  staleOn: () => [],
}

/** A DataIntegrityProof with eddsa-rdfc-2022 for assertions: the one way credentials are signed. */
export async function signCredential(
  credential: object,
  signer: Signing['signer'],
  documentLoader: DocumentLoader,
): Promise<TVerifiableCredential> {
  const suite = new DataIntegrityProof({ signer, cryptosuite })
  return (await vc.issue({ credential, suite, documentLoader })) as TVerifiableCredential
}

/**
 * Signs a credential once per content and key (docs/decisions/151): the signed credential is held under
 * the SHA-256 of the unsigned JSON and the key id, so a credential rebuilt after a change that did not
 * alter what it states (another endorsement of the same member, a like) gets its signature back instead
 * of a new one. A changed field, a new status entry or a rotated key is another key, hence a signature.
 */
export async function signOnce(
  signatures: Cache<string, TVerifiableCredential>,
  signing: Signing,
  credential: object,
  documentLoader: DocumentLoader,
): Promise<TVerifiableCredential> {
  const digest = createHash('sha256').update(JSON.stringify(credential)).digest('base64url')
  const signed = await signatures.fetch(`${signing.keyId} ${digest}`, () =>
    signCredential(credential, signing.signer, documentLoader),
  )
  return signed!
}

const byInstance = new WeakMap<object, Credentials>()

/** The credentials of this instance: one per app (its cache is shared by the badge and credential routes). */
export function credentialsFor(app: FastifyInstance): Credentials {
  let made = byInstance.get(app.cacheInvalidation)
  if (!made) {
    made = createCredentials(app)
    byInstance.set(app.cacheInvalidation, made)
  }
  return made
}

function createCredentials(app: FastifyInstance): Credentials {
  const db: Db = app.db
  const publicUrl = app.config.publicUrl
  const keys = createSigningKeys(db, publicUrl)
  const did = keys.did
  const cache = app.cacheInvalidation.createCache<string, Held>({
    name: 'credentials',
    maxEntries: CREDENTIALS_HELD,
    maxBytes: CREDENTIALS_BYTES,
    sizeOf: (held) => JSON.stringify(held.credential).length,
    ttlMs: CREDENTIAL_MAX_AGE_MS,
    staleOn: (held) => held.staleOn,
  })

  const signatures = app.cacheInvalidation.createCache<string, TVerifiableCredential>(signatureCacheOptions)

  /** Vouch and medal credentials: the same content is not signed twice (decision 151). */
  const sign = async (credential: object) =>
    signOnce(signatures, await keys.active(), credential, documentLoader)

  const didDoc = async () => {
    // The first key is made on the first need of it: a DID document always names one.
    await keys.active()
    return didDocument(publicUrl, await listPublicKeys(db))
  }

  /** This instance's own documents, resolved without a request: its DID, its keys, its status lists. */
  const resolveLocal = async (url: string): Promise<unknown> => {
    if (url === did) return didDoc()
    if (url.startsWith(`${did}#`)) {
      const method = (await didDoc()).verificationMethod.find((m) => m.id === url)
      return method && { '@context': 'https://w3id.org/security/multikey/v1', ...method }
    }
    const prefix = `${publicUrl}/api/credentials/status/`
    if (url.startsWith(prefix)) {
      const [purpose, list, ...rest] = url.slice(prefix.length).split('/')
      const number = Number(list)
      if (
        rest.length ||
        !STATUS_PURPOSES.includes(purpose as TStatusPurpose) ||
        !Number.isInteger(number) ||
        number < 1
      )
        return undefined
      return statusList(purpose as TStatusPurpose, number)
    }
    return undefined
  }
  const documentLoader = createDocumentLoader(resolveLocal)

  const heldVouch = async (id: number) => {
    const held = await cache.fetch(`vouch:${id}`, async (): Promise<Held | undefined> => {
      const source = await findVouchSource(db, id)
      if (!source?.isPublic) return undefined
      const status = await allocateVouchStatus(db, source)
      return {
        credential: await sign(vouchCredential(publicUrl, source, status)),
        staleOn: [
          `endorsement:${source.toUserId}`,
          `member:${source.toUserId}`,
          `member:${source.fromUserId}`,
        ],
        members: { fromUserId: source.fromUserId, toUserId: source.toUserId },
      }
    })
    if (!held) throw new AppError('NOT_FOUND', CREDENTIAL_MESSAGES.vouchNotPublic, 404)
    return held
  }
  const vouch = async (id: number) => (await heldVouch(id)).credential

  const findMedal = async (id: number) =>
    (
      await cache.fetch(`medal:${id}`, async (): Promise<Held | undefined> => {
        const source = await findMedalSource(db, id)
        if (!source) return undefined
        const status = await allocateMedalStatus(db, source)
        return {
          credential: await sign(medalCredential(publicUrl, source, status)),
          staleOn: [`endorsement:${source.userId}`, `member:${source.userId}`],
        }
      })
    )?.credential

  const medal = async (id: number) => {
    const found = await findMedal(id)
    if (!found) throw new AppError('NOT_FOUND', CREDENTIAL_MESSAGES.medalNotHeld, 404)
    return found
  }

  const medals = async (ids: readonly number[]) =>
    (await Promise.all(ids.map(findMedal))).filter((c): c is TVerifiableCredential => c !== undefined)

  async function statusList(purpose: TStatusPurpose, list: number): Promise<TVerifiableCredential> {
    const held = await cache.fetch(`status:${purpose}:${list}`, async (): Promise<Held> => {
      const from = (list - 1) * STATUS_LIST_LENGTH
      const bits = await statusLists.createList({ length: STATUS_LIST_LENGTH })
      for (const index of await listSetBits(db, purpose, from, from + STATUS_LIST_LENGTH)) {
        bits.setStatus(index - from, true)
      }
      const unsigned = await statusLists.createCredential({
        id: statusListUrl(publicUrl, purpose, list),
        list: bits,
        statusPurpose: purpose,
      })
      // Its `validFrom` is now: every status list signed is a new one (they change with any bit anyway).
      const credential = await signCredential(
        { ...unsigned, issuer: did, validFrom: new Date().toISOString() },
        (await keys.active()).signer,
        documentLoader,
      )
      return { credential, staleOn: ['endorsement', 'member'] }
    })
    return held!.credential
  }

  return {
    did,
    didDocument: didDoc,
    vouch,
    vouchMembers: async (id) => (await heldVouch(id)).members!,
    medal,
    medals,
    async ofMember(userId) {
      const [medalIds, vouchIds] = await Promise.all([
        listMedalIds(db, userId),
        listPublicVouchIds(db, userId),
      ])
      return {
        medals: await medals(medalIds),
        endorsements: (await Promise.all(vouchIds.map((id) => vouch(id).catch(() => undefined)))).filter(
          (c): c is TVerifiableCredential => c !== undefined,
        ),
      }
    },
    statusList,
    verify: (input) =>
      verifyCredential(input, {
        did,
        documentLoader,
        keyIds: async () => (await didDoc()).verificationMethod.map((m) => m.id),
      }),
    bakePng,
    bakeSvg,
    async rotateKey() {
      const rotated = await rotateIssuerKey(db)
      keys.forget()
      return rotated
    },
  }
}
