/**
 * Reads a V8 CPU profile (.cpuprofile) and tells where the busy time went: by the package or part of
 * the app the code comes from, and by function (self time). Idle samples are left out, so shares are
 * of the time the process was working.
 */

type CallFrame = { functionName: string; url: string; lineNumber: number }
type ProfileNode = { id: number; callFrame: CallFrame }
export type CpuProfile = { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }

export type Share = { name: string; share: number }
export type ProfileSummary = { busyMs: number; byGroup: Share[]; byFunction: Share[] }

const NODE_MODULES = '/node_modules/'

/** The package, node's own module family, or the app's folder a function's code comes from. */
export function groupOf({ functionName, url }: CallFrame): string {
  if (!url) {
    if (functionName === '(garbage collector)') return 'garbage collection'
    if (functionName === '(program)') return 'V8 and native code outside JavaScript (program)'
    return 'built-ins (JSON, strings, buffers, ...)'
  }
  const inModules = url.lastIndexOf(NODE_MODULES)
  if (inModules >= 0) {
    const [scope, name] = url.slice(inModules + NODE_MODULES.length).split('/')
    return scope!.startsWith('@') ? `${scope}/${name}` : scope!
  }
  if (url.startsWith('wasm://')) return 'PostgreSQL in WebAssembly (PGlite)'
  if (url.startsWith('node:')) {
    return /net|stream|tcp|pipe/.test(url) ? 'node: sockets and streams' : 'node: other'
  }
  const app = url.match(/\/apps\/server\/src\/(features\/[^/]+|[^/]+)/)
  if (app) return `app: ${app[1]}`
  const shared = url.match(/\/packages\/shared\//)
  return shared ? 'app: packages/shared' : 'other'
}

const shortUrl = (url: string) => {
  const inModules = url.lastIndexOf(NODE_MODULES)
  if (inModules >= 0) return url.slice(inModules + NODE_MODULES.length)
  return url.replace(/^file:\/\/.*?\/(apps|packages)\//, '$1/')
}

function sortedShares(times: Map<string, number>, busy: number): Share[] {
  return [...times].map(([name, ms]) => ({ name, share: ms / busy })).sort((a, b) => b.share - a.share)
}

export function summariseProfile(profile: CpuProfile): ProfileSummary {
  const frames = new Map(profile.nodes.map((n) => [n.id, n.callFrame]))
  const byGroup = new Map<string, number>()
  const byFunction = new Map<string, number>()
  let busy = 0
  // A sample's time is the gap to the next sample: the profiler records where it found the thread.
  for (let i = 0; i < profile.samples.length - 1; i++) {
    const frame = frames.get(profile.samples[i]!)!
    if (frame.functionName === '(idle)') continue
    const ms = profile.timeDeltas[i + 1]! / 1000
    busy += ms
    const group = groupOf(frame)
    byGroup.set(group, (byGroup.get(group) ?? 0) + ms)
    const name = `${frame.functionName || '(anonymous)'}${frame.url ? ` ${shortUrl(frame.url)}:${frame.lineNumber + 1}` : ''}`
    byFunction.set(name, (byFunction.get(name) ?? 0) + ms)
  }
  return {
    busyMs: Math.round(busy),
    byGroup: sortedShares(byGroup, busy || 1),
    byFunction: sortedShares(byFunction, busy || 1),
  }
}
