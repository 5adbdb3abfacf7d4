import { readFile } from 'node:fs/promises'
import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { baseUrl, registerViaApi, uniqueUsername, useBrowser } from './support/fixtures'
import { shoot } from './support/screenshots'

/*
 * Member trust and rights against the real server: blocking from a profile, reporting an endorsement
 * that an admin resolves, reporting a comment and a message that an admin reviews, downloading one's
 * data and deleting one's account. Screenshots of the
 * settings page (desktop and phone) go to docs/screenshots with UPDATE_SCREENSHOTS=1.
 */
const b = useBrowser()

const endorseViaApi = async (context: BrowserContext, toUserId: number, note: string) => {
  const res = await context.request.post(`${baseUrl()}/api/vouches`, {
    data: { toUserId, category: 'Teamwork', note, hashtags: ['Kindness'] },
  })
  return { status: res.status(), body: (await res.json()) as { id: number; message?: string } }
}

/** `from` asks and `to` accepts: messages need a connection. */
async function connectViaApi(from: BrowserContext, to: BrowserContext, toUserId: number) {
  const res = await from.request.post(`${baseUrl()}/api/connection-requests/${toUserId}`, { data: {} })
  expect(res.status(), await res.text()).toBe(201)
  const { request } = (await res.json()) as { request: { id: number } }
  const accepted = await to.request.post(`${baseUrl()}/api/connection-requests/${request.id}/accept`)
  expect(accepted.status(), await accepted.text()).toBe(200)
}

/** Fills and sends the open Report dialog, then waits for the thank-you toast. */
async function sendReport(page: Page, subject: string, reason: string) {
  const dialog = page.getByRole('dialog', { name: `Report ${subject}` })
  await dialog.getByLabel('Reason').fill(reason)
  await dialog.getByRole('button', { name: 'Send report' }).click()
  await page
    .getByRole('region', { name: /^Alerts/ })
    .getByText('Report sent', { exact: true })
    .waitFor()
  await dialog.waitFor({ state: 'detached' })
}

async function signInAsAdmin(context: BrowserContext) {
  const res = await context.request.post(`${baseUrl()}/api/login`, {
    data: { username: 'admin', password: process.env.E2E_ADMIN_PASSWORD ?? process.env.ADMIN_PASSWORD },
  })
  expect(res.status(), await res.text()).toBe(200)
}

