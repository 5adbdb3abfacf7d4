import * as Ed25519Multikey from '@digitalbazaar/ed25519-multikey'
import { DataIntegrityProof } from '@digitalbazaar/data-integrity'
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite'
import * as vc from '@digitalbazaar/vc'
import { CREDENTIAL_MESSAGES, OB_V3_CONTEXT, VC_V2_CONTEXT } from '@vouched/shared/credentials'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createMember, DEFAULT_PASSWORD, endorse, postEndorsement } from '../../../test/factories'
import { multipart } from '../../../test/multipart'
import { createDocumentLoader, DocumentRefusedError } from './credentials.loader'
import { credentialsFor } from './credentials.service'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

type Member = Awaited<ReturnType<typeof createMember>>
type Credential = Record<string, unknown> & { proof: Record<string, string> }

const DID = 'did:web:localhost%3A3000'

const vouchCredential = async (viewer: Member, id: number) => {
  const res = await t.inject(viewer, { method: 'GET', url: `/api/credentials/vouches/${id}` })
  expect(res.statusCode, res.body).toBe(200)
  return res.json<Credential>()
}
const verify = async (credential: unknown) => {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/credentials/verify',
    payload: credential as object,
  })
  expect(res.statusCode, res.body).toBe(200)
  return res.json()
}
/** A medal: `count` members endorse `member` for the skill. */
async function giveMedal(member: Member, skill: string, count = 10) {
  const givers = []
  for (let i = 0; i < count; i += 1) {
    const giver = await createMember(t.db)
    givers.push({
      giver,
      vouch: await endorse(t, giver, member, { category: 'Teamwork', hashtags: [skill] }),
    })
  }
  const medals = (await t.inject(member, { method: 'GET', url: `/api/medals/user/${member.id}` })).json()
  return { givers, medal: medals.find((m: { skillName: string }) => m.skillName === skill) }
}

describe('the issuer', () => {
  it('publishes a did:web document with its key as a Multikey, and never the secret half', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/.well-known/did.json' })
    expect(res.statusCode).toBe(200)
    expect(res.headers['access-control-allow-origin']).toBe('*')
    const doc = res.json()
    expect(doc.id).toBe(DID)
    expect(doc.verificationMethod[0]).toMatchObject({
      type: 'Multikey',
      controller: DID,
      publicKeyMultibase: expect.stringMatching(/^z6Mk/),
    })
    expect(doc.assertionMethod).toEqual(doc.verificationMethod.map((m: { id: string }) => m.id))
    expect(res.body).not.toMatch(/secretKey/i)
  })
})

