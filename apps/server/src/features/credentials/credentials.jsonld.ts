import { createRequire } from 'node:module'

/**
 * jsonld.js copies the whole active context whenever it enters or leaves a type-scoped context
 * (`_cloneActiveContext`), deep-cloning every term definition and the `protected` flags with
 * `util.clone`. The Open Badges 3.0 context scopes a large context to almost every type a credential
 * names (Profile, Image, AchievementSubject, Achievement, EndorsementSubject…), so one signature made
 * ~45 deep copies of hundreds of term definitions: half its CPU time and most of its garbage, which
 * is what put the p99 of signing over 10 ms (jsonld.js issue 414; docs/decisions/151).
 *
 * What a clone copies is never changed in place but by the context being processed, a fresh clone:
 * `createTermDefinition` builds a new object for every (re)definition and replaces the map entry, and
 * `protected` flags are only ever set to true, and read only as "are there any". So a clone may share
 * its parent's term definitions copy-on-write (`CopyOnWriteMap`) and layer its flags over its parent's
 * (`layerFlags`), which is what `shareTermDefinitions` makes every active context do. The output is
 * unchanged (credentials.jsonld.test.ts compares the canonical N-Quads of credentials, proof options
 * and JSON-LD edge cases with and without it, errors included); only the copying goes.
 */

type ActiveContext = {
  mappings: Map<string, unknown>
  protected: Record<string, boolean>
  previousContext?: ActiveContext
  clone: (this: ActiveContext) => ActiveContext
  [key: string]: unknown
}
type ContextApi = { getInitialContext: (options: { processingMode?: string }) => ActiveContext }

/** The jsonld version whose `_cloneActiveContext` this replaces, checked line by line. */
export const JSONLD_VERSION = '9.0.0'

const require = createRequire(import.meta.url)
/** The jsonld the cryptosuite and the vc library use (one copy: `npm ls jsonld`). */
const jsonldDir = require.resolve('jsonld/package.json', {
  paths: [require.resolve('@digitalbazaar/eddsa-rdfc-2022-cryptosuite')],
})
const jsonldVersion = (require(jsonldDir) as { version: string }).version
const contextApi = require(jsonldDir.replace(/package\.json$/, 'lib/context.js')) as ContextApi

/** The processing modes jsonld keys its initial contexts by (unset is what expansion uses). */
const PROCESSING_MODES = [undefined, 'json-ld-1.0', 'json-ld-1.1']

/**
 * The term definitions of an active context, shared with its clones until one of them writes: only
 * a context being processed writes (a fresh clone, once), the others are read, so most clones copy
 * nothing. Extends Map so that jsonld's own `util.clone` still copies it as one.
 */
export class CopyOnWriteMap<K, V> extends Map<K, V> {
  #map: Map<K, V>
  #shared: boolean

  private constructor(map: Map<K, V>, shared: boolean) {
    super()
    this.#map = map
    this.#shared = shared
  }

  /** A map with the entries of `from`, copied only when it or `from` is written to. */
  static share<K, V>(from: Map<K, V>): CopyOnWriteMap<K, V> {
    if (from instanceof CopyOnWriteMap) {
      from.#shared = true
      return new CopyOnWriteMap<K, V>(from.#map, true)
    }
    return new CopyOnWriteMap(new Map(from), false)
  }

  #own(): Map<K, V> {
    if (this.#shared) {
      // forEach, not `new Map(map)`: that allocates an entry array per term.
      const copy = new Map<K, V>()
      this.#map.forEach((value, key) => copy.set(key, value))
      this.#map = copy
      this.#shared = false
    }
    return this.#map
  }

  override get size() {
    return this.#map.size
  }
  override get(key: K) {
    return this.#map.get(key)
  }
  override has(key: K) {
    return this.#map.has(key)
  }
  override set(key: K, value: V) {
    this.#own().set(key, value)
    return this
  }
  override delete(key: K) {
    return this.#map.has(key) && this.#own().delete(key)
  }
  override clear() {
    this.#map = new Map()
    this.#shared = false
  }
  override keys() {
    return this.#map.keys()
  }
  override values() {
    return this.#map.values()
  }
  override entries() {
    return this.#map.entries()
  }
  override [Symbol.iterator]() {
    return this.#map[Symbol.iterator]()
  }
  override forEach(callback: (value: V, key: K, map: Map<K, V>) => void, thisArg?: unknown) {
    this.#map.forEach((value, key) => callback.call(thisArg, value, key, this))
  }
}

