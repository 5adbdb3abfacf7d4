import { DataIntegrityProof } from '@digitalbazaar/data-integrity'
import { cryptosuite } from '@digitalbazaar/eddsa-rdfc-2022-cryptosuite'
import * as vc from '@digitalbazaar/vc'
import * as statusLists from '@digitalbazaar/vc-bitstring-status-list'
import type { DocumentLoader } from '@digitalbazaar/vc'
import type { TVerification } from '@vouched/shared/credentials'
import { DocumentRefusedError } from './credentials.loader'

/**
 * Checks a credential the way a third party would (docs/decisions/138): its proof against the issuer's
 * DID document, its dates, and its status entries, with nothing fetched: this instance's DID, keys and
 * status lists resolve locally, and a credential of any other issuer is answered as such.
 */
export type Verifier = (input: unknown) => Promise<TVerification>

type Context = { did: string; documentLoader: DocumentLoader; keyIds: () => Promise<string[]> }

type Json = Record<string, unknown>
const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null)
const types = (value: unknown) =>
  (Array.isArray(value) ? value : [value]).filter((t) => typeof t === 'string')

function kindOf(credential: Json): TVerification['kind'] {
  const type = types(credential.type)
  if (type.includes('EndorsementCredential')) return 'endorsement'
  if (type.includes('OpenBadgeCredential') || type.includes('AchievementCredential')) return 'medal'
  return 'other'
}

function issuerOf(credential: Json): TVerification['issuer'] {
  const { issuer } = credential
  if (typeof issuer === 'string') return { id: issuer, name: null }
  if (isObject(issuer) && typeof issuer.id === 'string') return { id: issuer.id, name: text(issuer.name) }
  return null
}

/** What the credential claims, in a sentence, whether or not the claim holds. */
function summarize(credential: Json, issuer: TVerification['issuer']): string {
  const who = issuer?.name ?? issuer?.id ?? 'An unnamed issuer'
  const subject = isObject(credential.credentialSubject) ? credential.credentialSubject : {}
  const achievement = isObject(subject.achievement) ? subject.achievement : {}
  const said =
    text(credential.description) ??
    text(credential.name) ??
    text(achievement.name) ??
    text(subject.endorsementComment) ??
    'nothing a person can read'
  return `${who} states: ${said}`
}

const SIGNATURE_MISMATCH =
  'The signature does not match the content: the credential was changed after it was signed, or it was signed with another key'

/** The library's error as a sentence a person understands. */
function explain(error: unknown): string {
  const errors: unknown[] =
    isObject(error) && Array.isArray((error as { errors?: unknown[] }).errors)
      ? (error as { errors: unknown[] }).errors
      : [error]
  for (const item of errors) {
    const cause = isObject(item) && 'cause' in item ? (item as { cause?: unknown }).cause : undefined
    const refused = [item, cause].find((e) => e instanceof DocumentRefusedError)
    if (refused)
      return `It needs ${refused.url}, which this site does not hold (it fetches nothing from other sites)`
    const message = item instanceof Error ? item.message : String(item)
    if (/invalid signature/i.test(message)) return SIGNATURE_MISMATCH
    if (/not (yet )?valid|validFrom|validUntil|expired/i.test(message))
      return `Its dates do not hold: ${message}`
  }
  const first = errors[0]
  return `It could not be verified: ${first instanceof Error ? first.message : String(first)}`
}

export async function verifyCredential(
  input: unknown,
  { did, documentLoader, keyIds }: Context,
): Promise<TVerification> {
  if (!isObject(input) || !Array.isArray(input['@context']) || types(input.type).length === 0) {
    return {
      valid: false,
      revoked: false,
      status: null,
      reason: 'This is not a verifiable credential: it has no @context or no type',
      summary: 'Nothing can be said about it.',
      kind: 'other',
      name: null,
      issuer: null,
      credentialId: null,
      validFrom: null,
      validUntil: null,
    }
  }
  const issuer = issuerOf(input)
  const base = {
    kind: kindOf(input),
    issuer,
    name: text(input.name),
    credentialId: text(input.id),
    summary: summarize(input, issuer),
    validFrom: text(input.validFrom),
    validUntil: text(input.validUntil),
  }
  const invalid = (reason: string): TVerification => ({
    ...base,
    valid: false,
    revoked: false,
    status: null,
    reason,
  })

  const proofs = Array.isArray(input.proof) ? input.proof : [input.proof]
  const proof = proofs[0]
  if (!isObject(proof)) return invalid('It carries no proof: anyone could have written it')
  if (proof.type !== 'DataIntegrityProof' || proof.cryptosuite !== 'eddsa-rdfc-2022') {
    return invalid(
      `Its proof (${String(proof.cryptosuite ?? proof.type)}) is of a kind this site does not check`,
    )
  }
  if (issuer?.id !== did) {
    return invalid(
      `It was issued by ${issuer?.id ?? 'nobody named'}, not by this site (${did}); this site checks only its own credentials and fetches nothing from elsewhere`,
    )
  }
  const status = input.credentialStatus
  if (status !== undefined && !(Array.isArray(status) ? status : [status]).every(isObject)) {
    return invalid('Its status entry (credentialStatus) cannot be read: each entry must name its status list')
  }
  const method = String(proof.verificationMethod)
  if (!(await keyIds()).includes(method)) {
    return invalid(`The key that signed it (${method}) is not one of this site's keys`)
  }

  const result = await vc.verifyCredential({
    credential: input,
    suite: new DataIntegrityProof({ cryptosuite }),
    documentLoader,
    checkStatus: statusLists.checkStatus,
  })
  if (!result.verified) {
    const statusError =
      result.statusResult && !result.statusResult.verified ? result.statusResult.error : undefined
    return invalid(
      statusError ? `Its status could not be checked: ${explain(statusError)}` : explain(result.error),
    )
  }
  const set = (purpose: string) =>
    (result.statusResult?.results ?? []).some((r) => r.status && r.credentialStatus.statusPurpose === purpose)
  if (set('revocation')) {
    return {
      ...base,
      valid: false,
      revoked: true,
      status: 'revoked',
      reason:
        'Its issuer revoked it: the endorsement was withdrawn, edited or deleted since, or the account was deleted',
    }
  }
  if (set('suspension')) {
    return {
      ...base,
      valid: false,
      revoked: true,
      status: 'suspended',
      reason:
        'Its issuer suspended it: the endorsement is hidden, the medal is no longer held at this level, or the account is suspended',
    }
  }
  return { ...base, valid: true, revoked: false, status: 'active' }
}
