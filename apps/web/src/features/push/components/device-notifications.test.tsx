import { configure, screen, waitFor } from '@testing-library/react'
import {
  PUSH_MESSAGES,
  PUSH_TYPE_LABELS,
  type TPushSubscription,
  type TPushTypes,
} from '@vouched/shared/push'
import { afterEach, describe, expect, it } from 'vitest'
import { changeLocale } from '../../../lib/i18n/i18n'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { DeviceNotifications } from './device-notifications'

configure({ asyncUtilTimeout: 4000 })

const PUBLIC_KEY = 'BOr0tFv6RhPlL-8D3qy2kP8K1wH3xX_9mGZqC3cXZbH4Zk4Xo6D4nX6fB0uYw2mT0F8h9Qe7rS1vJ3kL5pN7aQs'
const ENDPOINT = 'https://push.example.test/send/device-1'
const KEYS = { p256dh: `B${'x'.repeat(86)}`, auth: 'a'.repeat(22) }

type Permission = 'default' | 'granted' | 'denied'

/**
 * jsdom has no Push API: this stands in for the browser's (service worker registration, push manager,
 * Notification permission) with the behaviour the spec gives them, so the feature's own code runs.
 */
function browserPush(
  { permission = 'default', answer = 'granted', subscribed = false } = {} as {
    permission?: Permission
    answer?: Permission
    subscribed?: boolean
  },
) {
  const state = { permission, prompts: 0, subscription: null as null | ReturnType<typeof makeSubscription> }
  function makeSubscription(applicationServerKey: ArrayBuffer) {
    return {
      endpoint: ENDPOINT,
      options: { applicationServerKey },
      toJSON: () => ({ endpoint: ENDPOINT, expirationTime: null, keys: KEYS }),
      unsubscribe: async () => {
        state.subscription = null
        return true
      },
    }
  }
  const registration = {
    pushManager: {
      getSubscription: async () => state.subscription,
      subscribe: async (options: { applicationServerKey: Uint8Array }) => {
        if (state.permission !== 'granted') throw new DOMException('Permission denied', 'NotAllowedError')
        state.subscription = makeSubscription(options.applicationServerKey.slice().buffer)
        return state.subscription
      },
    },
  }
  let registered = subscribed
  if (subscribed) state.subscription = makeSubscription(new ArrayBuffer(65))
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: {
      getRegistration: async () => (registered ? registration : undefined),
      register: async () => {
        registered = true
        return registration
      },
      ready: Promise.resolve(registration),
    },
  })
  Object.defineProperty(window, 'PushManager', { configurable: true, value: class PushManager {} })
  Object.defineProperty(window, 'Notification', {
    configurable: true,
    value: {
      get permission() {
        return state.permission
      },
      requestPermission: async () => {
        state.prompts++
        state.permission = answer
        return answer
      },
    },
  })
  return state
}

afterEach(() => {
  for (const [target, key] of [
    [navigator, 'serviceWorker'],
    [window, 'PushManager'],
    [window, 'Notification'],
  ] as const) {
    Reflect.deleteProperty(target, key)
  }
})

const ALL_ON: TPushTypes = { endorsement: true, like: true, comment: true, connection: true }

/** The server's side: one device at most, as POST/DELETE /api/push/subscriptions keep it. */
function pushServer(initial: TPushTypes | null = null) {
  let stored: TPushSubscription | null = initial && {
    endpoint: ENDPOINT,
    types: initial,
    createdAt: new Date().toISOString(),
  }
  const calls: { method: string; body: unknown }[] = []
  mockApi({
    'GET /api/push/public-key': { body: { publicKey: PUBLIC_KEY } },
    'POST /api/push/subscriptions': ({ method, body }) => {
      calls.push({ method, body })
      const { subscription, types } = body as { subscription: { endpoint: string }; types?: TPushTypes }
      stored = {
        endpoint: subscription.endpoint,
        types: { ...ALL_ON, ...stored?.types, ...types },
        createdAt: stored?.createdAt ?? new Date().toISOString(),
      }
      return { body: stored }
    },
    'DELETE /api/push/subscriptions': ({ method, body }) => {
      calls.push({ method, body })
      const found = stored?.endpoint === (body as { endpoint: string }).endpoint
      stored = null
      return found
        ? { body: { success: true } }
        : { status: 404, body: { message: PUSH_MESSAGES.notFound, code: 'NOT_FOUND' } }
    },
  })
  return { calls, stored: () => stored }
}

const me = makeUser({ id: 1, username: 'alice' })
const deviceSwitch = () => screen.getByRole('switch', { name: 'Notify me on this device' })

