import type { BrowserContext, Page } from 'playwright-core'
import type { TMessagePage } from '@vouched/shared/messaging'
import { describe, expect, it } from 'vitest'
import { baseUrl, registerViaApi, useBrowser, type TestMember } from './support/fixtures'
import { shoot } from './support/screenshots'

/*
 * Two members message each other in two browsers: messages arrive live (Server-Sent Events) and the
 * sender watches the status move to Read. A screenshot of the messages page goes to docs/screenshots
 * with UPDATE_SCREENSHOTS=1.
 */
const b = useBrowser()

const liveStream = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.liveEvents === 'connected', undefined, {
    timeout: 10_000,
  })

async function connect(
  from: BrowserContext,
  fromMember: TestMember,
  to: BrowserContext,
  toMember: TestMember,
) {
  const res = await from.request.post(`${baseUrl()}/api/connection-requests/${toMember.id}`, { data: {} })
  expect(res.status(), await res.text()).toBe(201)
  const { request } = (await res.json()) as { request: { id: number } }
  const accepted = await to.request.post(`${baseUrl()}/api/connection-requests/${request.id}/accept`)
  expect(accepted.status(), `${fromMember.username} → ${toMember.username}`).toBe(200)
}

const thread = (page: Page) => page.getByRole('list', { name: 'Messages' })
const lastStatus = (page: Page) => thread(page).locator('[data-mine="true"]').last().locator('[data-status]')

describe('messaging between two browsers', () => {
  it('messages arrive live, the unread badge rises, and the statuses move to read', async () => {
    const alice = await registerViaApi(b.context, { fullName: 'Alice Martin' })
    const other = await b.secondBrowser()
    const bob = await registerViaApi(other.context, { fullName: 'Bob Stone' })
    await connect(b.context, alice, other.context, bob)
    const pageA = b.page
    const pageB = other.page

    // Bob waits on the home page; his badge says nothing yet.
    await pageB.goto(b.url('/'))
    await liveStream(pageB)
    await pageB.getByRole('link', { name: 'Messages', exact: true }).waitFor()

    // Alice opens a thread with Bob from the Message button's URL and writes.
    await pageA.goto(b.url(`/messages?to=${bob.id}`))
    await pageA.getByText('No messages yet. Say hello!').waitFor()
    await liveStream(pageA)
    await pageA.getByLabel('Message to Bob Stone').fill('Hi Bob, got a minute?')
    await pageA.getByLabel('Message to Bob Stone').press('Enter')
    await pageA.waitForURL(/\/messages\/\d+$/)
    await thread(pageA).getByText('Hi Bob, got a minute?').waitFor()

    // Bob's badge rises without a reload, and his client reports the message delivered.
    await pageB.getByRole('link', { name: 'Messages, 1 unread' }).waitFor()
    await expect
      .poll(() => lastStatus(pageA).getAttribute('data-status'), { timeout: 10_000 })
      .toBe('delivered')

    // Fetching the thread (a prefetch, another page) is not reading it: the message stays delivered.
    const conversationId = Number(/\/messages\/(\d+)$/.exec(pageA.url())![1])
    const fetched = await pageB.request.get(`${baseUrl()}/api/conversations/${conversationId}/messages`)
    expect(fetched.ok()).toBe(true)
    expect(((await fetched.json()) as TMessagePage).messages.at(-1)!.status).toBe('delivered')

    // Bob opens it, his client posts the read: Alice sees "Read" live.
    const readPosted = pageB.waitForRequest(
      (request) =>
        request.method() === 'POST' && request.url().endsWith(`/api/conversations/${conversationId}/read`),
    )
    await pageB.getByRole('link', { name: 'Messages, 1 unread' }).click()
    await pageB.getByRole('heading', { level: 1, name: 'Messages' }).waitFor()
    await pageB.getByRole('link', { name: /^Alice Martin .*, 1 unread$/ }).click()
    await thread(pageB).getByText('Hi Bob, got a minute?').waitFor()
    await readPosted
    await expect.poll(() => lastStatus(pageA).getAttribute('data-status'), { timeout: 10_000 }).toBe('read')
    await thread(pageA).getByText('Read', { exact: true }).waitFor()
    await pageB.getByRole('link', { name: 'Messages', exact: true }).waitFor()

    // Bob answers; with the thread open, Alice reads it at once and Bob sees "Read".
    await pageB.getByLabel('Message to Alice Martin').fill('Sure, what is up?')
    await pageB.getByRole('button', { name: 'Send message' }).click()
    await thread(pageA).getByText('Sure, what is up?').waitFor()
    await expect.poll(() => lastStatus(pageB).getAttribute('data-status'), { timeout: 10_000 }).toBe('read')

    // The conversation list shows the last message on both sides.
    await pageA.getByRole('list', { name: 'Conversations' }).getByText('Sure, what is up?').waitFor()
    await pageB.getByRole('list', { name: 'Conversations' }).getByText('You: Sure, what is up?').waitFor()
    await shoot(pageA, 'messages.png')
  })

  it('only connections can be messaged', async () => {
    await registerViaApi(b.context, { fullName: 'Casey Alone' })
    const other = await b.secondBrowser()
    const stranger = await registerViaApi(other.context, { fullName: 'Dana Stranger' })
    await b.page.goto(b.url(`/messages?to=${stranger.id}`))
    await b.page
      .getByText('You can only message your connections. Connect with Dana Stranger first.')
      .waitFor()
    expect(await b.page.getByLabel('Message to Dana Stranger').count()).toBe(0)
    const res = await b.context.request.post(`${baseUrl()}/api/messages`, {
      data: { recipientId: stranger.id, content: 'Hello?' },
    })
    expect(res.status()).toBe(403)
  })

  it('the messages page at phone width shows the list, then the thread with a way back', async () => {
    const alice = await registerViaApi(b.context, { fullName: 'Alice Martin' })
    const other = await b.secondBrowser()
    const bob = await registerViaApi(other.context, { fullName: 'Bob Stone' })
    await connect(other.context, bob, b.context, alice)
    await other.context.request.post(`${baseUrl()}/api/messages`, {
      data: { recipientId: alice.id, content: 'Lunch on Friday?' },
    })
    await b.page.setViewportSize({ width: 390, height: 844 })
    await b.page.goto(b.url('/messages'))
    await b.page.getByRole('link', { name: /^Bob Stone .*, 1 unread$/ }).click()
    await thread(b.page).getByText('Lunch on Friday?').waitFor()
    expect(await b.page.getByRole('list', { name: 'Conversations' }).isVisible()).toBe(false)
    expect(
      await b.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBe(0)
    await shoot(b.page, 'messages-mobile.png')
    await b.page.getByRole('link', { name: 'Back to conversations' }).click()
    await b.page.getByRole('list', { name: 'Conversations' }).waitFor()
  })
})
