import { createECDH } from 'node:crypto'
import { localizeMessage } from '@vouched/shared/i18n/localize'
import { DEFAULT_LOCALE, type TLocale } from '@vouched/shared/locale'
import { notificationTarget, type TNotificationLinkFields } from '@vouched/shared/notification-target'
import type { TNotificationType } from '@vouched/shared/notifications.constants'
import {
  isAcceptedEndpoint,
  PUSH_MESSAGES,
  PUSH_TYPES,
  type TPushPayload,
  type TPushSubscribeBody,
  type TPushSubscription,
  type TPushTypes,
} from '@vouched/shared/push'
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm'
import webpush from 'web-push'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { queryRows } from '../../db/client'
import { AppError } from '../../core/errors'
import {
  notifications,
  pushDeliveries,
  pushSubscriptions,
  pushVapidKeys,
  users,
  type StoredPushTypes,
} from '../../db/schema/index'

/**
 * Web Push (issue 27, docs/decisions/147): the instance's VAPID keys, members' device subscriptions, the
 * queue a notification writes its pushes to, and their delivery.
 */

export type VapidKeys = { publicKey: string; privateKey: string }

/**
 * The VAPID key pair, made on first use and kept. Instances starting together may both make one: the
 * unique index on the one row lets one insert win and every instance reads the winner.
 */
export async function findOrCreateVapidKeys(db: Db): Promise<VapidKeys> {
  const stored = () =>
    db
      .select({ publicKey: pushVapidKeys.publicKey, privateKey: pushVapidKeys.privateKey })
      .from(pushVapidKeys)
      .limit(1)
  const [found] = await stored()
  if (found) return found
  await db.insert(pushVapidKeys).values(webpush.generateVAPIDKeys()).onConflictDoNothing()
  const [made] = await stored()
  return made!
}

/**
 * Who push services may contact about our pushes: PUBLIC_URL when it is https, otherwise the mail
 * sender's address (web-push accepts only https: and mailto: subjects).
 */
export function vapidSubject(config: Config) {
  if (config.publicUrl.startsWith('https://')) return config.publicUrl
  const address = /<([^>]+)>/.exec(config.mailFrom)?.[1] ?? config.mailFrom.trim()
  return `mailto:${address}`
}

/** Every type with its switch: a type the row does not name is on. */
export function typesState(stored: StoredPushTypes): TPushTypes {
  return Object.fromEntries(PUSH_TYPES.map((type) => [type, stored[type] !== false])) as TPushTypes
}

const toSubscription = (row: { endpoint: string; types: StoredPushTypes; createdAt: Date }) => ({
  endpoint: row.endpoint,
  types: typesState(row.types),
  createdAt: row.createdAt.toISOString(),
})

/** A p256dh key the browser made is a point on P-256; anything else could never be encrypted to. */
function isP256Point(base64url: string) {
  try {
    const ecdh = createECDH('prime256v1')
    ecdh.generateKeys()
    ecdh.computeSecret(Buffer.from(base64url, 'base64url'))
    return true
  } catch {
    return false
  }
}

/**
 * Registers a device for the member, or updates it, by endpoint. A browser has one subscription per
 * site, so an endpoint registered by another member passes to whoever registers it now (the last member
 * to turn push on in that browser). Without `types`, a known device keeps its switches.
 */
export async function upsertSubscription(
  db: Db,
  config: Config,
  userId: number,
  sessionId: string | null,
  body: TPushSubscribeBody,
): Promise<{ subscription: TPushSubscription; created: boolean }> {
  const { endpoint, keys } = body.subscription
  // Plain http only reaches a push service on this machine, and only outside production.
  if (!isAcceptedEndpoint(endpoint, config.env !== 'production')) {
    throw new AppError('VALIDATION_ERROR', PUSH_MESSAGES.endpointInvalid, 400, 'subscription.endpoint')
  }
  if (!isP256Point(keys.p256dh)) {
    throw new AppError('VALIDATION_ERROR', PUSH_MESSAGES.keysInvalid, 400, 'subscription.keys.p256dh')
  }
  const types: StoredPushTypes | undefined = body.types && { ...typesState({}), ...body.types }
  const [row] = await db
    .insert(pushSubscriptions)
    .values({ userId, sessionId, endpoint, p256dh: keys.p256dh, auth: keys.auth, types: types ?? {} })
    .onConflictDoUpdate({
      target: pushSubscriptions.endpoint,
      set: {
        userId,
        sessionId,
        p256dh: keys.p256dh,
        auth: keys.auth,
        ...(types ? { types } : {}),
        updatedAt: sql`now()`,
      },
    })
    .returning({
      endpoint: pushSubscriptions.endpoint,
      types: pushSubscriptions.types,
      createdAt: pushSubscriptions.createdAt,
      created: sql<boolean>`(xmax = 0)`,
    })
  return { subscription: toSubscription(row!), created: row!.created }
}

