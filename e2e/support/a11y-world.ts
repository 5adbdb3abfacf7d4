import type { Browser, BrowserContext } from 'playwright-core'
import { expect } from 'vitest'
import { baseUrl, registerViaApi, type TestMember } from './fixtures'

/*
 * The members and content the accessibility sweeps (accessibility.e2e.ts, keyboard.e2e.ts) walk
 * over, made once per file through the API.
 */
export type World = {
  me: TestMember
  other: TestMember
  conversationId: number
  vouchId: number
}
let world: World | undefined

async function post(context: BrowserContext, path: string, data: unknown = {}) {
  const res = await context.request.post(`${baseUrl()}${path}`, { data })
  if (res.status() >= 300) throw new Error(`POST ${path} answered ${res.status()}: ${await res.text()}`)
  return res.json() as Promise<Record<string, unknown>>
}

/**
 * Once per file: a member with an endorsement given and received (with a comment), a connection, a
 * conversation, a request received and one sent, and notifications, so every page shows its content.
 */
export async function setUpWorld(browser: Browser): Promise<World> {
  if (world) return world
  const contexts = await Promise.all([1, 2, 3].map(() => browser.newContext()))
  const [mine, theirs, asker] = contexts as [BrowserContext, BrowserContext, BrowserContext]
  try {
    const me = await registerViaApi(mine, { fullName: 'Ada Sweep', title: 'Accessibility Lead' })
    const other = await registerViaApi(theirs, { fullName: 'Grace Checker', title: 'Engineer' })
    await registerViaApi(asker, { fullName: 'Priya Asker' })
    const received = (await post(theirs, '/api/vouches', {
      toUserId: me.id,
      category: 'Technical Skills',
      hashtags: ['TypeScript', 'Accessibility'],
      note: 'Made every page usable with a keyboard.',
    })) as { id: number }
    await post(mine, '/api/vouches', { toUserId: other.id, category: 'Leadership', hashtags: ['Mentorship'] })
    await post(mine, `/api/vouches/${received.id}/comments`, { comment: 'Thank you!' })
    await post(theirs, `/api/vouches/${received.id}/likes`)
    const sent = (await post(mine, `/api/connection-requests/${other.id}`)) as { request: { id: number } }
    await post(theirs, `/api/connection-requests/${sent.request.id}/accept`)
    const message = (await post(mine, '/api/messages', {
      recipientId: other.id,
      content: 'Hello there',
    })) as {
      conversationId: number
    }
    await post(theirs, '/api/messages', { recipientId: me.id, content: 'Hi back' })
    await post(asker, `/api/connection-requests/${me.id}`, { message: 'We met at the meetup.' })
    world = { me, other, conversationId: message.conversationId, vouchId: received.id }
    return world
  } finally {
    await Promise.all(contexts.map((context) => context.close()))
  }
}

export async function signIn(context: BrowserContext, username: string, password: string) {
  const res = await context.request.post(`${baseUrl()}/api/login`, { data: { username, password } })
  expect(res.status(), await res.text()).toBe(200)
}
