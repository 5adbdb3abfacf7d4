import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey'
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite'
import * as statusLists from '@digitalbazaar/vc-bitstring-status-list'
import { OB_V3_CONTEXT, VC_V2_CONTEXT } from '@vouched/shared/credentials'
import { createRequire } from 'node:module'
import { afterAll, describe, expect, it } from 'vitest'
import { medalCredential, statusListUrl, vouchCredential } from './credentials.documents'
import { didDocument, didForUrl, keyId, signerFor } from './credentials.issuer'
import { CopyOnWriteMap, jsonldIsChecked, layerFlags, shareTermDefinitions } from './credentials.jsonld'
import { createDocumentLoader } from './credentials.loader'

/** The jsonld the cryptosuite uses, and the internals the sharing changes (one copy in the tree). */
const require = createRequire(
  createRequire(import.meta.url).resolve('@digitalbazaar/eddsa-rdfc-2022-cryptosuite'),
)
const jsonldDir = require.resolve('jsonld/package.json').replace(/package\.json$/, '')
const ContextResolver = require(`${jsonldDir}lib/ContextResolver.js`) as new (options: {
  sharedCache: Map<string, unknown>
}) => unknown
const contextApi = require(`${jsonldDir}lib/context.js`) as {
  getInitialContext: (options: object) => { clone: () => { mappings: Map<string, unknown> } }
}
const util = require(`${jsonldDir}lib/util.js`) as { clone: <T>(value: T) => T }
/** What eddsa-rdfc-2022 signs: the RDFC-1.0 N-Quads of the document. */
const { canonize } = cryptosuite as unknown as {
  canonize: (document: object, options: object) => Promise<string>
}

const EXAMPLE_CONTEXT = 'https://example.test/context.jsonld'
/** Protected terms, type-scoped contexts on nodes three deep, property-scoped ones and `@propagate`. */
const exampleContext = {
  '@context': {
    '@version': 1.1,
    '@protected': true,
    id: '@id',
    type: '@type',
    ex: 'https://example.test/ns#',
    name: 'ex:name',
    Thing: {
      '@id': 'ex:Thing',
      '@context': { label: 'ex:label', part: { '@id': 'ex:part', '@type': '@id' } },
    },
    Part: {
      '@id': 'ex:Part',
      '@context': { size: { '@id': 'ex:size', '@type': 'ex:Size' }, detail: 'ex:detail' },
    },
    Detail: { '@id': 'ex:Detail', '@context': { note: { '@id': 'ex:note', '@language': 'en' } } },
    wrapper: {
      '@id': 'ex:wrapper',
      '@context': { '@propagate': true, inner: 'ex:inner', deeper: 'ex:deeper' },
    },
    loose: { '@id': 'ex:loose', '@context': { name: 'ex:otherName' } },
  },
}

const publicUrl = 'https://vouched.example'
const status = {
  index: 4242,
  credentialId: '0e5b3c1a-7d2f-4a8e-9b6c-1f2e3d4c5b6a',
  createdAt: '2026-11-20T10:00:00.000Z',
}
const did = didForUrl(publicUrl)

