import type { TPushSubscriptionJson } from '@vouched/shared/push'

/**
 * This browser's side of Web Push: the service worker (public/sw.js, at the site's root so that it
 * serves every page), the notification permission and the push subscription.
 */

export const SERVICE_WORKER_URL = '/sw.js'

export type PushSupport = 'supported' | 'unsupported'
export type PushPermission = 'default' | 'granted' | 'denied'

export function pushSupport(): PushSupport {
  return typeof window !== 'undefined' &&
    'serviceWorker' in navigator &&
    'PushManager' in window &&
    'Notification' in window
    ? 'supported'
    : 'unsupported'
}

export const notificationPermission = (): PushPermission => Notification.permission as PushPermission

/** The browser asks the member; resolves with their answer ("default" when they dismiss it). */
export const requestNotificationPermission = async (): Promise<PushPermission> =>
  (await Notification.requestPermission()) as PushPermission

async function registration() {
  const existing = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL)
  if (existing) return existing
  await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: '/' })
  return navigator.serviceWorker.ready
}

/** The subscription as the server takes it: `toJSON()` is base64url keys and the endpoint. */
const toJson = (subscription: PushSubscription) => subscription.toJSON() as TPushSubscriptionJson

/** This browser's subscription, if it has one, without asking for anything. */
export async function currentSubscription(): Promise<TPushSubscriptionJson | null> {
  const existing = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL)
  const subscription = await existing?.pushManager.getSubscription()
  return subscription ? toJson(subscription) : null
}

/** base64url (the server's VAPID public key) to the bytes `applicationServerKey` takes. */
export function base64UrlToBytes(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=')
  const binary = atob(base64)
  const bytes = new Uint8Array(new ArrayBuffer(binary.length))
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return bytes
}

/** Subscribes this browser for the server's key; an older subscription for another key is replaced. */
export async function subscribeBrowser(publicKey: string): Promise<TPushSubscriptionJson> {
  const reg = await registration()
  const applicationServerKey = base64UrlToBytes(publicKey)
  const existing = await reg.pushManager.getSubscription()
  if (existing) {
    const key = existing.options.applicationServerKey
    const same =
      key != null &&
      new Uint8Array(key).length === applicationServerKey.length &&
      new Uint8Array(key).every((byte, i) => byte === applicationServerKey[i])
    if (same) return toJson(existing)
    await existing.unsubscribe()
  }
  return toJson(await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey }))
}

/** Ends this browser's subscription; resolves with its endpoint (null when there was none). */
export async function unsubscribeBrowser(): Promise<string | null> {
  const existing = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL)
  const subscription = await existing?.pushManager.getSubscription()
  if (!subscription) return null
  await subscription.unsubscribe()
  return subscription.endpoint
}
