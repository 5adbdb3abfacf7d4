import type { APIRequestContext, BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { baseUrl, registerViaApi, useBrowser, type TestMember } from './support/fixtures'
import { shoot } from './support/screenshots'

/*
 * Connections, notifications and live updates in two browsers at once: what one member does shows up
 * in the other's top bar without a reload (Server-Sent Events). Screenshots of both dropdowns and the
 * three My Network tabs go to docs/screenshots with UPDATE_SCREENSHOTS=1.
 */
const b = useBrowser()

/** Resolves once the page's live event stream is open, so what follows is pushed, not polled. */
const liveStream = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.liveEvents === 'connected', undefined, {
    timeout: 10_000,
  })

const api = (context: BrowserContext): APIRequestContext => context.request

async function sendRequest(from: BrowserContext, to: TestMember, message?: string) {
  const res = await api(from).post(`${baseUrl()}/api/connection-requests/${to.id}`, {
    data: message ? { message } : {},
  })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { request: { id: number } }).request
}

async function accept(as: BrowserContext, requestId: number) {
  const res = await api(as).post(`${baseUrl()}/api/connection-requests/${requestId}/accept`)
  expect(res.status(), await res.text()).toBe(200)
}

async function endorse(from: BrowserContext, to: TestMember, body: Record<string, unknown> = {}) {
  const res = await api(from).post(`${baseUrl()}/api/vouches`, {
    data: { toUserId: to.id, category: 'Leadership', note: 'Great partner on the launch', ...body },
  })
  expect(res.status(), await res.text()).toBe(201)
  return ((await res.json()) as { id: number }).id
}

/** Work-email verification through the API (the demo hint hands the code back without SMTP). */
async function verifyWorkEmail(context: BrowserContext, email: string) {
  const added = await api(context).post(`${baseUrl()}/api/users/add-work-email`, { data: { email } })
  expect(added.status(), await added.text()).toBe(200)
  const { verificationCode } = (await added.json()) as { verificationCode: string }
  const verified = await api(context).post(`${baseUrl()}/api/users/verify-email`, {
    data: { verificationCode },
  })
  expect(verified.status(), await verified.text()).toBe(200)
}

const requestsButton = (page: Page) => page.getByRole('button', { name: /^Connection Requests/ })
const bell = (page: Page) => page.getByRole('button', { name: /^Notifications/ })