describe('endorsement credentials', () => {
  it('answers 401 without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/credentials/vouches/1' })).statusCode).toBe(401)
  })

  it('issues a signed EndorsementCredential for a public endorsement that verifies', async () => {
    const [alice, bob, reader] = [
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db),
    ]
    const vouch = await endorse(t, alice, bob, {
      category: 'Leadership',
      note: 'Led our migration',
      hashtags: ['Rust'],
    })
    const credential = await vouchCredential(reader, vouch.id)
    expect(credential['@context']).toEqual([VC_V2_CONTEXT, OB_V3_CONTEXT])
    expect(credential.type).toEqual(['VerifiableCredential', 'EndorsementCredential'])
    expect(credential.validFrom).toBe(vouch.createdAt)
    expect(credential.issuer).toMatchObject({ id: DID, type: ['Profile'], url: 'http://localhost:3000' })
    expect(credential.proof).toMatchObject({
      type: 'DataIntegrityProof',
      cryptosuite: 'eddsa-rdfc-2022',
      proofPurpose: 'assertionMethod',
      verificationMethod: expect.stringMatching(new RegExp(`^${DID}#key-\\d+$`)),
    })
    expect(credential.credentialStatus).toEqual([
      expect.objectContaining({ type: 'BitstringStatusListEntry', statusPurpose: 'revocation' }),
      expect.objectContaining({ type: 'BitstringStatusListEntry', statusPurpose: 'suspension' }),
    ])
    expect(credential.credentialSubject).toMatchObject({
      type: ['EndorsementSubject'],
      endorsementComment: 'Led our migration',
    })

    const result = await verify(credential)
    expect(result).toMatchObject({ valid: true, revoked: false, status: 'active', kind: 'endorsement' })
    expect(result.name).toBe(credential.name)
    expect(result.validFrom).toBe(vouch.createdAt)
    expect(result.validUntil).toBeNull()
    expect(result.credentialId).toBe(credential.id)
    expect(result.summary).toContain(`@${alice.username}`)
    expect(result.summary).toContain(`@${bob.username}`)
    expect(result.summary).toContain('Leadership')
  })

  it('gives none for anonymous, hidden or unknown endorsements, with a clear message', async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    const anonymous = (
      await postEndorsement(t, alice, bob, { category: 'Teamwork', isAnonymous: true })
    ).json()
    const hidden = await endorse(t, alice, bob, { category: 'Leadership' })
    expect((await t.inject(bob, { method: 'POST', url: `/api/vouches/${hidden.id}/hide` })).statusCode).toBe(
      200,
    )
    for (const id of [anonymous.id, hidden.id, 99_999_999]) {
      const res = await t.inject(alice, { method: 'GET', url: `/api/credentials/vouches/${id}` })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND', message: CREDENTIAL_MESSAGES.vouchNotPublic })
    }
    expect((await t.inject(alice, { method: 'GET', url: '/api/credentials/vouches/abc' })).statusCode).toBe(
      400,
    )
  })

  it('fails a credential with a changed field, naming why', async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    const credential = await vouchCredential(
      alice,
      (await endorse(t, alice, bob, { category: 'Creativity' })).id,
    )
    const changed = { ...credential, name: 'Something else entirely' }
    const result = await verify(changed)
    expect(result).toMatchObject({ valid: false, revoked: false })
    expect(result.reason).toMatch(/signature does not match/)
  })

  it('fails a credential signed with a key that is not the site’s, naming why', async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    const credential = await vouchCredential(
      alice,
      (await endorse(t, alice, bob, { category: 'Initiative' })).id,
    )
    const { proof, ...unsigned } = credential
    const loader = createDocumentLoader(async () => undefined)
    const sign = async (keyId: string) => {
      const pair = await Ed25519Multikey.generate({ id: keyId, controller: DID })
      const suite = new DataIntegrityProof({ signer: pair.signer(), cryptosuite })
      return vc.issue({ credential: structuredClone(unsigned), suite, documentLoader: loader })
    }
    // Another key claiming to be the site's own: the signature cannot match the site's key.
    const forged = await verify(await sign(proof.verificationMethod!))
    expect(forged).toMatchObject({ valid: false })
    expect(forged.reason).toMatch(/signature does not match/)
    // A key the site never had.
    const stranger = await verify(await sign(`${DID}#key-9999`))
    expect(stranger).toMatchObject({ valid: false })
    expect(stranger.reason).toContain("is not one of this site's keys")
    // Another issuer altogether: nothing is fetched to check it.
    const elsewhere = await verify({
      ...credential,
      issuer: { id: 'did:web:example.com', type: ['Profile'] },
    })
    expect(elsewhere.reason).toContain('not by this site')
  })

  it('shows withdrawn endorsements as revoked and hidden ones as suspended until shown again', async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    const kept = await endorse(t, alice, bob, { category: 'Leadership' })
    const withdrawn = await endorse(t, alice, bob, { category: 'Teamwork' })
    const keptCredential = await vouchCredential(alice, kept.id)
    const withdrawnCredential = await vouchCredential(alice, withdrawn.id)

    expect(
      (await t.inject(alice, { method: 'DELETE', url: `/api/vouches/${withdrawn.id}` })).statusCode,
    ).toBe(200)
    await t.settle()
    const revoked = await verify(withdrawnCredential)
    expect(revoked).toMatchObject({ valid: false, revoked: true, status: 'revoked' })
    expect(revoked.reason).toMatch(/revoked/)

    expect((await t.inject(bob, { method: 'POST', url: `/api/vouches/${kept.id}/hide` })).statusCode).toBe(
      200,
    )
    await t.settle()
    expect(await verify(keptCredential)).toMatchObject({ valid: false, revoked: true, status: 'suspended' })
    expect((await t.inject(bob, { method: 'POST', url: `/api/vouches/${kept.id}/show` })).statusCode).toBe(
      200,
    )
    await t.settle()
    expect(await verify(keptCredential)).toMatchObject({ valid: true, revoked: false, status: 'active' })
  })

  it('keeps the signature of an endorsement a change did not alter, and signs anew with a new key', async () => {
    const [alice, bob, carol, dan] = [
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db),
    ]
    const vouch = await endorse(t, alice, bob, { category: 'Leadership', note: 'Steady hands' })
    const first = await vouchCredential(carol, vouch.id)
    const signatures = t.app.cacheInvalidation.caches().find((c) => c.name === 'credential-signatures')!
    const held = t.app.cacheInvalidation.caches().find((c) => c.name === 'credentials')!
    const hits = signatures.stats.hits
    const heldBefore = held.stats.misses

    // Another endorsement of Bob makes his held credentials stale: rebuilt, the same content keeps its proof.
    await endorse(t, carol, bob, { category: 'Teamwork' })
    await t.settle()
    const again = await vouchCredential(carol, vouch.id)
    expect(held.stats.misses).toBe(heldBefore + 1)
    expect(signatures.stats.hits).toBe(hits + 1)
    expect(again.proof).toEqual(first.proof)
    expect(await verify(again)).toMatchObject({ valid: true })

    // A rotated key is another key: the next rebuild signs with it.
    const { active } = await credentialsFor(t.app).rotateKey()
    await endorse(t, dan, bob, { category: 'Teamwork' })
    await t.settle()
    const rotated = await vouchCredential(carol, vouch.id)
    expect(rotated.proof.verificationMethod).toBe(`${DID}#key-${active}`)
    expect(rotated.proof.proofValue).not.toBe(first.proof.proofValue)
    expect(await verify(rotated)).toMatchObject({ valid: true })
    expect(await verify(first)).toMatchObject({ valid: true })
  })

  it('revokes the old version of an edited endorsement and issues the new one', async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    const vouch = await endorse(t, alice, bob, { category: 'Leadership', note: 'Good' })
    const before = await vouchCredential(alice, vouch.id)
    const edit = await t.inject(alice, {
      method: 'PATCH',
      url: `/api/vouches/${vouch.id}`,
      payload: { note: 'Great' },
    })
    expect(edit.statusCode).toBe(200)
    await t.settle()
    const after = await vouchCredential(alice, vouch.id)
    expect(after.credentialSubject).toMatchObject({ endorsementComment: 'Great' })
    expect(after.id).not.toBe(before.id)
    expect(await verify(before)).toMatchObject({ revoked: true, status: 'revoked' })
    expect(await verify(after)).toMatchObject({ valid: true })
  })

  it('revokes the credentials of a deleted account', async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    const credential = await vouchCredential(
      bob,
      (await endorse(t, alice, bob, { category: 'Adaptability' })).id,
    )
    const res = await t.inject(alice, {
      method: 'DELETE',
      url: '/api/account',
      payload: { password: DEFAULT_PASSWORD },
    })
    expect([200, 204], res.body).toContain(res.statusCode)
    await t.settle()
    expect(await verify(credential)).toMatchObject({ revoked: true, status: 'revoked' })
  })
})