/** Removes one of the member's own devices; false when the member has no such endpoint. */
export async function removeSubscription(db: Db, userId: number, endpoint: string) {
  const removed = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id })
  return removed.length > 0
}

// Set when a statement that may queue pushes is built, so that only the writes that notified someone
// look at the queue afterwards. Process-wide: with two apps in one process (tests) the next write of
// either sends, which any instance may do; an instance's own sweep catches anything left.
let pushesMaybeQueued = false

/** Whether a notification may have queued pushes since the last call; resets the mark. */
export function takePushesMaybeQueued(): boolean {
  const maybe = pushesMaybeQueued
  pushesMaybeQueued = false
  return maybe
}

/**
 * The pushes of a notification, as a CTE for the notification's own statement: it follows the CTE
 * `created` (the notification row, absent when the member's in-app preference is off, exactly when no
 * live event goes out either) and queues one push per device of the member whose switch for the type
 * is not off. Nothing is queued for a member without devices.
 */
export function pushWrites(userId: number, type: string): SQL {
  pushesMaybeQueued = true
  return sql`pushed as (
    insert into ${pushDeliveries} (notification_id, subscription_id)
    select created.id, s.id from created
    join ${pushSubscriptions} s on s.user_id = ${userId}::int
    where (s.types ->> ${type}::text) is distinct from 'false'
    returning 1
  )`
}

type PushedNotification = TNotificationLinkFields & {
  id: number
  /** The recipient's: a vouch from another server leads to their own profile. */
  ownUsername: string
}

const TITLES: Record<TNotificationType, string> = {
  endorsement: PUSH_MESSAGES.titleEndorsement,
  like: PUSH_MESSAGES.titleLike,
  comment: PUSH_MESSAGES.titleComment,
  connection: PUSH_MESSAGES.titleConnection,
  message: PUSH_MESSAGES.titleMessage,
  announcement: PUSH_MESSAGES.titleAnnouncement,
  'endorsement-request': PUSH_MESSAGES.titleEndorsementRequest,
  'follow-request': PUSH_MESSAGES.titleFollowRequest,
  'remote-vouch': PUSH_MESSAGES.titleRemoteVouch,
}

/**
 * What a push says: the live notification's own text (names and the category, never an email or what
 * anyone wrote) and the page it leads to, as the notification list links it (shared notificationTarget).
 * Written in the recipient's saved language, English when they saved none, as their mails are
 * (decision 153): a push, like a mail, has no browser request to ask. The stored text stays English.
 */
export function pushPayload(notification: PushedNotification, locale: TLocale | null = null): TPushPayload {
  const say = (text: string) => localizeMessage(text, locale ?? DEFAULT_LOCALE)
  return {
    title: say(TITLES[notification.type]),
    body: say(notification.message),
    url: notificationTarget(notification, notification.ownUsername) ?? '/notifications',
    tag: `notification-${notification.id}`,
  }
}

/** Sends one push; resolves with the push service's status, rejects with `statusCode` when it refused. */
export type PushSender = (
  subscription: { endpoint: string; keys: { p256dh: string; auth: string } },
  payload: string,
) => Promise<{ statusCode: number }>

export class PushRefused extends Error {
  constructor(readonly statusCode: number) {
    super(`The push service answered ${statusCode}`)
  }
}

/**
 * web-push encrypts the payload and signs the VAPID headers; the request is ours, through fetch: web-push
 * speaks only https, and a push service on this machine in development and tests is plain http
 * (isAcceptedEndpoint). Redirects are not followed: a push service answers, it does not send us on.
 */