describe('connections between two browsers', () => {
  it('A asks, B sees the badge rise live, accepts from the top bar, and both see each other', async () => {
    const alice = await registerViaApi(b.context, { fullName: 'Alice Martin' })
    const pageA = b.page
    const other = await b.secondBrowser()
    const bob = await registerViaApi(other.context, { fullName: 'Bob Stone' })
    const pageB = other.page

    // B is on the home page with the live stream open.
    await pageB.goto(b.url('/'))
    await liveStream(pageB)
    await expect(requestsButton(pageB).getAttribute('aria-label')).resolves.toBe('Connection Requests')

    // A asks from B's profile, with a note.
    await pageA.goto(b.url(`/profile/${bob.username}`))
    await pageA.getByRole('heading', { level: 1, name: 'Bob Stone' }).waitFor()
    await pageA.getByRole('button', { name: 'Connect', exact: true }).click()
    const connectDialog = pageA.getByRole('dialog', { name: 'Connect with Bob Stone' })
    await connectDialog.getByLabel('Message').fill('We met at the product summit')
    await connectDialog.getByRole('button', { name: 'Send Request' }).click()
    await b.toast('Connection request sent').waitFor()
    await pageA.getByRole('button', { name: 'Pending', exact: true }).waitFor()

    // B's badges rise without a reload: pushed by the stream, long before the 30 s poll.
    const started = Date.now()
    await pageB.getByTestId('connection-requests-badge').filter({ hasText: '1' }).waitFor({ timeout: 5000 })
    expect(Date.now() - started).toBeLessThan(5000)
    await pageB.getByTestId('notifications-badge').filter({ hasText: '1' }).waitFor({ timeout: 5000 })
    expect(await requestsButton(pageB).getAttribute('aria-label')).toBe('Connection Requests, 1 pending')

    // A moves to My Network (client-side) and keeps it open.
    await pageA.getByRole('link', { name: 'Network', exact: true }).click()
    await pageA.getByRole('heading', { level: 1, name: 'My Network' }).waitFor()
    await pageA.getByText('No connections yet').waitFor()
    await liveStream(pageA)

    // B accepts from the top bar.
    await requestsButton(pageB).click()
    const dropdown = pageB.getByRole('dialog', { name: 'Connection Requests' })
    await dropdown.getByText('Alice Martin').waitFor()
    await dropdown.getByText('We met at the product summit').waitFor()
    await dropdown.getByText(`@${alice.username}`).waitFor()
    await dropdown.getByRole('button', { name: 'Accept request from Alice Martin' }).click()
    await pageB.getByText('Connection request accepted', { exact: true }).waitFor()
    await dropdown.getByText('No pending connection requests').waitFor()
    expect(await pageB.getByTestId('connection-requests-badge').count()).toBe(0)
    await pageB.keyboard.press('Escape')

    // A's open My Network page shows B without a reload.
    const aConnections = pageA.getByRole('list', { name: 'Connections' })
    await aConnections.getByText('Bob Stone').waitFor({ timeout: 5000 })
    await aConnections.getByText(`@${bob.username}`).waitFor()

    // B's profile now says Connected for A, and removing asks first.
    await pageA.goto(b.url(`/profile/${bob.username}`))
    await pageA.getByRole('button', { name: 'Connected', exact: true }).click()
    const confirm = pageA.getByRole('alertdialog')
    await confirm.getByText('Are you sure you want to remove your connection with Bob Stone?').waitFor()
    await confirm.getByRole('button', { name: 'Cancel' }).click()
    await pageA.goto(b.url('/connections'))
    await pageA.getByRole('list', { name: 'Connections' }).getByText('Bob Stone').waitFor()

    // B sees A under Connections.
    await pageB.getByRole('link', { name: 'Network', exact: true }).click()
    await pageB.getByRole('heading', { level: 1, name: 'My Network' }).waitFor()
    await pageB.getByRole('list', { name: 'Connections' }).getByText('Alice Martin').waitFor()
    expect(await pageB.getByRole('tab', { name: /^Connections/ }).textContent()).toContain('1')

    // A was notified of the acceptance; clicking it from home opens the new connection's profile.
    await pageA.getByRole('link', { name: 'Home', exact: true }).click()
    await pageA.waitForURL((url) => url.pathname === '/')
    await pageA.getByTestId('notifications-badge').filter({ hasText: '1' }).waitFor()
    await bell(pageA).click()
    const notifications = pageA.getByRole('dialog', { name: 'Notifications' })
    await notifications.getByText('Bob Stone accepted your connection request').click()
    await pageA.waitForURL((url) => url.pathname === `/profile/${bob.username}`)

    // An endorsement notification opens the endorsement itself.
    const endorsementId = await endorse(other.context, alice)
    await pageA.getByTestId('notifications-badge').filter({ hasText: '1' }).waitFor({ timeout: 5000 })
    await bell(pageA).click()
    await pageA
      .getByRole('dialog', { name: 'Notifications' })
      .getByText('Bob Stone endorsed you for Leadership')
      .click()
    await pageA.waitForURL((url) => url.pathname === `/vouches/${endorsementId}`)

    // Opening the dropdown with unread items marks them read after 3 seconds.
    await pageB.goto(b.url('/'))
    await pageB.getByTestId('notifications-badge').waitFor()
    await bell(pageB).click()
    await pageB.getByTestId('notifications-badge').waitFor({ state: 'detached', timeout: 6000 })
  })

  it('B declines from the top bar and A cancels another request from Sent', async () => {
    const alice = await registerViaApi(b.context, { fullName: 'Alice Martin' })
    const other = await b.secondBrowser()
    const bob = await registerViaApi(other.context, { fullName: 'Bob Stone' })
    const carolContext = await b.browser.newContext()
    const carol = await registerViaApi(carolContext, { fullName: 'Carol Diaz' })
    await carolContext.close()

    await other.page.goto(b.url('/'))
    await liveStream(other.page)
    await sendRequest(b.context, bob)
    await other.page.getByTestId('connection-requests-badge').filter({ hasText: '1' }).waitFor()
    await requestsButton(other.page).click()
    await other.page.getByRole('button', { name: 'Reject request from Alice Martin' }).click()
    await other.page.getByText('Connection request rejected', { exact: true }).waitFor()

    // A's second request waits under Sent until A cancels it.
    await sendRequest(b.context, carol)
    await b.page.goto(b.url('/connections?tab=sent'))
    const sent = b.page.getByRole('list', { name: 'Sent requests' })
    await sent.getByText('Carol Diaz').waitFor()
    await sent.getByRole('button', { name: 'Cancel request to Carol Diaz' }).click()
    await b.toast('Request canceled').waitFor()
    await b.page.getByText('No sent requests').waitFor()
    expect(alice.username).toBeTruthy()
  })
})

