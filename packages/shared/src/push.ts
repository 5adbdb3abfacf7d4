import { z } from 'zod'
import { PREFERENCE_LABELS, PREFERENCE_TYPES, type TPreferenceType } from './account.constants'

/**
 * Web Push (issue 27, docs/decisions/147): a browser's PushSubscription as `toJSON()` gives it, and
 * per notification type whether the device is pushed it. The types are the mail preferences' types.
 */

export const PUSH_TYPES = PREFERENCE_TYPES
export type TPushType = TPreferenceType
export const PUSH_TYPE_LABELS = PREFERENCE_LABELS

export const PUSH_MESSAGES = {
  endpointInvalid: 'The push endpoint must be an https URL',
  keysInvalid: 'The subscription keys are not valid',
  notFound: 'This device is not subscribed',
  unsupported: 'This browser cannot receive push notifications',
  denied: 'Allow notifications for this site in your browser’s site settings, then turn this on again.',
  subscribed: 'This device will be notified',
  unsubscribed: 'This device will no longer be notified',
  subscribeFailed: 'Failed to turn on notifications on this device',
  saved: 'Device notifications saved',
  saveFailed: 'Failed to save the device notifications',
  // A push's title, by the notification's type; its body is the notification's own text.
  titleEndorsement: 'New endorsement',
  titleLike: 'New like',
  titleComment: 'New comment',
  titleConnection: 'Connections',
  titleMessage: 'New message',
  titleAnnouncement: 'Announcement',
  titleEndorsementRequest: 'Request to vouch',
  titleFollowRequest: 'Request to follow you',
  titleRemoteVouch: 'Vouch from another server',
} as const

/** Hosts a development or test push service may run on over plain http (the server refuses it in production). */
export const LOCAL_PUSH_HOSTS = ['localhost', '127.0.0.1', '[::1]'] as const

export const ENDPOINT_MAX = 2048

/** An https URL; http only on this machine (a local push service in development and tests). */
export function isAcceptedEndpoint(value: string, allowLocalHttp: boolean) {
  let url: URL
  try {
    url = new URL(value)
  } catch {
    return false
  }
  if (url.username || url.password) return false
  if (url.protocol === 'https:') return true
  return (
    allowLocalHttp &&
    url.protocol === 'http:' &&
    (LOCAL_PUSH_HOSTS as readonly string[]).includes(url.hostname)
  )
}

// base64url as browsers write it (padding tolerated): a P-256 public point is 65 bytes starting with
// 0x04 (so its text starts with "B"), an auth secret 16 bytes.
const P256DH = /^B[A-Za-z0-9_-]{86}=?$/
const AUTH = /^[A-Za-z0-9_-]{22}(==)?$/

export const ZPushSubscriptionJson = z.object({
  endpoint: z
    .string({ error: PUSH_MESSAGES.endpointInvalid })
    .max(ENDPOINT_MAX, PUSH_MESSAGES.endpointInvalid)
    .refine((value) => isAcceptedEndpoint(value, true), PUSH_MESSAGES.endpointInvalid),
  // Browsers add it; the push service's own expiry is learnt from its 404/410 answers instead.
  expirationTime: z.number().nullable().optional(),
  keys: z.object(
    {
      p256dh: z.string({ error: PUSH_MESSAGES.keysInvalid }).regex(P256DH, PUSH_MESSAGES.keysInvalid),
      auth: z.string({ error: PUSH_MESSAGES.keysInvalid }).regex(AUTH, PUSH_MESSAGES.keysInvalid),
    },
    { error: PUSH_MESSAGES.keysInvalid },
  ),
})
export type TPushSubscriptionJson = z.infer<typeof ZPushSubscriptionJson>

/** Per-type switches; a type left out is on. Unknown types are refused. */
export const ZPushTypes = z.strictObject(
  Object.fromEntries(PUSH_TYPES.map((type) => [type, z.boolean().optional()])) as Record<
    TPushType,
    z.ZodOptional<z.ZodBoolean>
  >,
)
export type TPushTypesInput = z.input<typeof ZPushTypes>

/** Every type with its switch, as the server answers it. */
export const ZPushTypesState = z.object(
  Object.fromEntries(PUSH_TYPES.map((type) => [type, z.boolean()])) as Record<TPushType, z.ZodBoolean>,
)
export type TPushTypes = z.infer<typeof ZPushTypesState>

/** `POST /api/push/subscriptions`: upserted by endpoint; without `types` a known device keeps its own. */
export const ZPushSubscribeBody = z.object({
  subscription: ZPushSubscriptionJson,
  types: ZPushTypes.optional(),
})
export type TPushSubscribeBody = z.input<typeof ZPushSubscribeBody>

export const ZPushSubscription = z.object({
  endpoint: z.string(),
  types: ZPushTypesState,
  createdAt: z.string(),
})
export type TPushSubscription = z.infer<typeof ZPushSubscription>

/** `DELETE /api/push/subscriptions`: only one of the member's own devices. */
export const ZPushUnsubscribeBody = z.object({
  endpoint: z.string({ error: PUSH_MESSAGES.endpointInvalid }).min(1).max(ENDPOINT_MAX),
})
export type TPushUnsubscribeBody = z.input<typeof ZPushUnsubscribeBody>

export const ZPushPublicKey = z.object({ publicKey: z.string() })
export type TPushPublicKey = z.infer<typeof ZPushPublicKey>

/** What a push carries to the service worker: what the live notification shows, and where it leads. */
export const ZPushPayload = z.object({
  title: z.string(),
  body: z.string(),
  url: z.string(),
  tag: z.string(),
})
export type TPushPayload = z.infer<typeof ZPushPayload>