describe('Notify me on this device', () => {
  it('asks for permission, subscribes, switches a type off and unsubscribes', async () => {
    const browser = browserPush()
    const server = pushServer()
    const { user } = renderWithProviders(<DeviceNotifications />, { user: me })

    await waitFor(() => expect(deviceSwitch()).not.toBeChecked())
    expect(screen.queryByRole('group')).not.toBeInTheDocument()
    await user.click(deviceSwitch())
    await waitFor(() => expect(deviceSwitch()).toBeChecked())
    expect(browser.prompts).toBe(1)
    expect(server.calls[0]).toEqual({
      method: 'POST',
      body: { subscription: { endpoint: ENDPOINT, expirationTime: null, keys: KEYS }, types: ALL_ON },
    })
    expect(await screen.findByText(PUSH_MESSAGES.subscribed)).toBeInTheDocument()

    const likes = screen.getByRole('switch', { name: `${PUSH_TYPE_LABELS.like}: on this device` })
    expect(likes).toBeChecked()
    await user.click(likes)
    await waitFor(() => expect(likes).not.toBeChecked())
    expect(server.calls[1]!.body).toMatchObject({ types: { ...ALL_ON, like: false } })
    expect(server.stored()?.types.like).toBe(false)

    await user.click(deviceSwitch())
    await waitFor(() => expect(deviceSwitch()).not.toBeChecked())
    expect(server.calls[2]).toEqual({ method: 'DELETE', body: { endpoint: ENDPOINT } })
    expect(browser.subscription).toBeNull()
    expect(server.stored()).toBeNull()
    expect(screen.queryByRole('switch', { name: /: on this device$/ })).not.toBeInTheDocument()
  })

  it('says clearly when the member blocks notifications, and subscribes nothing', async () => {
    const browser = browserPush({ answer: 'denied' })
    const server = pushServer()
    const { user } = renderWithProviders(<DeviceNotifications />, { user: me })
    await user.click(await screen.findByRole('switch', { name: 'Notify me on this device' }))

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Notifications are blocked')
    expect(alert).toHaveTextContent(PUSH_MESSAGES.denied)
    expect(deviceSwitch()).not.toBeChecked()
    expect(deviceSwitch()).toBeDisabled()
    expect(browser.subscription).toBeNull()
    expect(server.calls).toEqual([])
  })

  it('shows a subscribed device with the switches the server keeps for it', async () => {
    browserPush({ permission: 'granted', subscribed: true })
    const server = pushServer({ ...ALL_ON, comment: false })
    renderWithProviders(<DeviceNotifications />, { user: me })

    await waitFor(() => expect(deviceSwitch()).toBeChecked())
    expect(
      screen.getByRole('switch', { name: `${PUSH_TYPE_LABELS.comment}: on this device` }),
    ).not.toBeChecked()
    expect(
      screen.getByRole('switch', { name: `${PUSH_TYPE_LABELS.endorsement}: on this device` }),
    ).toBeChecked()
    // The page load sends the browser's subscription again, without switches: the server keeps its own.
    expect(server.calls).toEqual([
      { method: 'POST', body: { subscription: { endpoint: ENDPOINT, expirationTime: null, keys: KEYS } } },
    ])
  })

  it('says so in a browser without Web Push', () => {
    pushServer()
    renderWithProviders(<DeviceNotifications />, { user: me })
    expect(screen.getByRole('status')).toHaveTextContent(PUSH_MESSAGES.unsupported)
    expect(screen.queryByRole('switch')).not.toBeInTheDocument()
  })

  it('speaks German: the switch, the blocked alert and the shared texts', async () => {
    await changeLocale('de')
    browserPush({ answer: 'denied' })
    pushServer()
    const { user } = renderWithProviders(<DeviceNotifications />, { user: me })
    await user.click(await screen.findByRole('switch', { name: 'Auf diesem Gerät benachrichtigen' }))

    const alert = await screen.findByRole('alert')
    expect(alert).toHaveTextContent('Benachrichtigungen sind blockiert')
    // The shared message comes from the shared German catalogue, not in English.
    expect(alert).not.toHaveTextContent(PUSH_MESSAGES.denied)
    expect(alert).toHaveTextContent(/Browser/)
    expect(screen.getByText(/auch wenn Vouched geschlossen ist/)).toBeInTheDocument()
  })

  it('names the types in German on a subscribed device', async () => {
    await changeLocale('de')
    browserPush({ permission: 'granted', subscribed: true })
    pushServer(ALL_ON)
    renderWithProviders(<DeviceNotifications />, { user: me })
    expect(
      await screen.findByRole('group', { name: 'Auf diesem Gerät benachrichtigen bei' }),
    ).toBeInTheDocument()
    const switches = screen.getAllByRole('switch', { name: /: auf diesem Gerät$/ })
    expect(switches).toHaveLength(4)
    expect(screen.queryByText(PUSH_TYPE_LABELS.like)).not.toBeInTheDocument()
  })
})
