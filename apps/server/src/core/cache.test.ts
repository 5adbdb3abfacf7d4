import { describe, expect, it } from 'vitest'
import { createCache, type CacheOptions, type StaleOn } from './cache'

type Card = { id: number; name: string; endorsers: number[] }

const options = (overrides: Partial<CacheOptions<string, Card>> = {}): CacheOptions<string, Card> => ({
  name: 'test',
  maxEntries: 100,
  maxBytes: 1_000_000,
  sizeOf: (card) => card.name.length,
  ttlMs: 60_000,
  staleOn: (card): StaleOn[] => [`member:${card.id}`, ...card.endorsers.map((id) => `member:${id}` as const)],
  ...overrides,
})

/** A read that waits until the test lets it finish, counting how often it ran. */
function gatedRead(card: Card) {
  let open!: () => void
  const gate = new Promise<void>((resolve) => (open = resolve))
  const read = { calls: 0, open: () => open(), load: async () => {} }
  read.load = async () => {
    read.calls += 1
    await gate
  }
  return {
    read,
    load: async () => {
      await read.load()
      return { ...card }
    },
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

describe('createCache', () => {
  it('shares one read between concurrent misses of a key, then answers from memory', async () => {
    const cache = createCache(options())
    const { read, load } = gatedRead({ id: 1, name: 'ann', endorsers: [] })
    const first = cache.fetch('ann', load)
    const second = cache.fetch('ann', load)
    read.open()
    expect(await first).toEqual(await second)
    expect(read.calls).toBe(1)
    await cache.fetch('ann', load)
    expect(read.calls).toBe(1)
    expect(cache.peek('ann')?.name).toBe('ann')
  })

  it('does not keep a fill that a delete of its key reached while it was reading', async () => {
    const cache = createCache(options())
    const { read, load } = gatedRead({ id: 1, name: 'before', endorsers: [] })
    const racing = cache.fetch('ann', load)
    await sleep(0)
    cache.delete('ann')
    read.open()
    // Its caller still gets what it read; the next one reads again.
    expect((await racing)?.name).toBe('before')
    expect(cache.peek('ann')).toBeUndefined()
    const fresh = await cache.fetch('ann', async () => ({ id: 1, name: 'after', endorsers: [] }))
    expect(fresh?.name).toBe('after')
    expect(cache.peek('ann')?.name).toBe('after')
  })

  it('reads again when a change of a member it shows reached the fill while it was reading', async () => {
    const cache = createCache(options())
    // Which members the entry shows is known only once it has been read.
    const { read, load } = gatedRead({ id: 1, name: 'ann', endorsers: [7] })
    const before = cache.fetch('ann', load)
    await sleep(0)
    cache.invalidate({ kind: 'member', ids: [7] })
    // A request after the change joins the fill, and must not get what was read before the change.
    const after = cache.fetch('ann', load)
    read.open()
    await Promise.all([before, after])
    expect(read.calls).toBe(2)
    expect(cache.peek('ann')?.name).toBe('ann')
  })

  it('keeps a fill that only changes of other members or kinds reached', async () => {
    const cache = createCache(options())
    const { read, load } = gatedRead({ id: 1, name: 'ann', endorsers: [7] })
    const racing = cache.fetch('ann', load)
    await sleep(0)
    cache.invalidate({ kind: 'member', ids: [8] })
    cache.invalidate({ kind: 'reaction', ids: [1] })
    read.open()
    await racing
    expect(cache.peek('ann')?.name).toBe('ann')
  })

  it('drops exactly the entries a change names, by member or by kind', async () => {
    const cache = createCache(options())
    await cache.fetch('ann', async () => ({ id: 1, name: 'ann', endorsers: [3] }))
    await cache.fetch('bob', async () => ({ id: 2, name: 'bob', endorsers: [] }))
    await cache.fetch('cy', async () => ({ id: 3, name: 'cy', endorsers: [] }))
    cache.invalidate({ kind: 'member', ids: [3] })
    expect(cache.peek('ann')).toBeUndefined()
    expect(cache.peek('cy')).toBeUndefined()
    expect(cache.peek('bob')?.name).toBe('bob')
    cache.invalidate({ kind: 'session', ids: 'all' })
    expect(cache.peek('bob')?.name).toBe('bob')
    cache.invalidate({ kind: 'member', ids: 'all' })
    expect(cache.size).toBe(0)
  })

  it('drops an entry stale on a whole kind at any change of that kind', async () => {
    const cache = createCache(options({ staleOn: () => ['endorsement'] }))
    await cache.fetch('search', async () => ({ id: 0, name: 'list', endorsers: [] }))
    cache.invalidate({ kind: 'reaction', ids: [5] })
    expect(cache.size).toBe(1)
    cache.invalidate({ kind: 'endorsement', ids: [5] })
    expect(cache.size).toBe(0)
  })

  it('answers an entry only within its time to live', async () => {
    const cache = createCache(options({ ttlMs: 30 }))
    let reads = 0
    const load = async () => ({ id: 1, name: `read ${++reads}`, endorsers: [] })
    await cache.fetch('ann', load)
    expect((await cache.fetch('ann', load))?.name).toBe('read 1')
    await sleep(60)
    expect((await cache.fetch('ann', load))?.name).toBe('read 2')
  })

  it('stays within its size bound, dropping the least recently used first', async () => {
    const cache = createCache(options({ maxBytes: 10, sizeOf: () => 4 }))
    for (const name of ['a', 'b']) await cache.fetch(name, async () => ({ id: 1, name, endorsers: [] }))
    cache.peek('a')
    await cache.fetch('a', async () => ({ id: 1, name: 'a', endorsers: [] }))
    await cache.fetch('c', async () => ({ id: 1, name: 'c', endorsers: [] }))
    expect(cache.size).toBe(2)
    expect(cache.peek('b')).toBeUndefined()
    expect(cache.peek('a')).toBeDefined()
  })

  it('reads every time while not live, and keeps nothing read then', async () => {
    let live = true
    const cache = createCache(options({ live: () => live }))
    let reads = 0
    const load = async () => ({ id: 1, name: `read ${++reads}`, endorsers: [] })
    await cache.fetch('ann', load)
    live = false
    expect((await cache.fetch('ann', load))?.name).toBe('read 2')
    expect(cache.peek('ann')).toBeUndefined()
  })

  it('reads every time when sized 0', async () => {
    const cache = createCache(options({ maxEntries: 0 }))
    let reads = 0
    const load = async () => ({ id: 1, name: 'ann', endorsers: [(reads += 1)] })
    await cache.fetch('ann', load)
    await cache.fetch('ann', load)
    expect(reads).toBe(2)
  })

  it('refuses, at compile time, a value type that could hold a secret', () => {
    type Row = { id: number; password: string }
    const base = { name: 'rows', maxEntries: 1, maxBytes: 1, sizeOf: () => 1, ttlMs: 1, staleOn: () => [] }
    // @ts-expect-error a password hash may not be cached
    createCache<number, Row>(base)
    // @ts-expect-error nor an email deep inside the value
    createCache<number, { list: { owner: { email: string } }[] }>(base)
    expect(createCache<number, { id: number }>(base).size).toBe(0)
  })
})
