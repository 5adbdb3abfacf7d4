import { randomBytes } from 'node:crypto'
import { isIP } from 'node:net'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { measurePassword } from '@vouched/shared/password-meter'
import { passwordProblem } from '@vouched/shared/password-policy'
import { z } from 'zod'
import { SERVER_ROOT } from './server-root'

const ZEnv = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
    PORT: z.coerce.number().int().min(0).max(65535).default(3000),
    HOST: z.string().min(1).optional(),
    DATABASE_URL: z
      .string()
      .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
      .optional(),
    DATA_DIR: z.string().min(1).default('./data'),
    PUBLIC_URL: z.url().optional(),
    SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    SMTP_URL: z
      .string()
      .regex(/^smtps?:\/\//, 'must start with smtp:// or smtps://')
      .optional(),
    MAIL_FROM: z.string().min(3).default('Vouched <no-reply@vouched.local>'),
    ADMIN_PASSWORD: z.string().min(8, 'must be at least 8 characters').optional(),
    ADMIN_EMAIL: z.email().optional(),
    SEED_DEMO: z.enum(['0', '1']).optional(),
    RATE_LIMIT: z.enum(['on', 'off']).default('on'),
    REQUIRE_ADMIN_2FA: z.enum(['0', '1']).default('0'),
    REDIS_URL: z
      .string()
      .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
      .optional(),
    REDIS_PREFIX: z.string().min(1).max(64).default('vouched:'),
    METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
    TRUST_PROXY: z
      .string()
      .default('0')
      .transform((value, context) => {
        const parsed = parseTrustProxy(value)
        if (parsed === null) {
          context.addIssue({
            code: 'custom',
            message:
              'must be 0, a hop count (1-10) or a comma-separated list of proxy addresses or CIDRs (never all addresses)',
          })
          return z.NEVER
        }
        return parsed
      }),
    SESSION_CACHE_SIZE: z.coerce.number().int().min(0).max(10_000_000).default(10_000),
    PROFILE_CACHE_SIZE: z.coerce.number().int().min(0).max(1_000_000).default(2_000),
    SEARCH_CACHE_SIZE: z.coerce.number().int().min(0).max(100_000).default(500),
    CACHE_HEARTBEAT_MS: z.coerce.number().int().min(50).max(60_000).default(5_000),
    DIGEST_INTERVAL_MS: z.coerce
      .number()
      .int()
      .max(3_600_000)
      .refine((ms) => ms === 0 || ms >= 10_000, 'must be 0 (off) or between 10000 and 3600000')
      .default(300_000),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional(),
    FEDERATION: z.enum(['on', 'off']).default('off'),
    FEDERATION_PRIVATE_ADDRESSES: z.enum(['0', '1']).default('0'),
  })
  // The admin account is the one most worth guessing: the members' password rules apply to it too.
  .superRefine((env, ctx) => {
    if (env.ADMIN_PASSWORD === undefined) return
    const problem = passwordProblem(
      env.ADMIN_PASSWORD,
      { username: 'admin', email: env.ADMIN_EMAIL },
      measurePassword,
    )
    if (problem) ctx.addIssue({ code: 'custom', message: problem, path: ['ADMIN_PASSWORD'] })
  })

export type Config = {
  env: 'development' | 'production' | 'test'
  port: number
  host: string
  databaseUrl: string | undefined
  dataDir: string
  publicUrl: string
  sessionSecret: string
  smtpUrl: string | undefined
  mailFrom: string
  adminPassword: string | undefined
  adminEmail: string | undefined
  seedDemo: boolean
  rateLimit: boolean
  /** REQUIRE_ADMIN_2FA=1: admin routes refuse admins who have not turned two-factor sign-in on. */
  requireAdminTwoFactor: boolean
  /** Where instances count rate limits together; unset, each instance counts in its own memory. */
  redisUrl: string | undefined
  /** Starts every key this site writes in Redis, so several sites can share one Redis. */
  redisPrefix: string
  /** Recompute trust scores after changes and hourly (features/trust); test apps do it by hand. */
  trustInBackground: boolean
  /** Turns `/metrics` on, for scrapers that send it as a bearer token. */
  metricsToken: string | undefined
  /**
   * Behind a reverse proxy: take the client IP and protocol from X-Forwarded-* headers, but only from
   * the given number of nearest hops or from the listed proxy addresses. False: never.
   */
  trustProxy: TrustProxy
  logLevel: string
  /**
   * Signed-in sessions (core/session-cache.ts) and viewers' blocks (blocks.queries.ts) each instance
   * keeps in memory; 0 turns the session, blocks and popular members' caches off and reads every time.
   */
  sessionCacheSize: number
  /** Profiles each instance keeps in memory (profiles.snapshots.ts); 0 reads every profile. */
  profileCacheSize: number
  /** Searches each instance keeps in memory (discovery.search-results.ts); 0 reads every search. */
  searchCacheSize: number
  /**
   * How often the cache invalidation listener proves it hears the database (core/cache-invalidation.ts);
   * a heartbeat not heard back by the next one turns every cache off until it is. Default 5,000 ms.
   */
  cacheHeartbeatMs?: number
  /**
   * How often this instance looks for digest mails due (features/digest); one instance at a time takes
   * them. 0 or absent (test apps, which run them by hand): never. Default 300,000 ms.
   */
  digestIntervalMs?: number
  /** Where the built web client lives; absent in API-only test runs. */
  webDist: string | undefined
  /**
   * FEDERATION=on: members who opt in are ActivityPub actors, found by WebFinger, followed from the
   * fediverse (features/federation, docs/federation.md). Off: those routes answer 404 and nothing is sent.
   */
  federation: boolean
  /**
   * FEDERATION_PRIVATE_ADDRESSES=1: fetch from and deliver to loopback and private addresses (two
   * instances on one machine, tests). Off, as it must be on the internet: a remote document cannot make
   * the server reach its own network.
   */
  federationPrivateAddresses: boolean
}

