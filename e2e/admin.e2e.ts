import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { baseUrl, registerViaApi, uniqueUsername, useBrowser, type TestMember } from './support/fixtures'
import { shoot } from './support/screenshots'

/*
 * The admin dashboard against the real server: announcements a member sees on home, admin rights, and
 * endorsement moderation. The admin is the `admin` account the server ensures from ADMIN_PASSWORD (the
 * e2e run must start the server with it). Screenshots of every tab go to docs/screenshots with
 * UPDATE_SCREENSHOTS=1, otherwise to a temporary folder.
 */
const b = useBrowser()

const adminPassword = () => {
  const password = process.env.E2E_ADMIN_PASSWORD ?? process.env.ADMIN_PASSWORD
  if (!password)
    throw new Error('The e2e server must be started with ADMIN_PASSWORD so that the admin account exists')
  return password
}

async function signInAsAdmin(context: BrowserContext) {
  const res = await context.request.post(`${baseUrl()}/api/login`, {
    data: { username: 'admin', password: adminPassword() },
  })
  expect(res.status(), await res.text()).toBe(200)
}

async function openTab(page: Page, tab: string) {
  await page.goto(b.url(`/admin?tab=${tab}`))
  await page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor()
}

const announcementOnHome = (page: Page, title: string) =>
  page.getByRole('region', { name: 'Announcements' }).getByRole('article', { name: title })

