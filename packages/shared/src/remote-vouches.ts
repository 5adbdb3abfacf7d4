import { z } from 'zod'
import { ZCreateEndorsementBody } from './endorsements'

/**
 * Vouching for members of other Vouched instances (issue 30; docs/decisions/156). The vouch's own
 * fields are the local endorsement's schemas, so both are validated alike.
 */

/** Each accepted remote vouch's worth, per instance it comes from, and the most they add up to. */
export const REMOTE_VOUCH_POINTS = 2
export const REMOTE_VOUCH_POINTS_MAX = 10

/** Points accepted remote vouches add to a reputation, from the number of instances they come from. */
export const remoteVouchPoints = (instances: number) =>
  Math.min(REMOTE_VOUCH_POINTS_MAX, REMOTE_VOUCH_POINTS * Math.max(0, instances))

export const REMOTE_VOUCH_MESSAGES = {
  actorUri: 'Enter the address of a member of another Vouched server',
  neverAnonymous: 'Vouches for members of other servers are never anonymous',
  notPublishing: 'Turn on publishing to the fediverse in your settings to vouch for members of other servers',
  actorNotFound: 'No account was found at this address',
  notVouched: 'This account is not on a Vouched server: only members of Vouched servers can receive vouches',
  localActor: 'This member is on this server: vouch for them from their profile',
  duplicate: 'You have already vouched for this member in this category',
  notYours: 'Only the member who received this vouch can accept or decline it',
  alreadyAccepted: 'This vouch was already accepted',
} as const

const vouchFields = ZCreateEndorsementBody.pick({ category: true, note: true, hashtags: true })

export const ZCreateRemoteVouchBody = vouchFields.extend({
  actorUri: z
    .string({ error: REMOTE_VOUCH_MESSAGES.actorUri })
    .trim()
    .max(2000, REMOTE_VOUCH_MESSAGES.actorUri)
    .refine(
      (value) => /^https?:\/\/[^\s]+$/i.test(value) && URL.canParse(value),
      REMOTE_VOUCH_MESSAGES.actorUri,
    ),
  /** Refused when true: the receiving server shows every remote vouch with its giver. */
  isAnonymous: z.literal(false, { error: REMOTE_VOUCH_MESSAGES.neverAnonymous }).optional(),
})

export type TCreateRemoteVouchBody = z.input<typeof ZCreateRemoteVouchBody>

export type TCreateRemoteVouch = z.output<typeof ZCreateRemoteVouchBody>

/** The vouch as an Offer's Note carries it, checked by the receiving server like a local one. */
export const ZRemoteVouchContent = vouchFields

export const ZRemoteVouchIdParams = z.object({ id: z.coerce.number().int().positive() })

export const ZRemoteVouchGiven = z.object({
  id: z.number().int(),
  actorUri: z.string(),
  handle: z.string(),
  category: z.string(),
  note: z.string().nullable(),
  hashtags: z.array(z.string()),
  createdAt: z.string(),
})

export type TRemoteVouchGiven = z.infer<typeof ZRemoteVouchGiven>

export const ZRemoteVouchesGiven = z.array(ZRemoteVouchGiven)

export type TRemoteVouchesGiven = z.infer<typeof ZRemoteVouchesGiven>

/** A vouch from another instance, with its origin: `@name@host`, the instance and the giver's page. */
export const ZRemoteVouchReceived = z.object({
  id: z.number().int(),
  handle: z.string(),
  instance: z.string(),
  actorUri: z.string(),
  profileUrl: z.string(),
  name: z.string().nullable(),
  category: z.string(),
  note: z.string().nullable(),
  hashtags: z.array(z.string()),
  status: z.enum(['pending', 'accepted']),
  createdAt: z.string(),
})

export type TRemoteVouchReceived = z.infer<typeof ZRemoteVouchReceived>

export const ZRemoteVouchesReceived = z.array(ZRemoteVouchReceived)

export type TRemoteVouchesReceived = z.infer<typeof ZRemoteVouchesReceived>

export const ZRemoteVouchesParams = z.object({ username: z.string().min(1).max(100) })