/** How many proxies in front of us to believe (a hop count), or which ones (addresses and CIDRs). */
export type TrustProxy = false | { hops: number } | { addresses: string[] }

export class ConfigError extends Error {}

/** The names proxy-addr knows for the private ranges. */
const NAMED_RANGES = new Set(['loopback', 'linklocal', 'uniquelocal'])

/**
 * `0` → off; `1` … `10` → that many hops; otherwise a comma list of addresses, CIDRs or named ranges.
 * Null for anything else, including a range that covers every address (`0.0.0.0/0`, `::/0`).
 */
export function parseTrustProxy(value: string): TrustProxy | null {
  const text = value.trim()
  if (text === '0') return false
  if (/^\d+$/.test(text)) {
    const hops = Number(text)
    return hops >= 1 && hops <= 10 ? { hops } : null
  }
  const entries = text.split(',').map((entry) => entry.trim())
  const valid = (entry: string) => {
    if (NAMED_RANGES.has(entry)) return true
    const [address, bits, ...rest] = entry.split('/')
    const family = isIP(address ?? '')
    if (!family || rest.length > 0) return false
    if (bits === undefined) return true
    if (!/^\d+$/.test(bits)) return false
    const prefix = Number(bits)
    return prefix >= 1 && prefix <= (family === 4 ? 32 : 128)
  }
  return entries.length > 0 && entries.every(valid) ? { addresses: entries } : null
}

/**
 * The only reader of process.env: a bad value stops start-up with one line naming the variable.
 * `readOnly` (for `npm run doctor`) creates neither DATA_DIR nor a session secret: the secret is the
 * one already kept in DATA_DIR, or empty, and such a config never runs a server.
 */
export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  { readOnly = false }: { readOnly?: boolean } = {},
): Config {
  const parsed = ZEnv.safeParse(Object.fromEntries(Object.entries(env).filter(([, v]) => v !== '')))
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!
    throw new ConfigError(`Invalid environment variable ${String(issue.path[0])}: ${issue.message}`)
  }
  const e = parsed.data
  const dataDir = path.resolve(e.DATA_DIR)
  if (!readOnly) mkdirSync(dataDir, { recursive: true })
  const webDist = path.join(SERVER_ROOT, '../web/dist')
  const seedDemo = e.SEED_DEMO ? e.SEED_DEMO === '1' : e.NODE_ENV !== 'production'
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    // The demo's password is published in the README: unless HOST says otherwise, only this machine
    // can reach a server that seeds it.
    host: e.HOST ?? (seedDemo ? '127.0.0.1' : '0.0.0.0'),
    databaseUrl: e.DATABASE_URL,
    dataDir,
    publicUrl: (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ''),
    sessionSecret: e.SESSION_SECRET ?? (readOnly ? (keptSecret(dataDir) ?? '') : persistentSecret(dataDir)),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    adminPassword: e.ADMIN_PASSWORD,
    adminEmail: e.ADMIN_EMAIL,
    seedDemo,
    rateLimit: e.RATE_LIMIT === 'on',
    requireAdminTwoFactor: e.REQUIRE_ADMIN_2FA === '1',
    redisUrl: e.REDIS_URL,
    redisPrefix: e.REDIS_PREFIX,
    metricsToken: e.METRICS_TOKEN,
    trustInBackground: true,
    trustProxy: e.TRUST_PROXY,
    sessionCacheSize: e.SESSION_CACHE_SIZE,
    profileCacheSize: e.PROFILE_CACHE_SIZE,
    searchCacheSize: e.SEARCH_CACHE_SIZE,
    cacheHeartbeatMs: e.CACHE_HEARTBEAT_MS,
    digestIntervalMs: e.DIGEST_INTERVAL_MS,
    logLevel: e.LOG_LEVEL ?? (e.NODE_ENV === 'test' ? 'silent' : 'info'),
    webDist: existsSync(path.join(webDist, 'index.html')) ? webDist : undefined,
    federation: e.FEDERATION === 'on',
    federationPrivateAddresses: e.FEDERATION_PRIVATE_ADDRESSES === '1',
  }
}

const secretFile = (dataDir: string) => path.join(dataDir, 'session-secret')

function keptSecret(dataDir: string): string | undefined {
  const file = secretFile(dataDir)
  return existsSync(file) ? readFileSync(file, 'utf8').trim() : undefined
}

/** Generated once and kept in DATA_DIR so sessions survive restarts without any setup. */
function persistentSecret(dataDir: string): string {
  const kept = keptSecret(dataDir)
  if (kept !== undefined) return kept
  const file = secretFile(dataDir)
  const secret = randomBytes(48).toString('base64url')
  writeFileSync(file, secret, { mode: 0o600 })
  return secret
}
