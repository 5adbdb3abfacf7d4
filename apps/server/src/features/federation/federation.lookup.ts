import { getNodeInfo, type KvStore } from '@fedify/fedify'
import { isActor, Link, type Actor } from '@fedify/vocab'
import { REMOTE_HANDLE_PATTERN } from '@vouched/shared/fediverse-following'
import type { Config } from '../../config'
import type { VouchedFederation } from './federation'
import { htmlToText, httpUrl } from './federation.text'
import { Temporal } from './temporal'

/** A fediverse account as this server found it: what it says of itself and where it receives activities. */
export type RemoteActor = {
  handle: string
  actorUri: string
  name: string | null
  summary: string | null
  avatarUrl: string | null
  url: string | null
  inboxUri: string
  sharedInboxUri: string | null
  /** NodeInfo's software name, lower case; null when the server does not say. */
  software: string | null
  /** Another Vouched instance (software `vouched`). */
  vouched: boolean
}

export type LookupFailure = 'invalid' | 'local' | 'not_found' | 'down'

/** Why a lookup found no account; the routes turn each into its answer (docs/decisions/155). */
export class LookupError extends Error {
  constructor(readonly reason: LookupFailure) {
    super(`fediverse lookup: ${reason}`)
  }
}

export type LookupDeps = { fedify: VouchedFederation; config: Config; kv: KvStore }

/** Long enough to spare the remote server a member typing, short enough that a new name shows soon. */
const CACHE_TTL = Temporal.Duration.from({ minutes: 5 })
/** A remote server has this long to answer each request a lookup makes. */
const FETCH_TIMEOUT_MS = 8_000
const cacheKey = (key: string) => ['vouched', 'lookup', key] as const

type Parsed = { kind: 'handle'; user: string; host: string } | { kind: 'url'; url: URL }

/** `@user@host`, `user@host` or an actor's http(s) URL; null for anything else. */
export function parseRemoteHandle(input: string): Parsed | null {
  const text = input.trim()
  if (/^https?:\/\//i.test(text)) {
    try {
      const url = new URL(text)
      return url.username || url.password ? null : { kind: 'url', url }
    } catch {
      return null
    }
  }
  const match = REMOTE_HANDLE_PATTERN.exec(text)
  return match ? { kind: 'handle', user: match[1]!, host: match[2]!.toLowerCase() } : null
}

/**
 * Finds the fediverse account behind a handle or actor URL (issue 30): WebFinger, then the actor, then
 * the server's NodeInfo, cached for a few minutes in fedify's key–value store. Fedify's WebFinger asks
 * over https only; instances on loopback addresses (FEDERATION_PRIVATE_ADDRESSES=1: tests, the demo)
 * answer over http, which is asked when https finds nothing.
 */
export async function lookupRemoteActor(deps: LookupDeps, input: string): Promise<RemoteActor> {
  const parsed = parseRemoteHandle(input)
  if (!parsed) throw new LookupError('invalid')
  const ownHost = new URL(deps.config.publicUrl).host.toLowerCase()
  const host = parsed.kind === 'handle' ? parsed.host : parsed.url.host.toLowerCase()
  if (host === ownHost) throw new LookupError('local')
  const key = parsed.kind === 'handle' ? `acct:${parsed.user.toLowerCase()}@${parsed.host}` : parsed.url.href
  const cached = await deps.kv.get<RemoteActor>(cacheKey(key))
  if (cached) return cached

  const actorUrl = parsed.kind === 'url' ? parsed.url : await webFinger(deps, parsed.user, parsed.host)
  const ctx = deps.fedify.createContext(new URL(deps.config.publicUrl), undefined)
  let object: unknown
  try {
    object = await ctx.lookupObject(actorUrl.href, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) })
  } catch {
    throw new LookupError('down')
  }
  if (!isActor(object) || !object.id || !object.inboxId) throw new LookupError('not_found')
  const actor = await describe(
    deps,
    object,
    parsed.kind === 'handle' ? `@${parsed.user}@${parsed.host}` : null,
  )
  await deps.kv.set(cacheKey(key), actor, { ttl: CACHE_TTL })
  if (key !== actor.actorUri) await deps.kv.set(cacheKey(actor.actorUri), actor, { ttl: CACHE_TTL })
  return actor
}