describe('medal credentials', () => {
  it('issues an OpenBadgeCredential for the medal to anyone, that verifies, and suspends it when lost', async () => {
    const member = await createMember(t.db)
    const { givers, medal } = await giveMedal(member, 'Kubernetes')
    expect(medal).toMatchObject({ tier: 'bronze' })
    const res = await t.app.inject({ method: 'GET', url: `/api/credentials/medals/${medal.id}` })
    expect(res.statusCode).toBe(200)
    const credential = res.json()
    expect(credential.type).toEqual(['VerifiableCredential', 'OpenBadgeCredential'])
    expect(credential.credentialSubject.achievement).toMatchObject({
      type: ['Achievement'],
      name: 'Bronze medal in #Kubernetes',
      criteria: { narrative: expect.stringContaining('at least 10 endorsements') },
    })
    expect(await verify(credential)).toMatchObject({ valid: true, kind: 'medal' })

    const { giver, vouch } = givers[0]!
    expect((await t.inject(giver, { method: 'DELETE', url: `/api/vouches/${vouch.id}` })).statusCode).toBe(
      200,
    )
    await t.settle()
    expect(await verify(credential)).toMatchObject({ revoked: true, status: 'suspended' })
    const gone = await t.app.inject({ method: 'GET', url: `/api/credentials/medals/${medal.id}` })
    expect(gone.statusCode).toBe(404)
    expect(gone.json().message).toBe(CREDENTIAL_MESSAGES.medalNotHeld)
  })
})

