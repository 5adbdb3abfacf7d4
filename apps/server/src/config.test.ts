import { mkdtempSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { PASSWORD_MESSAGES } from '@vouched/shared/password-policy'
import { describe, expect, it } from 'vitest'
import { ConfigError, loadConfig } from './config'

const dataDir = () => mkdtempSync(path.join(tmpdir(), 'vouched-config-'))

describe('loadConfig', () => {
  it('applies the defaults of DECISIONS.md §2', () => {
    const config = loadConfig({ DATA_DIR: dataDir() })
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      publicUrl: 'http://localhost:3000',
      rateLimit: true,
      seedDemo: true,
      sessionCacheSize: 10_000,
      profileCacheSize: 2_000,
      searchCacheSize: 500,
      cacheHeartbeatMs: 5_000,
      digestIntervalMs: 300_000,
    })
    expect(config.databaseUrl).toBeUndefined()
  })

  it('binds a server that seeds the demo to this machine only, unless HOST says otherwise', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).host).toBe('127.0.0.1')
    expect(loadConfig({ DATA_DIR: dataDir(), SEED_DEMO: '0' }).host).toBe('0.0.0.0')
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' }).host).toBe('0.0.0.0')
    expect(loadConfig({ DATA_DIR: dataDir(), HOST: '0.0.0.0' }).host).toBe('0.0.0.0')
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production', HOST: '::1' }).host).toBe('::1')
  })

  it('keeps a generated session secret across starts', () => {
    const dir = dataDir()
    expect(loadConfig({ DATA_DIR: dir }).sessionSecret).toBe(loadConfig({ DATA_DIR: dir }).sessionSecret)
  })

  it('does not seed demo data in production or when SEED_DEMO=0', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), NODE_ENV: 'production' }).seedDemo).toBe(false)
    expect(loadConfig({ DATA_DIR: dataDir(), SEED_DEMO: '0' }).seedDemo).toBe(false)
  })

  it.each([
    ['password123', PASSWORD_MESSAGES.common],
    ['admin-2024-secret', PASSWORD_MESSAGES.containsUsername],
    ['        ', PASSWORD_MESSAGES.blank],
  ])('refuses a weak ADMIN_PASSWORD (%j) with the password rule', (password, message) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ADMIN_PASSWORD: password })).toThrow(
      new ConfigError(`Invalid environment variable ADMIN_PASSWORD: ${message}`),
    )
  })

  it('accepts a strong ADMIN_PASSWORD', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), ADMIN_PASSWORD: 'orchid-lantern-ferry' }).adminPassword).toBe(
      'orchid-lantern-ferry',
    )
  })

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL'],
    [{ PUBLIC_URL: 'not a url' }, 'PUBLIC_URL'],
    [{ RATE_LIMIT: 'maybe' }, 'RATE_LIMIT'],
    [{ REQUIRE_ADMIN_2FA: 'yes' }, 'REQUIRE_ADMIN_2FA'],
    [{ SMTP_URL: 'http://mail' }, 'SMTP_URL'],
    [{ SESSION_CACHE_SIZE: '-1' }, 'SESSION_CACHE_SIZE'],
    [{ SESSION_CACHE_SIZE: 'lots' }, 'SESSION_CACHE_SIZE'],
    [{ PROFILE_CACHE_SIZE: '-5' }, 'PROFILE_CACHE_SIZE'],
    [{ SEARCH_CACHE_SIZE: 'all' }, 'SEARCH_CACHE_SIZE'],
    [{ CACHE_HEARTBEAT_MS: '10' }, 'CACHE_HEARTBEAT_MS'],
    [{ DIGEST_INTERVAL_MS: '500' }, 'DIGEST_INTERVAL_MS'],
    [{ DIGEST_INTERVAL_MS: '-1' }, 'DIGEST_INTERVAL_MS'],
    [{ DIGEST_INTERVAL_MS: '86400000' }, 'DIGEST_INTERVAL_MS'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '11' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '0.0.0.0/0' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '::/0' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1, not-an-address' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.0/33' }, 'TRUST_PROXY'],
  ])('stops on a bad value with one line naming the variable (%o)', (env, name) => {
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(ConfigError)
    expect(() => loadConfig({ DATA_DIR: dataDir(), ...env })).toThrow(
      new RegExp(`^Invalid environment variable ${name}: `),
    )
  })

  it('asks admins for two-factor sign-in only with REQUIRE_ADMIN_2FA=1', () => {
    expect(loadConfig({ DATA_DIR: dataDir() }).requireAdminTwoFactor).toBe(false)
    expect(loadConfig({ DATA_DIR: dataDir(), REQUIRE_ADMIN_2FA: '0' }).requireAdminTwoFactor).toBe(false)
    expect(loadConfig({ DATA_DIR: dataDir(), REQUIRE_ADMIN_2FA: '1' }).requireAdminTwoFactor).toBe(true)
  })

  it('turns the session cache off with SESSION_CACHE_SIZE=0', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), SESSION_CACHE_SIZE: '0' }).sessionCacheSize).toBe(0)
  })

  it('reads TRUST_PROXY as off, a hop count or a list of proxies', () => {
    const trust = (value?: string) =>
      loadConfig({ DATA_DIR: dataDir(), ...(value === undefined ? {} : { TRUST_PROXY: value }) }).trustProxy
    expect(trust()).toBe(false)
    expect(trust('0')).toBe(false)
    expect(trust('1')).toEqual({ hops: 1 })
    expect(trust('2')).toEqual({ hops: 2 })
    expect(trust('127.0.0.1')).toEqual({ addresses: ['127.0.0.1'] })
    expect(trust('10.0.0.0/8, fd00::/8,loopback')).toEqual({
      addresses: ['10.0.0.0/8', 'fd00::/8', 'loopback'],
    })
  })

  it('strips a trailing slash from PUBLIC_URL', () => {
    expect(loadConfig({ DATA_DIR: dataDir(), PUBLIC_URL: 'https://vouched.example/' }).publicUrl).toBe(
      'https://vouched.example',
    )
  })
})