/** One context's `protected` flags: the ones it set, over those of the context it was cloned from. */
type FlagLayer = { below: FlagLayer | null; own: Record<string, true> | null; depth: number }

/** Layers deeper than this are flattened, so that listing the flags stays short. */
const MAX_FLAG_DEPTH = 32

/** What the flags proxy answers with its layer (cheaper than a WeakMap from proxies to layers). */
const LAYER = Symbol('protected flags layer')

function flagNames(layer: FlagLayer | null): string[] {
  const names = new Set<string>()
  for (let at = layer; at; at = at.below) for (const name in at.own) names.add(name)
  return [...names]
}

const flagHandler: ProxyHandler<FlagLayer> = {
  get: (layer, key) => {
    if (key === LAYER) return layer
    for (let at: FlagLayer | null = layer; at; at = at.below) if (at.own && key in at.own) return true
    return undefined
  },
  has: (layer, key) => typeof key === 'string' && flagNames(layer).includes(key),
  set: (layer, key, value) => {
    if (typeof key !== 'string' || value !== true) return false
    ;(layer.own ??= {})[key] = true
    return true
  },
  deleteProperty: () => false,
  defineProperty: () => false,
  ownKeys: (layer) => flagNames(layer),
  getOwnPropertyDescriptor: (layer, key) =>
    typeof key === 'string' && flagNames(layer).includes(key)
      ? { value: true, writable: true, enumerable: true, configurable: true }
      : undefined,
}

/**
 * The `protected` flags of an active context (term → true), layered over its parent's instead of
 * copied: jsonld only sets flags (to true) and asks whether there are any (`Object.keys(...).length`).
 */
export function layerFlags(from: Record<string, boolean>): Record<string, boolean> {
  let below = ((from as Record<symbol, unknown>)[LAYER] as FlagLayer | undefined) ?? null
  if (!below) {
    const own: Record<string, true> = {}
    for (const name in from) if (from[name]) own[name] = true
    below = { below: null, own, depth: 0 }
  }
  if (below.depth >= MAX_FLAG_DEPTH) {
    const own: Record<string, true> = {}
    for (const name of flagNames(below)) own[name] = true
    below = { below: null, own, depth: 0 }
  }
  const layer: FlagLayer = { below, own: null, depth: below.depth + 1 }
  return new Proxy(layer, flagHandler) as unknown as Record<string, boolean>
}

/** `_cloneActiveContext` of jsonld 9.0.0, with the term definitions shared instead of deep-cloned. */
function cloneSharingTermDefinitions(this: ActiveContext): ActiveContext {
  const child: ActiveContext = {
    mappings: CopyOnWriteMap.share(this.mappings),
    clone: this.clone,
    inverse: null,
    getInverse: this.getInverse,
    protected: layerFlags(this.protected),
    revertToPreviousContext: this.revertToPreviousContext,
  }
  if (this.previousContext) child.previousContext = this.previousContext.clone()
  if ('@base' in this) child['@base'] = this['@base']
  if ('@language' in this) child['@language'] = this['@language']
  if ('@vocab' in this) child['@vocab'] = this['@vocab']
  return child
}

let original: ActiveContext['clone'] | undefined

/**
 * Makes every active context jsonld derives from now on share term definitions (each clone inherits
 * its parent's `clone`, and all descend from the cached initial contexts). Does nothing on a jsonld
 * other than the one checked: an upgrade is slower until someone re-reads `_cloneActiveContext`.
 * Returns whether the sharing is on.
 */
export function shareTermDefinitions(on = true): boolean {
  if (jsonldVersion !== JSONLD_VERSION) return false
  for (const processingMode of PROCESSING_MODES) {
    const initial = contextApi.getInitialContext({ processingMode })
    original ??= initial.clone
    initial.clone = on ? cloneSharingTermDefinitions : original
  }
  return on
}

/** Whether jsonld is the checked version (a test fails on an upgrade, so the patch is re-read). */
export const jsonldIsChecked = () => jsonldVersion === JSONLD_VERSION
