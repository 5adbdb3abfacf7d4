import { randomBytes } from 'node:crypto'
import { API_TOKEN_PREFIX } from '@vouched/shared/api-tokens'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from './build-test-app'

/**
 * Which routes a personal API token reaches (docs/decisions/133). Routes are session-only unless they
 * opt in with `config: { apiTokens: true }`; the list below names every session-only route, so opting
 * one in or adding a route that stays session-only is a change someone reads here.
 */
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

/** Never reached by a token, whatever its scope or whoever holds it. */
const SESSION_ONLY = [
  // Signing in and out, registering, resetting a password: the website's own flows.
  'POST /api/register',
  'POST /api/login',
  'POST /api/logout',
  'POST /api/auth/request-password-reset',
  'POST /api/auth/reset-password',
  // Account security: password, deletion, the tokens themselves, the work email that verifies identity.
  'POST /api/account/password',
  'DELETE /api/account',
  'GET /api/account/tokens',
  'POST /api/account/tokens',
  'DELETE /api/account/tokens/:id',
  // Two-factor sign-in and signed-in devices: what would let a stolen token lock the member out.
  'POST /api/login/two-factor',
  'GET /api/account/security',
  'POST /api/account/two-factor/setup',
  'POST /api/account/two-factor/enable',
  'POST /api/account/two-factor/disable',
  'DELETE /api/account/sessions/:id',
  'POST /api/account/sessions/revoke-others',
  // Web Push: a browser subscribes its own device; a script has nothing to be pushed to.
  'GET /api/push/public-key',
  'POST /api/push/subscriptions',
  'DELETE /api/push/subscriptions',
  // Passkeys: a token must not add a way in, remove the member's, or sign in.
  'POST /api/account/passkeys/options',
  'POST /api/account/passkeys',
  'DELETE /api/account/passkeys/:id',
  'POST /api/login/passkey/options',
  'POST /api/login/passkey',
  'POST /api/users/add-work-email',
  'POST /api/users/verify-email',
  // The live stream ends with its session; scripts poll instead.
  'GET /api/events',
  // Announcements are written by admins.
  'POST /api/announcements',
  'PATCH /api/announcements/:id',
  'DELETE /api/announcements/:id',
  // The API reference page is for a browser.
  'GET /api/docs',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
  'GET /api/docs/static/*',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
]

const sample = (url: string) => url.replace(/:(\w+)/g, '1').replace('*', 'x')

it('refuses a token on every session-only route, and only there', async () => {
  // Unknown: a route that takes tokens answers 401 (it looked the token up), one that does not 403
  // (it never looks). No handler runs either way.
  const authorization = `Bearer ${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
  const refused: string[] = []
  for (const { method, url } of t.app.routeList) {
    const res = await t.app.inject({
      method: method as 'GET',
      url: sample(url),
      headers: { authorization },
    })
    const route = `${method} ${url}`
    if (res.statusCode === 403 && res.json<{ code: string }>().code === 'TOKEN_NOT_ALLOWED') {
      refused.push(route)
    } else {
      expect(res.statusCode, `${route}: ${res.body}`).toBe(401)
    }
  }
  const adminRoutes = t.app.routeList
    .filter(({ url }) => url.startsWith('/api/admin/'))
    .map(({ method, url }) => `${method} ${url}`)
  expect(adminRoutes.length).toBeGreaterThan(10)
  expect(refused.sort()).toEqual([...SESSION_ONLY, ...adminRoutes].sort())
})
