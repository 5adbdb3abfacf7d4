import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'

/**
 * A passkey authenticator in software, for API tests: an ES256 key per credential made with node's
 * crypto, `none` attestation, and the CBOR and authenticator data of WebAuthn Level 2 written out here.
 * Its answers go through the real `@simplewebauthn/server` checks; nothing of the library is used to
 * make them, so a mistake on either side shows. (No well-kept npm package does this: the one found is a
 * 0.x release of one author; Chromium's virtual authenticator covers the browser side in e2e.)
 */

type CborValue = number | string | Uint8Array | CborValue[] | Map<CborValue, CborValue>

function head(major: number, length: number): Buffer {
  if (length < 24) return Buffer.from([(major << 5) | length])
  if (length < 0x100) return Buffer.from([(major << 5) | 24, length])
  if (length < 0x10000) {
    const out = Buffer.alloc(3)
    out[0] = (major << 5) | 25
    out.writeUInt16BE(length, 1)
    return out
  }
  const out = Buffer.alloc(5)
  out[0] = (major << 5) | 26
  out.writeUInt32BE(length, 1)
  return out
}

/** CBOR (RFC 8949) for the few kinds WebAuthn needs: integers, byte and text strings, arrays, maps. */
export function cbor(value: CborValue): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8')
    return Buffer.concat([head(3, bytes.length), bytes])
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value])
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)])
  return Buffer.concat([head(5, value.size), ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)])])
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest()
const b64url = (data: Buffer | Uint8Array) => Buffer.from(data).toString('base64url')

/** A new credential id and ES256 key; the public key as COSE (RFC 9053) as WebAuthn carries it. */
function newKey() {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' })
  const cosePublicKey = cbor(
    new Map<CborValue, CborValue>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  )
  return { id: randomBytes(32), privateKey, cosePublicKey }
}

const FLAG_UP = 0x01
const FLAG_UV = 0x04
const FLAG_AT = 0x40

export type Credential = {
  id: Buffer
  privateKey: KeyObject
  cosePublicKey: Buffer
  userHandle: string
  rpId: string
  counter: number
}

/** What a ceremony may get wrong on purpose, to see the server refuse it. */
export type Tamper = {
  origin?: string
  rpId?: string
  challenge?: string
  type?: string
  userVerified?: boolean
  /** The signature counter to report (sign-in). */
  counter?: number
  /** Registers this credential (its id and key) again, as a cloned authenticator would. */
  reuse?: Credential
}

type RegistrationOptions = { challenge: string; rp: { id?: string }; user: { id: string } }
type SignInOptions = { challenge: string; rpId?: string }

export class SoftwareAuthenticator {
  readonly credentials: Credential[] = []

  constructor(private readonly origin: string) {}

  /** Answers registration options as `startRegistration()` would: a new ES256 credential. */
  register(options: RegistrationOptions, tamper: Tamper = {}) {
    const rpId = tamper.rpId ?? options.rp.id!
    const credential: Credential = {
      ...(tamper.reuse ?? newKey()),
      userHandle: options.user.id,
      rpId: options.rp.id!,
      counter: 0,
    }
    const credentialIdLength = Buffer.alloc(2)
    credentialIdLength.writeUInt16BE(credential.id.length)
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([FLAG_UP | FLAG_AT | (tamper.userVerified === false ? 0 : FLAG_UV)]),
      Buffer.alloc(4), // counter 0
      Buffer.alloc(16), // aaguid: none
      credentialIdLength,
      credential.id,
      credential.cosePublicKey,
    ])
    const clientDataJSON = JSON.stringify({
      type: tamper.type ?? 'webauthn.create',
      challenge: tamper.challenge ?? options.challenge,
      origin: tamper.origin ?? this.origin,
      crossOrigin: false,
    })
    const attestationObject = cbor(
      new Map<CborValue, CborValue>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    )
    this.credentials.push(credential)
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: b64url(Buffer.from(clientDataJSON)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
    }
  }

  /** Answers sign-in options as `startAuthentication()` would, with the chosen (else last) credential. */
  signIn(options: SignInOptions, tamper: Tamper = {}, credential = this.credentials.at(-1)) {
    if (!credential) throw new Error('The authenticator holds no credential')
    credential.counter = tamper.counter ?? credential.counter + 1
    const counter = Buffer.alloc(4)
    counter.writeUInt32BE(credential.counter)
    const authData = Buffer.concat([
      sha256(tamper.rpId ?? options.rpId ?? credential.rpId),
      Buffer.from([FLAG_UP | (tamper.userVerified === false ? 0 : FLAG_UV)]),
      counter,
    ])
    const clientDataJSON = Buffer.from(
      JSON.stringify({
        type: tamper.type ?? 'webauthn.get',
        challenge: tamper.challenge ?? options.challenge,
        origin: tamper.origin ?? this.origin,
        crossOrigin: false,
      }),
    )
    const signature = sign('sha256', Buffer.concat([authData, sha256(clientDataJSON)]), credential.privateKey)
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
      response: {
        clientDataJSON: b64url(clientDataJSON),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
    }
  }
}