describe('trust and rights', () => {
  it('blocks a member from their profile: they cannot endorse or see the blocker; unblocking in Settings', async () => {
    const me = await registerViaApi(b.context, { fullName: 'Blair Blocker' })
    const other = await b.secondBrowser()
    const pest = await registerViaApi(other.context, { fullName: 'Pat Pest' })
    const page = b.page
    await page.goto(b.url(`/profile/${pest.username}`))
    await page.getByRole('heading', { level: 1, name: 'Pat Pest' }).waitFor()
    await page.getByRole('button', { name: 'Block', exact: true }).click()
    const dialog = page.getByRole('alertdialog', { name: 'Block Pat Pest?' })
    await dialog.getByRole('button', { name: 'Block' }).click()
    await b.toast('Member blocked').waitFor()
    await page.getByRole('button', { name: 'Unblock' }).waitFor()

    // The blocked member is refused with a clear message and no longer finds the blocker's profile.
    const refused = await endorseViaApi(other.context, me.id, 'Let me in')
    expect(refused.status).toBe(403)
    expect(refused.body.message).toBe('You cannot interact with this member.')
    await other.page.goto(b.url(`/profile/${me.username}`))
    await other.page.getByRole('heading', { level: 1, name: 'User Not Found' }).waitFor()

    // Settings lists the block; unblocking there lets them reach each other again.
    await page.goto(b.url('/settings'))
    const blocked = page.getByRole('list', { name: 'Blocked members' })
    await blocked.getByRole('link', { name: 'Pat Pest' }).waitFor()
    await blocked.getByRole('button', { name: 'Unblock Pat Pest' }).click()
    await b.toast('Member unblocked').waitFor()
    await page.getByText('You have not blocked anyone.').waitFor()
    expect((await endorseViaApi(other.context, me.id, 'Thanks for unblocking')).status).toBe(201)
  })

  it('keeps an anonymous endorsement from a member the receiver blocks; only hiding it by hand drops it', async () => {
    const me = await registerViaApi(b.context, { fullName: 'Ash Receiver' })
    const other = await b.secondBrowser()
    const giver = await registerViaApi(other.context, { fullName: 'Quinn Quiet' })
    const note = `Quietly brilliant ${uniqueUsername('n')}`
    const created = await other.context.request.post(`${baseUrl()}/api/vouches`, {
      data: { toUserId: me.id, category: 'Teamwork', note, isAnonymous: true },
    })
    expect(created.status(), await created.text()).toBe(201)
    // Blocking its (unknown) author changes nothing the receiver can see: a block would name them.
    const blocked = await b.context.request.post(`${baseUrl()}/api/blocks/${giver.id}`)
    expect(blocked.status()).toBe(201)

    const page = b.page
    await page.goto(b.url(`/profile/${me.username}`))
    const card = page.getByRole('article', { name: 'Endorsement from Anonymous' })
    await card.getByText(note).waitFor()
    await card.getByText('1.2x').waitFor()
    expect(await card.getByText('Hidden', { exact: true }).count()).toBe(0)

    await card.getByRole('button', { name: 'Hide this endorsement' }).click()
    await b.toast('Endorsement hidden. It no longer counts towards your reputation.').waitFor()
    await card.getByText('Hidden', { exact: true }).waitFor()
    await card.getByRole('button', { name: 'Show this endorsement' }).waitFor()
  })

  it('reports an endorsement that an admin resolves by deleting it, recorded in the audit log', async () => {
    const me = await registerViaApi(b.context, { fullName: 'Robin Receiver' })
    const giver = await b.secondBrowser()
    const admin = await b.secondBrowser()
    await registerViaApi(giver.context, { fullName: 'Gale Giver' })
    const note = `Offensive words ${uniqueUsername('n')}`
    expect((await endorseViaApi(giver.context, me.id, note)).status).toBe(201)

    const page = b.page
    await page.goto(b.url(`/profile/${me.username}`))
    const card = page.getByRole('article', { name: 'Endorsement from Gale Giver' })
    await card.getByText(note).waitFor()
    await card.getByRole('button', { name: 'Report this endorsement' }).click()
    const dialog = page.getByRole('dialog', { name: 'Report this endorsement' })
    await dialog.getByLabel('Reason').fill('Insulting note')
    await dialog.getByRole('button', { name: 'Send report' }).click()
    await b.toast('Report sent').waitFor()

    await signInAsAdmin(admin.context)
    await admin.page.goto(b.url('/admin?tab=reports'))
    const item = admin.page.getByRole('listitem').filter({ hasText: note })
    await item.getByText('Insulting note').waitFor()
    await item.getByRole('button', { name: 'Resolve' }).click()
    const resolve = admin.page.getByRole('dialog', { name: /^Resolve report/ })
    await resolve.getByLabel('Note (optional)').fill('Removed for abuse')
    await resolve.getByRole('button', { name: 'Resolve' }).click()
    await admin.page.getByText('No reports waiting for review.').waitFor()

    await admin.page.goto(b.url('/admin?tab=audit'))
    await admin.page.getByText('report.resolve').first().waitFor()

    await page.reload()
    await page.getByRole('heading', { level: 1 }).waitFor()
    // The list and "Your reputation, explained" both say it on one's own profile.
    await page.getByText('No endorsements received yet.').first().waitFor()
    expect(await page.getByRole('article', { name: 'Endorsement from Gale Giver' }).count()).toBe(0)
  })

  it('reports a comment and a message; the admin finds both in the Reports tab and dismisses them', async () => {
    const me = await registerViaApi(b.context, { fullName: 'Remy Recipient' })
    const other = await b.secondBrowser()
    const admin = await b.secondBrowser()
    await registerViaApi(other.context, { fullName: 'Toby Troll' })
    const tag = uniqueUsername('t')
    const endorsement = await endorseViaApi(other.context, me.id, `Solid teammate ${tag}`)
    expect(endorsement.status).toBe(201)
    const commentText = `Rude comment ${tag}`
    const comment = await other.context.request.post(
      `${baseUrl()}/api/vouches/${endorsement.body.id}/comments`,
      { data: { comment: commentText } },
    )
    expect(comment.status(), await comment.text()).toBe(201)
    await connectViaApi(other.context, b.context, me.id)
    const messageText = `Spam message ${tag}`
    const sent = await other.context.request.post(`${baseUrl()}/api/messages`, {
      data: { recipientId: me.id, content: messageText },
    })
    expect(sent.status(), await sent.text()).toBe(201)
    const { conversationId } = (await sent.json()) as { conversationId: number }

    // The comment, from the endorsement card on the member's own profile.
    const page = b.page
    await page.goto(b.url(`/profile/${me.username}`))
    const card = page.getByRole('article', { name: 'Endorsement from Toby Troll' })
    await card.getByRole('button', { name: '1 Comment' }).click()
    const comments = card.getByRole('list', { name: 'Comments' })
    await comments.getByText(commentText).waitFor()
    await comments.getByRole('button', { name: 'Report comment by Toby Troll' }).click()
    await sendReport(page, 'comment by Toby Troll', 'Insulting comment')

    // The message, from the thread.
    await page.goto(b.url(`/messages/${conversationId}`))
    const thread = page.getByRole('list', { name: 'Messages' })
    await thread.getByText(messageText).waitFor()
    await thread.getByRole('button', { name: 'Report message from Toby Troll' }).click()
    await sendReport(page, 'message from Toby Troll', 'Unsolicited advertising')

    await signInAsAdmin(admin.context)
    await admin.page.goto(b.url('/admin?tab=reports'))
    const commentReport = admin.page.getByRole('listitem').filter({ hasText: commentText })
    await commentReport.getByText('Insulting comment').waitFor()
    await commentReport.getByText('Comment', { exact: true }).waitFor()
    const messageReport = admin.page.getByRole('listitem').filter({ hasText: messageText })
    await messageReport.getByText('Unsolicited advertising').waitFor()
    await messageReport.getByText('Message', { exact: true }).waitFor()
    // Both show the copy of the content the server kept and who reported it.
    await commentReport.getByRole('link', { name: `@${me.username}` }).waitFor()
    await messageReport.getByRole('link', { name: `@${me.username}` }).waitFor()

    await commentReport.getByRole('button', { name: 'Dismiss' }).click()
    await messageReport.getByRole('button', { name: 'Dismiss' }).click()
    await admin.page.getByText('No reports waiting for review.').waitFor()
  })

  it('downloads the data archive from Settings', async () => {
    const me = await registerViaApi(b.context, { fullName: 'Dana Download' })
    const page = b.page
    await page.goto(b.url('/settings'))
    await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor()
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Download my data' }).click(),
    ])
    expect(download.suggestedFilename()).toMatch(
      new RegExp(`^vouched-data-${me.username}-\\d{4}-\\d{2}-\\d{2}\\.json$`),
    )
    const archive = JSON.parse(await readFile((await download.path())!, 'utf8')) as {
      format: string
      profile: { username: string; email: string }
      endorsementsReceived: unknown[]
    }
    expect(archive.format).toBe('vouched-account-export/1')
    expect(archive.profile).toMatchObject({ username: me.username, email: me.email })
    expect(archive.endorsementsReceived).toEqual([])
  })

  it('deletes the account after the password confirmation; the member cannot sign in again', async () => {
    const me = await registerViaApi(b.context, { fullName: 'Lee Leaving' })
    const page = b.page
    await page.goto(b.url('/settings'))
    await page.getByRole('button', { name: 'Delete my account' }).click()
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' })
    await dialog.getByLabel('Password', { exact: true }).fill('not-my-password')
    await dialog.getByRole('button', { name: 'Delete my account forever' }).click()
    await dialog.getByText('Incorrect password').waitFor()
    await dialog.getByLabel('Password', { exact: true }).fill(me.password)
    await dialog.getByRole('button', { name: 'Delete my account forever' }).click()
    await page.waitForURL(/\/auth$/)
    await b.toast('Account deleted').waitFor()
    const login = await b.context.request.post(`${baseUrl()}/api/login`, {
      data: { username: me.username, password: me.password },
    })
    expect(login.status()).toBe(401)
  })

  it('settings page screenshots (desktop and phone)', async () => {
    const me = await registerViaApi(b.context, { fullName: 'Sam Settings' })
    await b.page.goto(b.url('/settings'))
    await b.page.getByRole('switch', { name: 'Endorsements you receive: in app' }).waitFor()
    await shoot(b.page, 'settings-desktop.png', true)
    const phone = await b.secondBrowser({ viewport: { width: 390, height: 844 } })
    await registerViaApi(phone.context, { fullName: 'Sam Phone' })
    await phone.page.goto(b.url('/settings'))
    await phone.page.getByRole('switch', { name: 'Endorsements you receive: in app' }).waitFor()
    await shoot(phone.page, 'settings-phone.png', true)

    // One's own profile with the reputation explained, and another's with Report and Block.
    const fan = await registerViaApi(phone.context, { fullName: 'Fran Fan' })
    expect((await endorseViaApi(phone.context, me.id, 'Always helpful')).status).toBe(201)
    await b.page.goto(b.url(`/profile/${me.username}`))
    await b.page.getByRole('heading', { level: 2, name: 'Your reputation, explained' }).waitFor()
    await b.page.getByRole('list', { name: 'Points per endorsement' }).getByText('Fran Fan').waitFor()
    await shoot(b.page, 'profile-own-reputation.png', true)
    await b.page.goto(b.url(`/profile/${fan.username}`))
    await b.page.getByRole('button', { name: 'Block', exact: true }).waitFor()
    await shoot(b.page, 'profile-other-trust.png', true)
  })
})
