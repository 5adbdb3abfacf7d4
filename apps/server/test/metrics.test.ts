import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from './build-test-app'

const TOKEN = 'metrics-token-for-the-scraper'

describe('/metrics with METRICS_TOKEN set', () => {
  let t: TestApp
  beforeAll(async () => {
    // Production's cache sizes, so the caches the metrics read are really there.
    t = await buildTestApp({
      metricsToken: TOKEN,
      sessionCacheSize: 100,
      profileCacheSize: 100,
      searchCacheSize: 100,
    })
  })
  afterAll(() => t.close())

  const scrape = (authorization?: string) =>
    t.app.inject({ method: 'GET', url: '/metrics', headers: authorization ? { authorization } : {} })

  it('answers only the scraper that sends the token', async () => {
    for (const authorization of [undefined, 'Bearer wrong-token-of-some-length', TOKEN, `Basic ${TOKEN}`]) {
      const res = await scrape(authorization)
      expect(res.statusCode, String(authorization)).toBe(401)
      expect(res.json()).toMatchObject({ code: 'UNAUTHENTICATED' })
    }
  })

  it('counts requests and their latency by route pattern, never by the path typed', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health' })
    await t.app.inject({ method: 'GET', url: '/api/users/someone_nobody_knows' })
    const res = await scrape(`Bearer ${TOKEN}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toContain('text/plain')
    const body = res.body
    expect(body).toMatch(
      /vouched_http_requests_total\{method="GET",route="\/api\/health",status="200"\} [1-9]/,
    )
    expect(body).toMatch(
      /vouched_http_requests_total\{method="GET",route="\/api\/users\/:username",status="401"\} [1-9]/,
    )
    expect(body).not.toContain('someone_nobody_knows')
    expect(body).toMatch(
      /vouched_http_request_duration_seconds_count\{method="GET",route="\/api\/health"\} [1-9]/,
    )
  })

  it('reports live streams, queued mails, the process and, on PostgreSQL, the pool', async () => {
    const body = (await scrape(`Bearer ${TOKEN}`)).body
    expect(body).toMatch(/^vouched_live_streams 0$/m)
    expect(body).toMatch(/^vouched_notification_mails_queued \d+$/m)
    expect(body).toContain('vouched_process_resident_memory_bytes')
    expect(body).toContain('vouched_nodejs_eventloop_lag_seconds')
    expect(body).toMatch(/^vouched_cache_requests_total\{cache="profiles",result="hit"\} \d+$/m)
    expect(body).toMatch(/^vouched_cache_entries\{cache="sessions"\} \d+$/m)
    if (t.database.pool) expect(body).toMatch(/vouched_db_pool_connections\{state="idle"\} \d+/)
  })
})

describe('/metrics without METRICS_TOKEN', () => {
  let t: TestApp
  beforeAll(async () => {
    t = await buildTestApp()
  })
  afterAll(() => t.close())

  it('does not exist', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer anything' },
    })
    expect(res.statusCode).toBe(404)
  })
})
