import { FOLLOWER_MESSAGES } from '@vouched/shared/federation-followers'
import { AppError } from '../../core/errors'
import { LookupError, lookupRemoteActor, parseRemoteHandle, type LookupDeps } from './federation.lookup'

export type ResolvedActor = { actorUri: string; handle: string | null }

/**
 * The actor a member means to block, from `@name@host` or a URL (decision 154), found as the search
 * box finds accounts (federation.lookup.ts). A URL is looked up to learn the actor's own id (a Mastodon
 * profile page is not its actor id); when it cannot be, the URL itself is blocked, so a server that is
 * down can still be shut out. A handle must be found.
 */
export async function resolveActorToBlock(deps: LookupDeps, input: string): Promise<ResolvedActor> {
  const parsed = parseRemoteHandle(input)
  const ownHost = new URL(deps.config.publicUrl).host.toLowerCase()
  if (parsed && (parsed.kind === 'url' ? parsed.url.host.toLowerCase() : parsed.host) === ownHost) {
    throw new AppError('ACTOR_IS_LOCAL', FOLLOWER_MESSAGES.actorIsLocal, 400, 'actor')
  }
  const privateHttp = deps.config.federationPrivateAddresses
  if (!parsed || (parsed.kind === 'url' && parsed.url.protocol !== 'https:' && !privateHttp)) {
    throw new AppError('INVALID_ACTOR', FOLLOWER_MESSAGES.actorInvalid, 400, 'actor')
  }
  try {
    const actor = await lookupRemoteActor(deps, input)
    return { actorUri: actor.actorUri, handle: actor.handle }
  } catch (error) {
    if (!(error instanceof LookupError)) throw error
    if (error.reason === 'local') {
      throw new AppError('ACTOR_IS_LOCAL', FOLLOWER_MESSAGES.actorIsLocal, 400, 'actor')
    }
    if (error.reason === 'invalid') {
      throw new AppError('INVALID_ACTOR', FOLLOWER_MESSAGES.actorInvalid, 400, 'actor')
    }
    if (parsed.kind === 'handle') {
      throw new AppError('ACTOR_NOT_FOUND', FOLLOWER_MESSAGES.actorNotFound, 404, 'actor')
    }
    const url = new URL(parsed.url)
    url.hash = ''
    return { actorUri: url.href, handle: null }
  }
}