async function documents(): Promise<Record<string, object>> {
  const bits = await statusLists.createList({ length: 131_072 })
  bits.setStatus(7, true)
  return {
    vouch: vouchCredential(
      publicUrl,
      {
        id: 1,
        toUserId: 2,
        fromUserId: 1,
        category: 'Leadership',
        note: 'Ran the migration with care.',
        relationship: 'worked-together',
        level: 'expert',
        createdAt: '2026-11-20T10:00:00.000Z',
        isPublic: true,
        fromUsername: 'alice',
        fromFullName: 'Alice Martin',
        toUsername: 'bob',
        toFullName: null,
        hashtags: ['Kubernetes', 'Rust'],
        fingerprint: 'x',
      },
      status,
    ),
    medal: medalCredential(
      publicUrl,
      {
        id: 3,
        userId: 2,
        skillName: 'Rust',
        tier: 'gold',
        endorsementCount: 41,
        username: 'bob',
        fullName: 'Bob Durand',
      },
      status,
    ),
    statusList: {
      ...(await statusLists.createCredential({
        id: statusListUrl(publicUrl, 'revocation', 1),
        list: bits,
        statusPurpose: 'revocation',
      })),
      issuer: did,
      validFrom: '2026-11-20T10:00:00Z',
    },
    proofOptions: {
      '@context': [VC_V2_CONTEXT, OB_V3_CONTEXT],
      type: 'DataIntegrityProof',
      created: '2026-11-20T10:00:00Z',
      verificationMethod: keyId(did, 1),
      cryptosuite: 'eddsa-rdfc-2022',
      proofPurpose: 'assertionMethod',
    },
    didDocument: didDocument(publicUrl, [
      {
        id: 1,
        publicKeyMultibase: 'z6MkpTHR8VNsBxYAAWHut2Geadd9jSwuBV8xRoAnwWsdvktH',
        createdAt: new Date(),
        retiredAt: null,
      },
    ]),
    nested: {
      '@context': EXAMPLE_CONTEXT,
      type: 'Thing',
      name: 'a thing',
      label: 'labelled',
      part: {
        id: 'https://example.test/part/1',
        type: 'Part',
        size: 'L',
        name: 'a part',
        detail: { type: 'Detail', note: 'fine' },
      },
      wrapper: { inner: 'kept', deeper: { inner: 'kept below too' } },
      loose: { name: 'redefined here' },
    },
    // The type-scoped context does not propagate: `label` inside `part` is not defined there.
    notPropagated: {
      '@context': EXAMPLE_CONTEXT,
      type: 'Thing',
      part: { id: 'https://example.test/part/2', type: 'Part', label: 'lost' },
    },
    // Protected terms may not be cleared by a null context; unprotected ones may.
    protectedNullified: { '@context': [EXAMPLE_CONTEXT, null], name: 'gone' },
    unprotectedNullified: {
      '@context': [{ old: 'https://example.test/ns#old' }, null, { fresh: 'https://example.test/ns#fresh' }],
      fresh: 'kept',
    },
    protectedRedefined: {
      '@context': [EXAMPLE_CONTEXT, { name: 'https://elsewhere.test/name' }],
      name: 'clash',
    },
  }
}

const loader = createDocumentLoader(async (url) => (url === EXAMPLE_CONTEXT ? exampleContext : undefined))

/** The canonical form the cryptosuite signs, with a context cache of its own (or jsonld's), or the error. */
async function canonical(document: object, ownCache = true): Promise<string> {
  try {
    return await canonize(document, {
      documentLoader: loader,
      ...(ownCache ? { contextResolver: new ContextResolver({ sharedCache: new Map() }) } : {}),
    })
  } catch (error) {
    const { event } = (error as { details?: { event?: { code: string; details?: object } } }).details ?? {}
    return `error: ${(error as Error).message} ${event ? `${event.code} ${JSON.stringify(event.details)}` : ''}`
  }
}

afterAll(() => {
  shareTermDefinitions(true)
})

