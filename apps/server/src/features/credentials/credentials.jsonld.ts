import { createRequire } from 'node:module'

/**
 * jsonld.js copies the whole active context whenever it enters or leaves a type-scoped context
 * (`_cloneActiveContext`), deep-cloning every term definition with `util.clone`. The Open Badges 3.0
 * context scopes a large context to almost every type a credential names (Profile, Image,
 * AchievementSubject, Achievement, EndorsementSubject…), so one signature made ~20 deep copies of
 * hundreds of term definitions: half its CPU time and most of its garbage, which is what put the p99
 * of signing over 10 ms (jsonld.js issue 414; docs/decisions/151).
 *
 * A term definition is never changed once context processing has created it: `createTermDefinition`
 * builds a new object for every (re)definition and replaces the map entry; nothing else writes to one.
 * So a clone may share the definitions and copy only the map and the `protected` flags, which is what
 * `shareTermDefinitions` makes the active contexts do. The output is unchanged (credentials.jsonld.test.ts
 * compares canonical N-Quads with and without it); only the copying goes.
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
      this.#map = new Map(this.#map)
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

/** `_cloneActiveContext` of jsonld 9.0.0, with the term definitions shared instead of deep-cloned. */
function cloneSharingTermDefinitions(this: ActiveContext): ActiveContext {
  const child: ActiveContext = {
    mappings: CopyOnWriteMap.share(this.mappings),
    clone: this.clone,
    inverse: null,
    getInverse: this.getInverse,
    protected: { ...this.protected },
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
    if (process.env.SCRATCH_REVERT)
      initial.revertToPreviousContext = function (this: ActiveContext) {
        return this.previousContext ?? this
      }
  }
  return on
}

/** Whether jsonld is the checked version (a test fails on an upgrade, so the patch is re-read). */
export const jsonldIsChecked = () => jsonldVersion === JSONLD_VERSION
