import { z } from 'zod'

/** Open Badges 3.0 verifiable credentials (issue 26; docs/decisions/135 to 138). */

export const CREDENTIAL_MESSAGES = {
  vouchNotPublic:
    'This endorsement has no credential: only named, shown and accepted endorsements are verifiable',
  medalNotHeld: 'This medal has no credential: nobody holds it',
  statusListNotFound: 'No such status list',
  notJson: 'That is not a credential: paste the JSON of a credential or drop a badge PNG or SVG',
  tooLarge: 'That file is too large to be a credential or a badge',
  unsupportedFile: 'Only a credential (JSON) or a badge image (PNG or SVG) can be verified',
  noCredentialInImage: 'This image carries no credential: it is not a baked Open Badge',
} as const

/** The largest credential or badge file the verifier reads. */
export const VERIFY_MAX_BYTES = 512 * 1024

/** The VC 2.0 and Open Badges 3.0.3 contexts, in the order credentials carry them. */
export const VC_V2_CONTEXT = 'https://www.w3.org/ns/credentials/v2'
export const OB_V3_CONTEXT = 'https://purl.imsglobal.org/spec/ob/v3p0/context-3.0.3.json'

export const ZCredentialIdParams = z.object({ id: z.coerce.number().int().positive() })

export const STATUS_PURPOSES = ['revocation', 'suspension'] as const
export type TStatusPurpose = (typeof STATUS_PURPOSES)[number]

export const ZStatusListParams = z.object({
  purpose: z.enum(STATUS_PURPOSES, { error: 'The status purpose is revocation or suspension' }),
  list: z.coerce.number().int().positive().max(1_000_000),
})

/**
 * A signed credential as it leaves the server. Its fields are those of the VC 2.0 data model; the
 * proof covers every one of them, so the schema checks their presence, not a narrower allow-list.
 */
export const ZVerifiableCredential = z
  .object({
    '@context': z.array(z.string()),
    id: z.string(),
    type: z.array(z.string()),
    issuer: z.union([z.string(), z.object({ id: z.string() }).loose()]),
    validFrom: z.string(),
    credentialSubject: z.record(z.string(), z.unknown()),
    proof: z
      .object({
        type: z.literal('DataIntegrityProof'),
        cryptosuite: z.string(),
        proofPurpose: z.string(),
        verificationMethod: z.string(),
        proofValue: z.string(),
      })
      .loose(),
  })
  .loose()

export type TVerifiableCredential = z.infer<typeof ZVerifiableCredential>

export const ZDidDocument = z.object({
  '@context': z.array(z.string()),
  id: z.string(),
  verificationMethod: z.array(
    z.object({
      id: z.string(),
      type: z.literal('Multikey'),
      controller: z.string(),
      publicKeyMultibase: z.string(),
    }),
  ),
  assertionMethod: z.array(z.string()),
  service: z.array(z.object({ id: z.string(), type: z.string(), serviceEndpoint: z.string() })).optional(),
})

export type TDidDocument = z.infer<typeof ZDidDocument>

/** `POST /api/credentials/verify` with a JSON body: the credential itself. */
export const ZVerifyBody = z.record(z.string(), z.unknown(), { error: CREDENTIAL_MESSAGES.notJson })

export const CREDENTIAL_STATES = ['active', 'revoked', 'suspended'] as const

/** One credential's verdict, in plain words as well as flags. */
export const ZVerification = z.object({
  /** The proof checks out against the issuer's key and the credential is within its dates. */
  valid: z.boolean(),
  /** Revoked or suspended by its issuer (the status list says so). */
  revoked: z.boolean(),
  status: z.enum(CREDENTIAL_STATES).nullable(),
  /** Why it is not valid, or why it is revoked, in a sentence. */
  reason: z.string().optional(),
  /** What it says, in a sentence ('Vouched says that alice was endorsed by bob for Leadership…'). */
  summary: z.string(),
  kind: z.enum(['endorsement', 'medal', 'other']),
  /** Its title as the issuer wrote it ('Bronze medal in #Rust'), when it has one. */
  name: z.string().nullable(),
  issuer: z.object({ id: z.string(), name: z.string().nullable() }).nullable(),
  credentialId: z.string().nullable(),
  /** The dates it claims to hold between, as written in it (ISO-8601), whether or not they hold. */
  validFrom: z.string().nullable(),
  validUntil: z.string().nullable(),
})

export type TVerification = z.infer<typeof ZVerification>

/** The whole answer: a badge image can carry several credentials (one per medal). */
export const ZVerifyResult = ZVerification.extend({
  credentials: z.array(ZVerification),
})

export type TVerifyResult = z.infer<typeof ZVerifyResult>