describe('active contexts sharing term definitions (decision 151)', () => {
  it('is written against the jsonld in the tree: re-read _cloneActiveContext after an upgrade', () => {
    expect(jsonldIsChecked()).toBe(true)
    expect(shareTermDefinitions(true)).toBe(true)
    expect(contextApi.getInitialContext({}).clone().mappings).toBeInstanceOf(CopyOnWriteMap)
  })

  it('canonicalises every document exactly as jsonld does on its own', async () => {
    const docs = await documents()
    shareTermDefinitions(false)
    expect(contextApi.getInitialContext({}).clone().mappings).not.toBeInstanceOf(CopyOnWriteMap)
    const alone: Record<string, string> = {}
    for (const [name, document] of Object.entries(docs)) alone[name] = await canonical(document)
    shareTermDefinitions(true)
    const shared: Record<string, string> = {}
    const sharedTwice: Record<string, string> = {}
    for (const [name, document] of Object.entries(docs)) {
      shared[name] = await canonical(document)
      // Again through jsonld's own cache, now holding contexts made with shared definitions.
      await canonical(document, false)
      sharedTwice[name] = await canonical(document, false)
    }
    expect(shared).toEqual(alone)
    expect(sharedTwice).toEqual(alone)
    // The cases mean something: quads for the credentials, jsonld's errors where it refuses.
    expect(alone.medal).toContain('<https://purl.imsglobal.org/spec/vc/ob/vocab.html#Achievement>')
    expect(alone.nested).toContain('<https://example.test/ns#note> "fine"@en')
    expect(alone.nested).toContain('<https://example.test/ns#otherName> "redefined here"')
    expect(alone.nested).toContain('<https://example.test/ns#inner> "kept below too"')
    expect(alone.notPropagated).toMatch(/^error: Safe mode.*invalid property.*"label"/)
    expect(alone.protectedRedefined).toMatch(/^error: .*protected term/)
    expect(alone.protectedNullified).toMatch(/^error: .*nullify a context with protected terms/)
    expect(alone.unprotectedNullified).toContain('<https://example.test/ns#fresh> "kept"')
  })
})

describe('layered protected flags', () => {
  it('sets flags on a clone only, and lists its own with those below', () => {
    const parent = layerFlags({ a: true })
    const child = layerFlags(parent)
    child.b = true
    parent.c = true
    expect(Object.keys(layerFlags({}))).toEqual([])
    expect(Object.keys(child).sort()).toEqual(['a', 'b', 'c'])
    expect(Object.keys(parent).sort()).toEqual(['a', 'c'])
    expect(child.b && !parent.b && child.a).toBe(true)
    expect('b' in child && !('b' in parent)).toBe(true)
    expect({ ...child }).toEqual({ a: true, b: true, c: true })
    // jsonld's own deep clone copies them as a plain object.
    expect(util.clone(child)).toEqual({ a: true, b: true, c: true })
  })

  it('flattens deep lines of clones, keeping every flag', () => {
    let flags = layerFlags({ root: true })
    for (let i = 0; i < 100; i += 1) {
      flags = layerFlags(flags)
      flags[`t${i}`] = true
    }
    expect(Object.keys(flags)).toHaveLength(101)
  })
})

describe('CopyOnWriteMap', () => {
  it('keeps a clone and its original apart once either is written to', () => {
    const original = CopyOnWriteMap.share(new Map([['a', 1]]))
    const clone = CopyOnWriteMap.share(original)
    clone.set('b', 2)
    original.delete('a')
    original.set('c', 3)
    expect([...clone]).toEqual([
      ['a', 1],
      ['b', 2],
    ])
    expect([...original.entries()]).toEqual([['c', 3]])
    const grandchild = CopyOnWriteMap.share(clone)
    grandchild.clear()
    expect(grandchild.size).toBe(0)
    expect([...clone.keys()]).toEqual(['a', 'b'])
    expect(clone.has('b') && !clone.has('c') && clone.get('a') === 1).toBe(true)
    const seen: string[] = []
    clone.forEach((value, key, map) => seen.push(`${key}=${value}:${map === clone}`))
    expect(seen).toEqual(['a=1:true', 'b=2:true'])
    // jsonld's own deep clone still sees a Map with these entries.
    expect(util.clone(clone)).toEqual(
      new Map([
        ['a', 1],
        ['b', 2],
      ]),
    )
  })
})

describe('the signer', () => {
  it('signs with node crypto the same bytes as the library signer (Ed25519 is deterministic)', async () => {
    const pair = await Ed25519Multikey.generate({ id: keyId(did, 9), controller: did })
    const data = new TextEncoder().encode('the canonical proof and document hashes')
    const signer = await signerFor(pair)
    expect(signer.id).toBe(pair.id)
    expect(signer.algorithm).toBe('Ed25519')
    expect(Buffer.from(await signer.sign({ data }))).toEqual(Buffer.from(await pair.signer().sign({ data })))
  })
})