describe('status lists', () => {
  it('serves signed Bitstring Status List credentials, and 400 for an unknown purpose', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/credentials/status/revocation/1' })
    expect(res.statusCode).toBe(200)
    const list = res.json()
    expect(list.type).toEqual(['VerifiableCredential', 'BitstringStatusListCredential'])
    expect(list.credentialSubject).toMatchObject({ type: 'BitstringStatusList', statusPurpose: 'revocation' })
    expect(list.proof.cryptosuite).toBe('eddsa-rdfc-2022')
    expect(await verify(list)).toMatchObject({ valid: true })
    const bad = await t.app.inject({ method: 'GET', url: '/api/credentials/status/expiry/1' })
    expect(bad.statusCode).toBe(400)
  })
})

describe('no network', () => {
  it('resolves the packaged contexts and throws on any other URL', async () => {
    const loader = createDocumentLoader(async () => undefined)
    expect((await loader(VC_V2_CONTEXT)).document).toBeTruthy()
    expect((await loader(OB_V3_CONTEXT)).document).toBeTruthy()
    await expect(loader('https://example.com/context.json')).rejects.toBeInstanceOf(DocumentRefusedError)
    await expect(loader('https://www.w3.org/2018/credentials/examples/v1')).rejects.toBeInstanceOf(
      DocumentRefusedError,
    )
  })

  it('fails a credential that needs a context from elsewhere, saying so', async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    const credential = await vouchCredential(
      alice,
      (await endorse(t, alice, bob, { category: 'Communication' })).id,
    )
    const result = await verify({
      ...credential,
      '@context': [...(credential['@context'] as string[]), 'https://example.com/context.json'],
    })
    expect(result.valid).toBe(false)
    expect(result.reason).toContain('https://example.com/context.json')
  })
})

describe('key rotation', () => {
  it('signs with the new key and keeps credentials of the old one verifiable', async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    const old = await vouchCredential(
      alice,
      (await endorse(t, alice, bob, { category: 'Problem Solving' })).id,
    )
    const { active } = await credentialsFor(t.app).rotateKey()
    const doc = (await t.app.inject({ method: 'GET', url: '/.well-known/did.json' })).json()
    expect(doc.verificationMethod.length).toBeGreaterThanOrEqual(2)
    const fresh = await vouchCredential(
      alice,
      (await endorse(t, bob, alice, { category: 'Problem Solving' })).id,
    )
    expect(fresh.proof.verificationMethod).toBe(`${DID}#key-${active}`)
    expect(await verify(old)).toMatchObject({ valid: true })
    expect(await verify(fresh)).toMatchObject({ valid: true })
  })
})

