import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { TPushPayload } from '@vouched/shared/push'
import type { CDPSession, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  startLocalPushService,
  type LocalPushService,
  type LocalSubscription,
} from '../apps/server/test/local-push-service'
import { registerViaApi, useBrowser } from './support/fixtures'
import { SCREENSHOT_DIR } from './support/screenshots'

const b = useBrowser()

let push: LocalPushService
beforeAll(async () => {
  push = await startLocalPushService()
})
afterAll(async () => {
  await push?.close()
})

/**
 * Headless Chromium has no push service of its own (it would register with Google's, over the network
 * this test run never uses), so `pushManager.subscribe` is answered from a local push service instead:
 * the page gets a real subscription (endpoint and keys) of `web-push-testing`, the server pushes to it
 * for real, and the test hands what arrived to the service worker through the DevTools protocol.
 */
async function useLocalPushService(page: Page) {
  const subscriptions: LocalSubscription[] = []
  await page.exposeFunction('__localPushSubscribe', async (applicationServerKey: string) => {
    const subscription = await push.subscribe(applicationServerKey)
    subscriptions.push(subscription)
    return { endpoint: subscription.endpoint, keys: subscription.keys }
  })
  await page.addInitScript(() => {
    type Local = { endpoint: string; keys: { p256dh: string; auth: string } }
    const subscribeLocally = (window as unknown as { __localPushSubscribe: (key: string) => Promise<Local> })
      .__localPushSubscribe
    let held: PushSubscription | null = null
    const toBase64Url = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '')
    PushManager.prototype.getSubscription = async () => held
    PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
      const key = new Uint8Array(options!.applicationServerKey as ArrayBuffer)
      const local = await subscribeLocally(toBase64Url(key))
      held = {
        endpoint: local.endpoint,
        expirationTime: null,
        options: { applicationServerKey: key.buffer, userVisibleOnly: true },
        toJSON: () => ({ endpoint: local.endpoint, expirationTime: null, keys: local.keys }),
        unsubscribe: async () => {
          held = null
          return true
        },
        getKey: () => null,
      } as unknown as PushSubscription
      return held
    }
  })
  return subscriptions
}

/** The service worker's registration id, as the DevTools protocol names it. */
async function registrationId(cdp: CDPSession, scope: string) {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const match = registrations.find(
        (registration) => registration.scopeURL === scope && !registration.isDeleted,
      )
      if (match) resolve(match.registrationId)
    })
  })
  await cdp.send('ServiceWorker.enable')
  return found
}

async function waitForMessages(subscription: LocalSubscription, count: number) {
  // Up to 30 s: on a loaded CI machine the push leaves after the endorsement's answer, not with it.
  for (let tries = 0; tries < 300; tries++) {
    const messages = await push.messages(subscription)
    if (messages.length >= count) return messages
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error(`No push arrived at ${subscription.endpoint}`)
}

describe('Web Push', () => {
  it('subscribes this device in /settings, and the service worker shows what the server pushed', async () => {
    const member = await registerViaApi(b.context, { fullName: 'Pia Pusher' })
    await b.context.grantPermissions(['notifications'], { origin: b.url('') })
    const subscriptions = await useLocalPushService(b.page)
    await b.page.goto(b.url('/settings'))

    const section = b.page.locator('#notifications')
    const device = section.getByRole('switch', { name: 'Notify me on this device' })
    await device.click()
    await b.toast('This device will be notified').waitFor()
    expect(await device.getAttribute('aria-checked')).toBe('true')
    const likes = section.getByRole('switch', {
      name: 'Likes on endorsements you gave or received: on this device',
    })
    await likes.click()
    await b.toast('Device notifications saved').waitFor()
    expect(await likes.getAttribute('aria-checked')).toBe('false')
    await b.page.evaluate(() => window.scrollTo(0, 0))
    await section.scrollIntoViewIfNeeded()
    await b.page.waitForTimeout(5_500) // the toasts leave
    await mkdir(SCREENSHOT_DIR, { recursive: true })
    await section.screenshot({ path: path.join(SCREENSHOT_DIR, 'settings-device-notifications.png') })

    // Another member endorses Pia: the server pushes to the device's endpoint.
    const other = await b.secondBrowser()
    await registerViaApi(other.context, { fullName: 'Otto Other' })
    const vouch = await other.context.request.post(b.url('/api/vouches'), {
      data: { toUserId: member.id, category: 'Leadership' },
    })
    expect(vouch.status()).toBe(201)
    const vouchId = ((await vouch.json()) as { id: number }).id
    const [arrived] = await waitForMessages(subscriptions[0]!, 1)
    const payload = JSON.parse(arrived!) as TPushPayload
    expect(payload).toMatchObject({
      title: 'New endorsement',
      body: 'Otto Other endorsed you for Leadership',
      url: `/vouches/${vouchId}`,
    })

    // The service worker gets it as from a push service and shows the notification.
    const cdp = await b.context.newCDPSession(b.page)
    const id = await registrationId(cdp, b.url('/'))
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: b.url(''),
      registrationId: id,
      data: arrived!,
    })
    const shown = async () =>
      b.page.evaluate(async () => {
        const registration = await navigator.serviceWorker.ready
        const notifications = await registration.getNotifications()
        return notifications.map((n) => ({
          title: n.title,
          body: n.body,
          url: (n.data as { url: string }).url,
        }))
      })
    let notifications = await shown()
    for (let tries = 0; notifications.length === 0 && tries < 150; tries++) {
      await b.page.waitForTimeout(100)
      notifications = await shown()
    }
    expect(notifications).toEqual([
      {
        title: 'New endorsement',
        body: 'Otto Other endorsed you for Leadership',
        url: b.url(`/vouches/${vouchId}`),
      },
    ])

    // Off again: the browser and the server both forget the device.
    await device.click()
    await b.toast('This device will no longer be notified').waitFor()
    expect(await likes.count()).toBe(0)
  })

  it('says clearly that notifications are blocked for the site', async () => {
    await registerViaApi(b.context)
    // Blocked for this site before the page loads, as a member who once said "Block" has it.
    const page = await b.context.newCDPSession(b.page)
    const { targetInfo } = await page.send('Target.getTargetInfo')
    const cdp = await b.browser.newBrowserCDPSession()
    await cdp.send('Browser.setPermission', {
      permission: { name: 'notifications' },
      setting: 'denied',
      origin: b.url(''),
      browserContextId: targetInfo.browserContextId,
    })
    await b.page.goto(b.url('/settings'))
    const section = b.page.locator('#notifications')
    const alert = section.getByRole('alert')
    await alert.waitFor()
    expect(await alert.textContent()).toContain('Notifications are blocked')
    expect(await section.getByRole('switch', { name: 'Notify me on this device' }).isDisabled()).toBe(true)
    await section.scrollIntoViewIfNeeded()
    await mkdir(SCREENSHOT_DIR, { recursive: true })
    await section.screenshot({ path: path.join(SCREENSHOT_DIR, 'settings-device-notifications-blocked.png') })
  })
})
