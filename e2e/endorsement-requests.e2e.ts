import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { baseUrl, registerViaApi, useBrowser, type TestMember } from './support/fixtures'
import { horizontalOverflow, shoot } from './support/screenshots'
import { secondBrowser } from './support/second-browser'

/*
 * Vouch requests between two browsers (issue 25, point 3): A asks B from B's profile, B opens the
 * request from the notification, vouches from it with the dialog prefilled, and A's Sent list shows
 * the request fulfilled.
 */
const b = useBrowser()

/** Connects two members through the API: A asks, B accepts. */
async function connect(a: BrowserContext, bContext: BrowserContext, to: TestMember) {
  const sent = await a.request.post(`${baseUrl()}/api/connection-requests/${to.id}`, { data: {} })
  expect(sent.status(), await sent.text()).toBe(201)
  const { request } = (await sent.json()) as { request: { id: number } }
  const accepted = await bContext.request.post(`${baseUrl()}/api/connection-requests/${request.id}/accept`)
  expect(accepted.status(), await accepted.text()).toBe(200)
}

const liveStream = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.liveEvents === 'connected', undefined, {
    timeout: 10_000,
  })

describe('vouch requests between two browsers', () => {
  it('A asks B, B vouches from the request, A sees it fulfilled', async () => {
    await registerViaApi(b.context, { fullName: 'Alice Martin' })
    const pageA = b.page
    const other = await secondBrowser(b)
    try {
      const bob = await registerViaApi(other.context, { fullName: 'Bob Stone' })
      const pageB = other.page
      await connect(b.context, other.context, bob)
      await pageB.goto(b.url('/'))
      await liveStream(pageB)

      // A asks from B's profile.
      await pageA.goto(b.url(`/profile/${bob.username}`))
      await pageA.getByRole('heading', { level: 1, name: 'Bob Stone' }).waitFor()
      await pageA.getByRole('button', { name: 'Ask for a vouch from Bob Stone' }).click()
      const ask = pageA.getByRole('dialog', { name: 'Ask Bob Stone for a vouch' })
      await ask.getByLabel('Skills').fill('TypeScript, Mentoring')
      await ask.getByRole('combobox', { name: 'Category (optional)' }).click()
      await pageA.getByRole('option', { name: 'Leadership' }).click()
      await ask.getByLabel('Message (optional)').fill('For the billing migration we led together')
      await shoot(pageA, 'endorsement-request-dialog.png')
      await ask.getByRole('button', { name: 'Send request' }).click()
      await b.toast('Vouch request sent').waitFor()

      // B is notified live (the connection request was the first); the notification opens the list.
      await pageB.getByTestId('notifications-badge').filter({ hasText: '2' }).waitFor({ timeout: 5000 })
      await pageB.getByRole('button', { name: /^Notifications/ }).click()
      await pageB
        .getByRole('dialog', { name: 'Notifications' })
        .getByText('Alice Martin asked you to vouch for #TypeScript, #Mentoring')
        .click()
      await pageB.waitForURL((url) => url.pathname === '/endorsement-requests')
      const request = pageB.getByRole('listitem', { name: 'Request from Alice Martin' })
      await request.getByText('For the billing migration we led together').waitFor()
      await request.getByText('Waiting').waitFor()
      await shoot(pageB, 'endorsement-requests-received.png')

      // B vouches from it: the dialog starts on the request's category and skills.
      await request.getByRole('button', { name: 'Endorse Alice Martin' }).click()
      const dialog = pageB.getByRole('dialog', { name: 'Endorse Alice Martin' })
      await dialog.getByRole('button', { name: 'Submit endorsement' }).waitFor()
      expect(await dialog.getByRole('combobox', { name: 'Category' }).textContent()).toContain('Leadership')
      await dialog.getByText('#TypeScript').waitFor()
      await dialog.getByText('#Mentoring').waitFor()
      await dialog.getByLabel('Note (optional)').fill('Alice led the billing migration without downtime')
      await dialog.getByRole('button', { name: 'Submit endorsement' }).click()
      await pageB.getByText('Endorsement sent', { exact: true }).waitFor()
      // The live event refreshes B's list: the request is fulfilled, its actions gone.
      await request.getByText('Fulfilled').waitFor({ timeout: 5000 })
      await dialog.waitFor({ state: 'detached' })
      expect(await request.getByRole('button', { name: 'Endorse Alice Martin' }).isVisible()).toBe(false)
      expect(await request.getByRole('button', { name: /^Decline/ }).count()).toBe(0)

      // A reaches the list from My Network, where each connection also offers Ask for a vouch.
      await pageA.getByRole('link', { name: 'Network', exact: true }).click()
      await pageA.getByRole('heading', { level: 1, name: 'My Network' }).waitFor()
      await pageA.getByRole('button', { name: 'Ask for a vouch from Bob Stone' }).waitFor()
      await shoot(pageA, 'endorsement-requests-network.png')
      await pageA.getByRole('link', { name: 'Vouch requests' }).click()
      await pageA.getByRole('tab', { name: 'Sent' }).click()
      await pageA.waitForURL((url) => url.search === '?box=sent')
      // A's Sent list shows it fulfilled, with the endorsement one click away.
      const sent = pageA.getByRole('listitem', { name: 'Request to Bob Stone' })
      await sent.getByText('Fulfilled').waitFor()
      await sent.getByRole('link', { name: 'See the endorsement' }).waitFor()
      await shoot(pageA, 'endorsement-requests-sent.png')
      // Nothing scrolls sideways on the narrowest phone (docs/decisions/101).
      await pageA.setViewportSize({ width: 320, height: 700 })
      expect(await horizontalOverflow(pageA)).toBe(0)
      await shoot(pageA, 'endorsement-requests-sent-phone.png')
      await pageA.setViewportSize({ width: 1280, height: 800 })
      await sent.getByRole('link', { name: 'See the endorsement' }).click()
      await pageA.waitForURL((url) => url.pathname.startsWith('/vouches/'))
      await pageA.getByText('Alice led the billing migration without downtime').waitFor()

      expect(other.errors).toEqual([])
    } finally {
      await other.context.close()
    }
  })
})