describe('verify input', () => {
  it('answers odd and broken credentials with a verdict and a reason, never a 500', async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    const vouch = await endorse(t, alice, bob, { category: 'Teamwork' })
    const good = await vouchCredential(alice, vouch.id)
    const broken: [string, unknown][] = [
      ['proof as text', { ...good, proof: 'signed, honest' }],
      ['no proofs', { ...good, proof: [] }],
      ['a proof without its value', { ...good, proof: { ...good.proof, proofValue: undefined } }],
      ['a proof value that is not multibase', { ...good, proof: { ...good.proof, proofValue: '!!' } }],
      ['an issuer object without id', { ...good, issuer: { name: 'Someone' } }],
      [
        'a context redefining a protected term',
        { ...good, '@context': [...(good['@context'] as string[]), { name: 'https://evil.example/name' }] },
      ],
      ['a type that is a number', { ...good, type: 7 }],
      ['no subject', { ...good, credentialSubject: undefined }],
      ['a date that is not one', { ...good, validFrom: 'yesterday' }],
      ['a status that is text', { ...good, credentialStatus: 'fine' }],
      [
        'a status list of another site',
        {
          ...good,
          credentialStatus: [
            { ...(good.credentialStatus as object[])[0], statusListCredential: 'https://evil.example/list' },
          ],
        },
      ],
    ]
    for (const [what, credential] of broken) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/credentials/verify',
        payload: credential as object,
      })
      expect(res.statusCode, `${what}: ${res.body}`).toBe(200)
      expect(res.json(), what).toMatchObject({ valid: false, reason: expect.any(String) })
      // A sentence for a person, not a program's error.
      expect(res.json().reason, what).not.toMatch(/TypeError|Cannot (use|read)|undefined|operator/)
    }
  })

  it('refuses what is not a credential with a clear error', async () => {
    const array = await t.app.inject({ method: 'POST', url: '/api/credentials/verify', payload: [1, 2] })
    expect(array.statusCode).toBe(400)
    expect(array.json().message).toBe(CREDENTIAL_MESSAGES.notJson)
    const notCredential = await verify({ hello: 'world' })
    expect(notCredential).toMatchObject({
      valid: false,
      reason: expect.stringContaining('not a verifiable credential'),
    })
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/credentials/verify',
      ...multipart({
        field: 'file',
        fileName: 'a.txt',
        contentType: 'text/plain',
        data: Buffer.from('hello'),
      }),
    })
    expect(text.statusCode, text.body).toBe(415)
    expect(text.json().message).toBe(CREDENTIAL_MESSAGES.unsupportedFile)
    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/credentials/verify',
      ...multipart({
        field: 'file',
        fileName: 'a.json',
        contentType: 'application/json',
        data: Buffer.alloc(600 * 1024, 32),
      }),
    })
    expect(huge.statusCode).toBe(413)
  })
})

describe('baked badges', () => {
  it('carry the credentials of the medals they show, which verify when the image is dropped', async () => {
    const member = await createMember(t.db)
    const { medal } = await giveMedal(member, 'Terraform')
    const expected = (
      await t.app.inject({ method: 'GET', url: `/api/credentials/medals/${medal.id}` })
    ).json()
    for (const [format, contentType] of [
      ['png', 'image/png'],
      ['svg', 'image/svg+xml'],
    ] as const) {
      const badge = await t.app.inject({
        method: 'GET',
        url: `/api/badge/${member.username}?format=${format}`,
      })
      expect(badge.statusCode).toBe(200)
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/credentials/verify',
        ...multipart({ field: 'file', fileName: `badge.${format}`, contentType, data: badge.rawPayload }),
      })
      expect(res.statusCode, res.body).toBe(200)
      const result = res.json()
      expect(result).toMatchObject({ valid: true, revoked: false, kind: 'medal' })
      expect(result.credentials).toHaveLength(1)
      expect(result.credentials[0].credentialId).toBe(expected.id)
      expect(result.summary).toContain('bronze medal in #Terraform')
    }
  })

  it('answers 400 for a badge image that carries no credential', async () => {
    const member = await createMember(t.db)
    const badge = await t.app.inject({ method: 'GET', url: `/api/badge/${member.username}?format=png` })
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/credentials/verify',
      ...multipart({
        field: 'file',
        fileName: 'badge.png',
        contentType: 'image/png',
        data: badge.rawPayload,
      }),
    })
    expect(res.statusCode).toBe(400)
    expect(res.json().message).toBe(CREDENTIAL_MESSAGES.noCredentialInImage)
  })
})
