import { FOLLOWER_MESSAGES } from '@vouched/shared/federation-followers'
import { AppError } from '../../core/errors'
import type { Config } from '../../config'

export const federationOff = () => new AppError('FEDERATION_OFF', FOLLOWER_MESSAGES.federationOff, 409)

/**
 * The /api/federation routes on an instance that does not federate: 409. A preValidation hook, so it
 * runs after the session check and after the body is read: a malformed body is told as such (415,
 * 400, 413) on every instance, as on every other route.
 */
export const requireFederation = (config: Config) => async () => {
  if (!config.federation) throw federationOff()
}
