import { describe, expect, it } from 'vitest'
import { groupOf, summariseProfile, type CpuProfile } from './cpu-profile-summary'

const frame = (functionName: string, url = '', lineNumber = 0) => ({ functionName, url, lineNumber })

describe('groupOf', () => {
  it('names the package, the app folder or node family a function comes from', () => {
    expect(groupOf(frame('parse', 'file:///w/node_modules/pg-protocol/dist/parser.js'))).toBe('pg-protocol')
    expect(groupOf(frame('x', 'file:///w/node_modules/@fastify/cookie/index.js'))).toBe('@fastify/cookie')
    expect(groupOf(frame('getProfile', 'file:///w/apps/server/src/features/profiles/p.ts'))).toBe(
      'app: features/profiles',
    )
    expect(groupOf(frame('cached', 'file:///w/apps/server/src/core/cache.ts'))).toBe('app: core')
    expect(groupOf(frame('writeGeneric', 'node:internal/stream_base_commons'))).toBe(
      'node: sockets and streams',
    )
    expect(groupOf(frame('wasm-function[3718]', 'wasm://wasm/022a9842'))).toBe(
      'PostgreSQL in WebAssembly (PGlite)',
    )
    expect(groupOf(frame('(garbage collector)'))).toBe('garbage collection')
    expect(groupOf(frame('stringify'))).toBe('built-ins (JSON, strings, buffers, ...)')
  })
})

describe('summariseProfile', () => {
  it('shares busy time by group and function, leaving idle out', () => {
    const profile: CpuProfile = {
      nodes: [
        { id: 1, callFrame: frame('(idle)') },
        { id: 2, callFrame: frame('parse', 'file:///w/node_modules/pg-protocol/dist/parser.js', 9) },
        { id: 3, callFrame: frame('(garbage collector)') },
      ],
      // Each sample's time is the next delta: idle 5 ms, parse 3 + 3 ms, GC 2 ms.
      samples: [1, 2, 2, 3, 1],
      timeDeltas: [0, 5000, 3000, 3000, 2000],
    }
    const summary = summariseProfile(profile)
    expect(summary.busyMs).toBe(8)
    expect(summary.byGroup).toEqual([
      { name: 'pg-protocol', share: 0.75 },
      { name: 'garbage collection', share: 0.25 },
    ])
    expect(summary.byFunction[0]).toEqual({ name: 'parse pg-protocol/dist/parser.js:10', share: 0.75 })
  })
})
