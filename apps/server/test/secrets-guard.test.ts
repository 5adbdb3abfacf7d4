import Fastify from 'fastify'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from './build-test-app'
import { createMember } from './factories'
import { installSecretsGuard } from './secrets-guard'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

it('flags hashes, secret fields and other members’ emails, and lets clean answers through', async () => {
  const other = await createMember(t.db)
  const app = Fastify()
  app.decorateRequest('user', null)
  const check = installSecretsGuard(app)
  app.get('/leaky', async () => ({ hash: 'scrypt$16384$8$1$abc$def', resetToken: 'x', email: other.email }))
  app.get('/clean', async () => ({ name: 'fine', resetToken: null }))
  await app.inject({ method: 'GET', url: '/leaky' })
  expect(await check(t.db)).toEqual([
    '/leaky carried a password hash',
    '/leaky carried "resetToken"',
    `/leaky showed member ${other.id}'s email to a visitor`,
  ])
  const cleanApp = Fastify()
  cleanApp.decorateRequest('user', null)
  const checkClean = installSecretsGuard(cleanApp)
  cleanApp.get('/clean', async () => ({ name: 'fine', resetToken: null }))
  await cleanApp.inject({ method: 'GET', url: '/clean' })
  expect(await checkClean(t.db)).toEqual([])
})

it('flags an API token anywhere but the answer that creates it', async () => {
  const token = `vch_${'A'.repeat(43)}`
  const app = Fastify()
  app.decorateRequest('user', null)
  const check = installSecretsGuard(app)
  app.post('/api/account/tokens', async () => ({ id: 1, token }))
  app.get('/api/account/tokens', async () => ({ tokens: [{ id: 1, token }] }))
  app.get('/api/hashes', async () => ({ tokenHash: 'abc' }))
  await app.inject({ method: 'POST', url: '/api/account/tokens' })
  await app.inject({ method: 'GET', url: '/api/account/tokens' })
  await app.inject({ method: 'GET', url: '/api/hashes' })
  expect(await check(t.db)).toEqual([
    '/api/account/tokens carried an API token',
    '/api/hashes carried "tokenHash"',
  ])
})