describe('admin dashboard', () => {
  it('creates, pins, unpins and deletes an announcement that a member sees on home', async () => {
    await signInAsAdmin(b.context)
    const member = await b.secondBrowser()
    await registerViaApi(member.context, { fullName: 'Morgan Reader' })
    const title = `Release ${uniqueUsername('r')}`
    const page = b.page

    await openTab(page, 'announcements')
    const form = page.getByRole('form', { name: 'New announcement' })
    // The validation texts of SPEC §5 before anything is sent.
    await form.getByRole('button', { name: 'Post Announcement' }).click()
    await form.getByText('Title must be at least 3 characters').waitFor()
    await form.getByText('Content must be at least 10 characters').waitFor()

    await form.getByLabel('Title').fill(title)
    await form.getByLabel('Content').fill('Version 2 is live: messages between connections are here.')
    await form.getByRole('button', { name: 'Post Announcement' }).click()
    await b.toast('Announcement created').waitFor()
    const list = page.getByTestId('announcement-list')
    await list.getByRole('article', { name: title }).getByText('(Admin)').waitFor()
    expect(await list.evaluate((el) => el.getBoundingClientRect().height)).toBe(600)

    await member.page.goto(b.url('/'))
    const onHome = announcementOnHome(member.page, title)
    await onHome.waitFor()
    expect(await onHome.getByText('(Admin)').count()).toBe(1)
    expect(await onHome.getByText('Pinned', { exact: true }).count()).toBe(0)

    await page.getByRole('button', { name: `Pin announcement "${title}"` }).click()
    await b.toast('Announcement pinned').waitFor()
    await member.page.reload()
    await announcementOnHome(member.page, title).getByText('Pinned', { exact: true }).waitFor()

    await page.getByRole('button', { name: `Unpin announcement "${title}"` }).click()
    await b.toast('Announcement unpinned').waitFor()
    await member.page.reload()
    await announcementOnHome(member.page, title).waitFor()
    expect(await announcementOnHome(member.page, title).getByText('Pinned', { exact: true }).count()).toBe(0)

    await page.getByRole('button', { name: `Delete announcement "${title}"` }).click()
    const dialog = page.getByRole('alertdialog')
    await dialog.getByText('Are you sure?').waitFor()
    await dialog
      .getByText('This action cannot be undone. This will permanently delete the announcement.')
      .waitFor()
    await dialog.getByRole('button', { name: 'Delete' }).click()
    await b.toast('Announcement deleted').waitFor()
    await list.getByRole('article', { name: title }).waitFor({ state: 'detached' })

    await member.page.reload()
    await member.page.getByRole('heading', { level: 1 }).waitFor()
    await member.page.waitForLoadState('networkidle')
    expect(await announcementOnHome(member.page, title).count()).toBe(0)
  })

  it('grants and revokes admin rights; the member is signed out by each change', async () => {
    await signInAsAdmin(b.context)
    const member = await b.secondBrowser()
    const promoted = await registerViaApi(member.context, { fullName: 'Riley Promoted' })
    const page = b.page
    await openTab(page, 'users')
    await page.getByRole('searchbox', { name: 'Search users', exact: true }).fill(promoted.username)
    const toggle = page.getByRole('switch', { name: `Admin rights for @${promoted.username}` })
    await page.getByText('1 user · Page 1 of 1').waitFor()
    await toggle.click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Grant admin rights' }).click()
    await b.toast('Admin rights granted').waitFor()
    await expect(toggle.getAttribute('aria-checked')).resolves.toBe('true')

    // The privilege change ended the member's session: they sign in again and now see the dashboard.
    await member.page.goto(b.url('/'))
    await member.page.waitForURL('**/auth')
    await signIn(member.page, promoted)
    await member.page.getByRole('button', { name: 'Open user menu' }).click()
    await member.page.getByRole('menuitem', { name: 'Admin Dashboard' }).click()
    await member.page.getByRole('heading', { level: 1, name: 'Admin Dashboard' }).waitFor()

    // The admin's own row cannot be demoted or deleted.
    await page.getByRole('searchbox', { name: 'Search users', exact: true }).fill('admin')
    await page.getByRole('switch', { name: 'Admin rights for @admin' }).waitFor()
    expect(await page.getByRole('switch', { name: 'Admin rights for @admin' }).isDisabled()).toBe(true)
    expect(await page.getByRole('button', { name: 'Delete @admin' }).isDisabled()).toBe(true)

    await page.getByRole('searchbox', { name: 'Search users', exact: true }).fill(promoted.username)
    await page.getByText('1 user · Page 1 of 1').waitFor()
    await toggle.click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove admin rights' }).click()
    await b.toast('Admin rights removed').waitFor()
    await expect(toggle.getAttribute('aria-checked')).resolves.toBe('false')

    await member.page.goto(b.url('/admin'))
    await member.page.waitForURL('**/auth?next=%2Fadmin')
    await signIn(member.page, promoted)
    await member.page.goto(b.url('/admin'))
    await member.page.waitForURL((url) => url.pathname === '/')

    await openTab(page, 'audit')
    await page.getByRole('searchbox', { name: 'Search the audit log' }).fill(promoted.username)
    await page.getByText('user.grant-admin').waitFor()
    await page.getByText('user.revoke-admin').waitFor()
  })

  it("deletes an endorsement and the member's score drops", async () => {
    await signInAsAdmin(b.context)
    const giver = await b.secondBrowser()
    const receiver = await b.secondBrowser()
    await registerViaApi(giver.context, { fullName: 'Gale Giver' })
    const endorsed = await registerViaApi(receiver.context, { fullName: 'Rowan Receiver' })
    for (const category of ['Leadership', 'Teamwork']) {
      const res = await giver.context.request.post(`${baseUrl()}/api/vouches`, {
        data: { toUserId: endorsed.id, category, note: 'Brilliant partner', hashtags: ['Mentorship'] },
      })
      expect(res.status(), await res.text()).toBe(201)
    }
    const score = async () => {
      const res = await receiver.context.request.get(`${baseUrl()}/api/user`)
      return ((await res.json()) as { reputationScore: number }).reputationScore
    }
    expect(await score()).toBeCloseTo(24)

    const page = b.page
    await openTab(page, 'users')
    await page.getByRole('searchbox', { name: 'Search users', exact: true }).fill(endorsed.username)
    const row = page.getByRole('row').filter({ hasText: `@${endorsed.username}` })
    await row.getByRole('cell', { name: '24.0' }).waitFor()

    await page.getByRole('tab', { name: 'Endorsements' }).click()
    await page.getByRole('searchbox', { name: 'Search endorsements' }).fill(endorsed.username)
    await page.getByText('2 endorsements · Page 1 of 1').waitFor()
    await page
      .getByRole('row')
      .filter({ hasText: 'Leadership' })
      .getByRole('button', { name: /^Delete endorsement/ })
      .click()
    await page.getByRole('alertdialog').getByText('Are you sure?').waitFor()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Delete' }).click()
    await b.toast('Endorsement deleted').waitFor()
    await page.getByText('1 endorsement · Page 1 of 1').waitFor()

    expect(await score()).toBeCloseTo(12)
    await page.getByRole('tab', { name: 'Users' }).click()
    await page.getByRole('searchbox', { name: 'Search users', exact: true }).fill(endorsed.username)
    await page
      .getByRole('row')
      .filter({ hasText: `@${endorsed.username}` })
      .getByRole('cell', { name: '12.0' })
      .waitFor()
  })

  it("shows this test's rows in every tab, and shoots each (screenshots)", async () => {
    await signInAsAdmin(b.context)
    // Something in every table: a conversation, an endorsement with tags, an announcement, audit rows.
    const one = await b.secondBrowser()
    const two = await b.secondBrowser()
    const ann = await registerViaApi(one.context, { fullName: 'Ann Lee', title: 'Product Designer' })
    const ben = await registerViaApi(two.context, { fullName: 'Ben Okafor', title: 'Staff Engineer' })
    const request = await one.context.request.post(`${baseUrl()}/api/connection-requests/${ben.id}`, {
      data: {},
    })
    const { request: sent } = (await request.json()) as { request: { id: number } }
    await two.context.request.post(`${baseUrl()}/api/connection-requests/${sent.id}/accept`)
    const writes = [
      await one.context.request.post(`${baseUrl()}/api/messages`, {
        data: { recipientId: ben.id, content: 'Thanks for reviewing the design system today!' },
      }),
      await two.context.request.post(`${baseUrl()}/api/messages`, {
        data: { recipientId: ann.id, content: 'Anytime. The new tokens look great.' },
      }),
      await one.context.request.post(`${baseUrl()}/api/vouches`, {
        data: {
          toUserId: ben.id,
          category: 'Technical Skills',
          note: 'Rock solid reviews',
          hashtags: ['TypeScript', 'CodeQuality'],
        },
      }),
      await b.context.request.post(`${baseUrl()}/api/announcements`, {
        data: {
          title: 'Welcome to Vouched',
          content: 'Endorse the people you have worked with, and message your connections directly.',
          pinned: true,
        },
      }),
    ]
    expect(writes.map((res) => res.status())).toEqual([201, 201, 201, 201])

    // Each picture must show this test's rows: every list is newest first, hashtags most used first.
    const page = b.page
    const panel = page.getByRole('tabpanel')
    const firstRow = () => panel.getByRole('row').nth(1).textContent()
    const shows: Record<string, () => Promise<void>> = {
      users: async () => {
        await panel.getByText(`@${ben.username}`).waitFor()
        expect(await firstRow()).toContain(`@${ben.username}`)
        expect(await panel.getByRole('row').nth(2).textContent()).toContain(`@${ann.username}`)
      },
      endorsements: async () => {
        await panel.getByText('“Rock solid reviews”').waitFor()
        const row = await firstRow()
        for (const text of ['Ann Lee', 'Ben Okafor', 'Technical Skills', '#TypeScript', '#CodeQuality'])
          expect(row).toContain(text)
      },
      hashtags: async () => {
        await panel.getByRole('link', { name: /^#/ }).first().waitFor()
        const counts = (await panel.locator('tbody tr td:nth-child(2)').allTextContents()).map(Number)
        expect(counts.length).toBeGreaterThan(0)
        expect(counts).toEqual([...counts].sort((x, y) => y - x))
      },
      messages: async () => {
        const open = panel.getByRole('button', { name: /^View messages between/ }).first()
        await open.waitFor()
        expect(await open.getAttribute('aria-label')).toMatch(
          new RegExp(`@(${ann.username}|${ben.username}) and @(${ann.username}|${ben.username})$`),
        )
      },
      announcements: async () => {
        const first = panel.getByRole('button', { name: /^(Pin|Unpin) announcement/ }).first()
        await first.waitFor()
        expect(await first.getAttribute('aria-label')).toBe('Unpin announcement "Welcome to Vouched"')
      },
      audit: async () => {
        await panel.getByText('announcement.create').first().waitFor()
        expect(await firstRow()).toContain('announcement.create')
        expect(await firstRow()).toContain('@admin')
      },
    }
    for (const [tab, check] of Object.entries(shows)) {
      await openTab(page, tab)
      await page.waitForLoadState('networkidle')
      await check()
      await shoot(page, `admin-${tab}.png`)
    }
    // The hashtag this test gave is counted (searched for after the picture, which shows the first page).
    await openTab(page, 'hashtags')
    await page.getByRole('searchbox', { name: 'Search hashtags' }).fill('CodeQuality')
    await panel.getByRole('link', { name: '#CodeQuality', exact: true }).waitFor()
    expect(Number(await panel.locator('tbody tr td:nth-child(2)').first().textContent())).toBeGreaterThan(0)
    await openTab(page, 'messages')
    await page.getByRole('button', { name: `View messages between` }).first().click()
    await page.getByRole('dialog').getByText('The new tokens look great.', { exact: false }).first().waitFor()
    await shoot(page, 'admin-messages-open.png')
  })
})

async function signIn(page: Page, member: TestMember) {
  await page.getByLabel('Username or email').fill(member.username)
  await page.getByLabel('Password', { exact: true }).fill(member.password)
  await page.getByRole('button', { name: 'Log in' }).click()
  await page.waitForURL((url) => url.pathname === '/')
}