describe('screenshots', () => {
  it('both dropdowns and the three My Network tabs', async () => {
    const viewer = await registerViaApi(b.context, {
      fullName: 'Jordan Rivera',
      title: 'Engineering Manager',
    })
    const people: Array<{ member: TestMember; context: BrowserContext }> = []
    for (const [fullName, title] of [
      ['Priya Natarajan', 'Staff Engineer'],
      ['Marcus Chen', 'Product Designer'],
      ['Sofia Alvarez', 'Data Scientist'],
      ['Liam O’Connor', 'Engineering Lead'],
      ['Amara Okafor', 'Product Manager'],
      ['Noah Williams', 'QA Engineer'],
      ['Hana Suzuki', 'Frontend Developer'],
    ] as const) {
      const context = await b.browser.newContext()
      people.push({ member: await registerViaApi(context, { fullName, title }), context })
    }
    try {
      const [priya, marcus, sofia, liam, amara, noah, hana] = people
      await verifyWorkEmail(priya!.context, 'priya@acme-robotics.com')

      // Connections: three accepted, with some reputation between them.
      for (const person of [priya!, marcus!, sofia!]) {
        const request = await sendRequest(person.context, viewer)
        await accept(b.context, request.id)
      }
      await endorse(b.context, priya!.member, { category: 'Technical Skills', hashtags: ['TypeScript'] })
      await endorse(marcus!.context, priya!.member, { category: 'Leadership' })
      await endorse(b.context, sofia!.member, { category: 'Problem Solving', note: '' })

      // Pending: three requests waiting, two with a note. Sent: two.
      await sendRequest(
        liam!.context,
        viewer,
        'Loved your talk on incremental migrations. Would be great to connect!',
      )
      await sendRequest(amara!.context, viewer, 'We worked together on the payments launch.')
      await sendRequest(noah!.context, viewer)
      await sendRequest(b.context, hana!.member, 'Hi Hana, I enjoyed your design systems post.')

      // Notifications of several kinds.
      await endorse(priya!.context, viewer, { category: 'Leadership', hashtags: ['Mentorship'] })
      await endorse(sofia!.context, viewer, { category: 'Communication', isAnonymous: true })

      const page = b.page
      await page.goto(b.url('/'))
      await liveStream(page)

      await requestsButton(page).click()
      await page.getByRole('dialog', { name: 'Connection Requests' }).getByText('Liam O’Connor').waitFor()
      await shoot(page, 'connection-requests-dropdown.png')
      await page.keyboard.press('Escape')

      await bell(page).click()
      await page
        .getByRole('dialog', { name: 'Notifications' })
        .getByText(/endorsed you/)
        .first()
        .waitFor()
      await shoot(page, 'notifications-dropdown.png')
      await page.keyboard.press('Escape')

      await page.goto(b.url('/connections'))
      await page.getByRole('list', { name: 'Connections' }).getByText('Priya Natarajan').waitFor()
      await shoot(page, 'network-connections.png')
      await page.getByRole('tab', { name: /^Pending/ }).click()
      await page.getByRole('list', { name: 'Pending requests' }).waitFor()
      await shoot(page, 'network-pending.png')
      await page.getByRole('tab', { name: /^Sent/ }).click()
      await page.getByRole('list', { name: 'Sent requests' }).waitFor()
      await shoot(page, 'network-sent.png')

      // A connection's profile shows Connected; someone not yet asked shows Connect.
      await page.goto(b.url(`/profile/${priya!.member.username}`))
      await page.getByRole('button', { name: 'Connected', exact: true }).waitFor()
      await shoot(page, 'profile-connected.png')
      await page.goto(b.url(`/profile/${hana!.member.username}`))
      await page.getByRole('button', { name: 'Pending', exact: true }).waitFor()

      // Phone width: both live up in the side menu as full-width rows.
      await page.setViewportSize({ width: 390, height: 844 })
      await page.getByRole('button', { name: 'Open menu' }).click()
      const menu = page.getByRole('dialog', { name: 'Menu' })
      await menu.getByRole('button', { name: /^Connection Requests/ }).waitFor()
      await menu.getByRole('button', { name: /^Notifications/ }).waitFor()
      await shoot(page, 'network-mobile-menu.png')
      await menu.getByRole('button', { name: /^Connection Requests/ }).click()
      await page.getByRole('dialog', { name: 'Connection Requests' }).getByText('Amara Okafor').waitFor()
      expect(
        await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        ),
      ).toBe(0)
      await shoot(page, 'connection-requests-mobile.png')
    } finally {
      for (const person of people) await person.context.close()
    }
  })
})
