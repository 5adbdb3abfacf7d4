import { readFile } from 'node:fs/promises'
import path from 'node:path'
import swagger from '@fastify/swagger'
import swaggerUi from '@fastify/swagger-ui'
import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'
import { jsonSchemaTransform } from 'fastify-type-provider-zod'
import { SESSION_COOKIE } from './session'
import { SERVER_ROOT } from '../server-root'

/** Where the document and its reference page are served; both are public, like the API they describe. */
export const OPENAPI_PATH = '/api/openapi.json'
export const API_DOCS_PREFIX = '/api/docs'

const LOGO = path.join(SERVER_ROOT, '../web/public/favicon.svg')

/** Answers that are not JSON, so no zod schema serializes them: described here by their media types. */
const NOT_JSON: Record<string, { description: string; types: string[] }> = {
  '/api/badge/:username': { description: 'The badge image', types: ['image/svg+xml', 'image/png'] },
  '/api/badge-fonts/:file': { description: 'A font the SVG badge embeds', types: ['font/woff2'] },
  '/api/events': { description: 'Live events (Server-Sent Events)', types: ['text/event-stream'] },
}

/** The reference page's groups: a path's first word, with the small ones joined to their neighbours. */
const GROUP_OF: Record<string, string> = {
  user: 'account',
  register: 'account',
  login: 'account',
  logout: 'account',
  auth: 'account',
  health: 'instance',
  events: 'notifications',
  'badge-fonts': 'badge',
  'connection-requests': 'connections',
  messages: 'conversations',
  comments: 'vouches',
  medals: 'reputation',
  hashtags: 'search',
  blocks: 'moderation',
  reports: 'moderation',
}
const tagOf = (url: string) => {
  const word = url.split('/')[2]!
  return GROUP_OF[word] ?? word
}

const binaryAnswer = ({ description, types }: { description: string; types: string[] }) => ({
  200: {
    description,
    content: Object.fromEntries(
      types.map((type) => [type, { schema: { type: 'string', format: 'binary' } }]),
    ),
  },
})

/**
 * The API's OpenAPI 3.1 document, generated from the zod schemas every route already validates and
 * serializes with, so it cannot drift from what the server does. Registered before the routes: the
 * document is built from the routes added after it. Only `/api/` routes are described; the web client's
 * pages, its files and the reference page itself are left out.
 */
export const openApiPlugin = fp(async (app: FastifyInstance) => {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Vouched API',
        version: '1',
        description:
          'The API of a Vouched instance. Errors answer `{ message, code, field? }`. Signed-in requests ' +
          'carry the session cookie; writes from a browser must come from the same origin.\n\n' +
          'Scripts use a personal API token from Settings instead: `Authorization: Bearer vch_…`. The ' +
          'operations that list the `apiToken` scheme accept one (a `read` token with GET only); every ' +
          'other operation is for the website alone and answers a token with 403 `TOKEN_NOT_ALLOWED`.',
      },
      components: {
        securitySchemes: {
          session: { type: 'apiKey', in: 'cookie', name: SESSION_COOKIE },
          apiToken: {
            type: 'http',
            scheme: 'bearer',
            description:
              'A personal API token (`vch_…`) created in Settings. `read` tokens call GET operations only, ' +
              '`read-write` tokens write too. Tokens never reach admin, password, account deletion or ' +
              'token management operations, and never carry admin powers.',
          },
        },
      },
    },
    transform: (input) => {
      const { schema, url } = jsonSchemaTransform(input)
      const described = url.startsWith('/api/') && !url.startsWith(API_DOCS_PREFIX) && url !== OPENAPI_PATH
      if (!described) return { schema: { ...schema, hide: true }, url }
      const notJson = NOT_JSON[url]
      const tags = [tagOf(url)]
      // Which operations a personal API token reaches is the route's own flag (docs/decisions/133).
      const security: Record<string, string[]>[] = [{ session: [] }, { apiToken: [] }]
      const reach = input.route.config?.apiTokens ? { security } : {}
      return {
        schema: { ...schema, tags, ...reach, ...(notJson ? { response: binaryAnswer(notJson) } : {}) },
        url,
      }
    },
  })
  await app.register(swaggerUi, {
    routePrefix: API_DOCS_PREFIX,
    uiConfig: { deepLinking: true, tagsSorter: 'alpha', operationsSorter: 'alpha' },
    logo: { type: 'image/svg+xml', content: await readFile(LOGO), href: '/', target: '_self' },
    // The page's own files only; Swagger UI sets inline styles, as Radix does in the app.
    staticCSP:
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:",
  })
  app.get(OPENAPI_PATH, { config: { apiTokens: true }, schema: { hide: true } }, async () => app.swagger())
})
