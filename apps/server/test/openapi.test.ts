import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { API_DOCS_PREFIX, OPENAPI_PATH } from '../src/core/openapi'
import { buildTestApp } from './build-test-app'

type Operation = {
  responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>
  security?: Record<string, string[]>[]
}
type Document = {
  openapi: string
  paths: Record<string, Record<string, Operation>>
  components: { securitySchemes: Record<string, Record<string, string>> }
}

/** Fastify's `/api/users/:id` is OpenAPI's `/api/users/{id}`. */
const openApiPath = (url: string) => url.replace(/:(\w+)/g, '{$1}')

let t: Awaited<ReturnType<typeof buildTestApp>>
let document: Document

beforeAll(async () => {
  t = await buildTestApp()
  const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH })
  expect(res.statusCode).toBe(200)
  document = res.json<Document>()
})
afterAll(() => t.close())

describe('the OpenAPI document', () => {
  it('is OpenAPI 3.1 and describes only the API', () => {
    expect(document.openapi).toBe('3.1.0')
    const paths = Object.keys(document.paths)
    expect(paths.length).toBeGreaterThan(50)
    expect(paths.filter((p) => !p.startsWith('/api/') || p.startsWith(API_DOCS_PREFIX))).toEqual([])
  })

  it('has every API route, each with the schema of its successful response', () => {
    const routes = t.app.routeList.filter(
      ({ url }) => url.startsWith('/api/') && !url.startsWith(API_DOCS_PREFIX) && url !== OPENAPI_PATH,
    )
    const problems = routes.flatMap(({ method, url }) => {
      const operation = document.paths[openApiPath(url)]?.[method.toLowerCase()]
      if (!operation) return [`${method} ${url}: missing from the document`]
      const success = Object.entries(operation.responses ?? {}).filter(([status]) => /^2/.test(status))
      const described = success.some(([status, answer]) =>
        status === '204'
          ? true
          : Object.values(answer.content ?? {}).some((media) => media.schema !== undefined),
      )
      return described ? [] : [`${method} ${url}: no response schema`]
    })
    expect(problems).toEqual([])
  })

  it('declares the API token scheme on the operations a token reaches, and on no other', () => {
    expect(document.components.securitySchemes.apiToken).toMatchObject({ type: 'http', scheme: 'bearer' })
    const takesToken = (path: string, method: string) =>
      (document.paths[path]?.[method]?.security ?? []).some((option) => 'apiToken' in option)
    expect(takesToken('/api/user', 'get')).toBe(true)
    expect(takesToken('/api/vouches', 'post')).toBe(true)
    expect(takesToken('/api/admin/users', 'get')).toBe(false)
    expect(takesToken('/api/account/password', 'post')).toBe(false)
    expect(takesToken('/api/account', 'delete')).toBe(false)
    expect(takesToken('/api/account/tokens', 'get')).toBe(false)
    expect(takesToken('/api/account/tokens', 'post')).toBe(false)
  })

  it('is read by a reference page at /api/docs', async () => {
    const page = await t.app.inject({ method: 'GET', url: `${API_DOCS_PREFIX}/` })
    expect(page.statusCode).toBe(200)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain('swagger')
  })
})