async function webFinger(deps: LookupDeps, user: string, host: string): Promise<URL> {
  const resource = `acct:${user}@${host}`
  const ctx = deps.fedify.createContext(new URL(deps.config.publicUrl), undefined)
  const found = await ctx
    .lookupWebFinger(resource, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) })
    .catch(() => null)
  let links: readonly WebFingerLink[] | undefined = found?.links
  if (!links && deps.config.federationPrivateAddresses) links = await plainWebFinger(resource, host)
  const self = links?.find(
    (link) =>
      link.rel === 'self' &&
      typeof link.href === 'string' &&
      /^application\/(activity\+json|ld\+json)/.test(link.type ?? ''),
  )
  if (!self?.href) throw new LookupError('not_found')
  try {
    return new URL(self.href)
  } catch {
    throw new LookupError('not_found')
  }
}

type WebFingerLink = { rel?: string; type?: string; href?: string }

/** WebFinger over http, for instances on this machine only (FEDERATION_PRIVATE_ADDRESSES=1). */
async function plainWebFinger(resource: string, host: string): Promise<WebFingerLink[] | undefined> {
  const url = new URL(`http://${host}/.well-known/webfinger`)
  url.searchParams.set('resource', resource)
  const json = await fetchJson(url, 'application/jrd+json')
  const links = (json as { links?: unknown } | undefined)?.links
  return Array.isArray(links) ? (links as WebFingerLink[]) : undefined
}

/** A JSON document, undefined when it is missing or not JSON; a server that does not answer throws `down`. */
async function fetchJson(url: URL, accept: string): Promise<unknown> {
  let response: Response
  try {
    response = await fetch(url, {
      headers: { accept },
      redirect: 'error',
      signal: AbortSignal.timeout(FETCH_TIMEOUT_MS),
    })
  } catch {
    throw new LookupError('down')
  }
  if (!response.ok) return undefined
  try {
    return await response.json()
  } catch {
    return undefined
  }
}

async function describe(deps: LookupDeps, actor: Actor, typedHandle: string | null): Promise<RemoteActor> {
  const id = actor.id!
  const handle = typedHandle ?? `@${actor.preferredUsername?.toString() ?? 'unknown'}@${id.host}`
  let avatarUrl: string | null = null
  try {
    const icon = await actor.getIcon()
    const url = icon?.url
    avatarUrl = url instanceof Link ? (url.href?.href ?? null) : (url?.href ?? null)
  } catch {
    // A picture that cannot be fetched is no reason to miss the account.
  }
  const profileUrl = actor.url instanceof Link ? (actor.url.href?.href ?? null) : (actor.url?.href ?? null)
  const software = await remoteSoftware(new URL(id.origin), deps.config.federationPrivateAddresses)
  const summary = htmlToText(actor.summary?.toString(), 1_000)
  return {
    handle,
    actorUri: id.href,
    name: htmlToText(actor.name?.toString(), 200) || null,
    summary: summary || null,
    avatarUrl: httpUrl(avatarUrl),
    url: httpUrl(profileUrl),
    inboxUri: actor.inboxId!.href,
    sharedInboxUri: actor.endpoints?.sharedInbox?.href ?? null,
    software,
    vouched: software === 'vouched',
  }
}

/** A server's software name from its NodeInfo, lower case; null when it has none or does not answer. */
export async function remoteSoftware(origin: URL, privateAddresses: boolean): Promise<string | null> {
  try {
    if (!privateAddresses) {
      const info = await getNodeInfo(origin.origin, { parse: 'best-effort' })
      return info?.software.name.toLowerCase() ?? null
    }
    // Fedify's NodeInfo client refuses loopback addresses, where test and demo instances live.
    const index = (await fetchJson(new URL('/.well-known/nodeinfo', origin), 'application/json')) as
      { links?: { rel?: string; href?: string }[] } | undefined
    const link = index?.links?.find((item) =>
      /^http:\/\/nodeinfo\.diaspora\.software\/ns\/schema\/2\.[01]$/.test(item.rel ?? ''),
    )
    if (!link?.href) return null
    const info = (await fetchJson(new URL(link.href, origin), 'application/json')) as
      { software?: { name?: unknown } } | undefined
    return typeof info?.software?.name === 'string' ? info.software.name.toLowerCase() : null
  } catch {
    return null
  }
}