export function webPushSender(keys: VapidKeys, subject: string): PushSender {
  return async (subscription, payload) => {
    const request = webpush.generateRequestDetails(subscription, payload, {
      vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
      // Half a day: a notification older than that is better read in the app.
      TTL: 12 * 60 * 60,
    })
    const response = await fetch(request.endpoint, {
      method: request.method,
      headers: request.headers,
      body: request.body ? new Uint8Array(request.body) : null,
      redirect: 'manual',
      signal: AbortSignal.timeout(10_000),
    })
    await response.body?.cancel()
    if (response.status < 200 || response.status > 299) throw new PushRefused(response.status)
    return { statusCode: response.status }
  }
}

const BATCH = 20
export const PUSH_ATTEMPTS = 3

type Claimed = {
  id: number
  attempts: number
  subscriptionId: number
  endpoint: string
  p256dh: string
  auth: string
  notificationId: number
  type: TNotificationType
  message: string
  entityId: number | null
  fromUserId: number | null
  fromUsername: string | null
  ownUsername: string
  locale: TLocale | null
}

type Outcome = 'sent' | 'gone' | 'retry' | 'failed'

function outcomeOf(error: unknown): Outcome {
  const status = (error as { statusCode?: unknown }).statusCode
  if (status === 404 || status === 410) return 'gone'
  // No answer (network, timeout), rate limited or the service's own failure: worth another try.
  if (typeof status !== 'number' || status === 429 || status >= 500) return 'retry'
  return 'failed'
}

type Logger = { warn: (obj: object, msg: string) => void }

/**
 * Sends the queued pushes. Each batch is claimed by deleting it (skipping rows another instance holds),
 * so two instances never send one push twice and no transaction stays open while a push service
 * answers. A device the service says is gone (404, 410) is removed; a push it could not take now is
 * queued again a minute later per attempt, up to 3 attempts; other refusals are logged. Returns how many
 * pushes the services accepted.
 */
export async function deliverPushes(db: Db, send: PushSender, log: Logger) {
  let sent = 0
  for (;;) {
    const batch = await queryRows<Claimed>(
      db,
      sql`with claimed as (
        delete from ${pushDeliveries} where id in (
          select id from ${pushDeliveries} where send_after <= now()
          order by id limit ${BATCH} for update skip locked)
        returning id, attempts, subscription_id, notification_id
      )
      select c.id, c.attempts, s.id as "subscriptionId", s.endpoint, s.p256dh, s.auth,
        n.id as "notificationId", n.type, n.message, n.entity_id as "entityId",
        n.from_user_id as "fromUserId", u.username as "fromUsername", r.username as "ownUsername", r.locale
      from claimed c
      join ${pushSubscriptions} s on s.id = c.subscription_id
      join ${notifications} n on n.id = c.notification_id
      join ${users} r on r.id = s.user_id
      left join ${users} u on u.id = n.from_user_id
      order by c.id`,
    )
    if (batch.length === 0) return sent
    const outcomes = await Promise.all(
      batch.map(async (push): Promise<Outcome> => {
        try {
          await send(
            { endpoint: push.endpoint, keys: { p256dh: push.p256dh, auth: push.auth } },
            JSON.stringify(pushPayload({ ...push, id: push.notificationId }, push.locale)),
          )
          return 'sent'
        } catch (error) {
          const outcome = outcomeOf(error)
          if (outcome !== 'gone') {
            // The endpoint is a capability URL: its origin says which service, the rest stays out of logs.
            const service = new URL(push.endpoint).origin
            const status = (error as { statusCode?: number }).statusCode
            log.warn({ service, status, attempt: push.attempts + 1 }, 'push failed')
          }
          return outcome
        }
      }),
    )
    const gone = batch.filter((_, i) => outcomes[i] === 'gone').map((push) => push.subscriptionId)
    if (gone.length > 0) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.id, gone))
    const again = batch.filter((push, i) => outcomes[i] === 'retry' && push.attempts + 1 < PUSH_ATTEMPTS)
    // One by one, and only while the device and the notification are still there (rare: a retry).
    for (const push of again) {
      await db.execute(sql`insert into ${pushDeliveries} (notification_id, subscription_id, attempts, send_after)
        select ${push.notificationId}::int, ${push.subscriptionId}::int, ${push.attempts + 1}::int,
          now() + make_interval(mins => ${push.attempts + 1}::int)
        where exists (select 1 from ${pushSubscriptions} where id = ${push.subscriptionId}::int)
          and exists (select 1 from ${notifications} where id = ${push.notificationId}::int)`)
    }
    sent += outcomes.filter((outcome) => outcome === 'sent').length
  }
}
