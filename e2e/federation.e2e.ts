import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import { AxeBuilder } from '@axe-core/playwright'
import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerViaApi, useBrowser, type TestMember } from './support/fixtures'
import { SCREENSHOT_DIR, shoot } from './support/screenshots'
import { startServer, type E2eServer } from './support/server'

/*
 * Issue 30 in the browser: two instances of their own (the run's shared server does not federate), on
 * 127.0.0.1 at two ports, as `npm run federation:demo` starts them. Members of each find each other by
 * handle in the search box, follow, read each other's vouches under "From the fediverse" on home, and
 * vouch across; every page on the way is checked with axe.
 */
const b = useBrowser()

const FEDERATED = { FEDERATION: 'on', FEDERATION_PRIVATE_ADDRESSES: '1' }
let a: E2eServer
let other: E2eServer
beforeAll(async () => {
  ;[a, other] = await Promise.all([startServer({ env: FEDERATED }), startServer({ env: FEDERATED })])
}, 120_000)
afterAll(async () => {
  await Promise.all([a?.stop(), other?.stop()])
})

const hostOf = (server: E2eServer) => new URL(server.baseUrl).host
const handleOf = (member: TestMember, server: E2eServer) => `@${member.username}@${hostOf(server)}`

async function publishing(context: BrowserContext, server: E2eServer, overrides: Partial<TestMember>) {
  const member = await registerViaApi(context, overrides, server.baseUrl)
  const res = await context.request.patch(`${server.baseUrl}/api/account/settings`, {
    data: { federated: true },
  })
  expect(res.status()).toBe(200)
  return member
}

async function expectNoAxeViolations(page: Page, where: string) {
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))))
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze()
  const found = results.violations.flatMap((violation) =>
    violation.nodes.map((node) => `${where}: ${violation.id} at ${node.target.join(' ')}`),
  )
  expect(found).toEqual([])
}

/** Types a handle in the top bar's search box: the fediverse panel shows the account it names. */
async function lookUp(page: Page, handle: string) {
  const search = page.getByRole('combobox', { name: 'Search users or tags' }).first()
  await search.fill(handle)
  await page.getByText('On the fediverse').waitFor()
}

/** Loads `url` again until `text` shows: deliveries between the instances go through their queues. */
async function reloadUntil(page: Page, url: string, text: string) {
  for (let tries = 0; tries < 15; tries++) {
    // A navigation to the page already open (or to one of its #fragments) would not load it again.
    if (page.url() === url) await page.reload()
    else await page.goto(url)
    const shown = page.getByText(text).first()
    const appeared = await shown.waitFor({ timeout: 2_000 }).then(
      () => true,
      () => false,
    )
    if (appeared) return shown
  }
  throw new Error(`"${text}" did not show at ${url}`)
}

describe('federation between two instances', () => {
  it('follows from the search box, shows vouches under "From the fediverse" and vouches across', async () => {
    const alice = await publishing(b.context, a, { fullName: 'Alice Adams' })
    const carolContext = await b.browser.newContext()
    const carol = await publishing(carolContext, a, { fullName: 'Carol Chen' }).finally(() =>
      carolContext.close(),
    )
    const bob = await b.secondBrowser()
    const bobMember = await publishing(bob.context, other, { fullName: 'Bob Brown' })

    // Bob, on the other instance, finds Alice by her handle and follows her; her server accepts.
    await bob.page.goto(`${other.baseUrl}/`)
    await lookUp(bob.page, handleOf(alice, a))
    await bob.page.getByText('Alice Adams').waitFor()
    await expectNoAxeViolations(bob.page, 'search panel')
    await shoot(bob.page, 'fediverse-search.png')
    await bob.page.getByRole('button', { name: 'Follow', exact: true }).click()
    await bob.page.getByRole('button', { name: 'Unfollow' }).waitFor({ timeout: 20_000 })

    // Alice vouches for Carol: Bob reads it on his home page.
    const vouch = await b.context.request.post(`${a.baseUrl}/api/vouches`, {
      data: { toUserId: carol.id, category: 'Leadership', note: 'Carol ran our design reviews.' },
    })
    expect(vouch.status()).toBe(201)
    await reloadUntil(bob.page, `${other.baseUrl}/`, 'Carol ran our design reviews.')
    await bob.page.getByRole('heading', { name: 'From the fediverse' }).waitFor()
    await expectNoAxeViolations(bob.page, 'home with the fediverse list')
    await shoot(bob.page, 'fediverse-home.png', true)

    // Bob vouches for Alice across the instances, while Alice has her home page open.
    await b.page.goto(`${a.baseUrl}/`)
    await lookUp(bob.page, handleOf(alice, a))
    await bob.page.getByRole('link', { name: 'Vouch', exact: true }).click()
    await bob.page.getByRole('heading', { name: `Vouch for ${handleOf(alice, a)}` }).waitFor()
    await bob.page.getByRole('combobox', { name: 'Category' }).click()
    await bob.page.getByRole('option', { name: 'Teamwork' }).click()
    await bob.page.getByLabel('Note').fill('Alice keeps two teams talking.')
    await expectNoAxeViolations(bob.page, 'vouch page')
    await shoot(bob.page, 'fediverse-vouch.png')
    await bob.page.getByRole('button', { name: 'Send vouch' }).click()
    await bob.page.getByText('Vouch sent', { exact: true }).first().waitFor()

    // Alice is told live; the notification leads to her profile, where she accepts it and it then
    // shows with its origin.
    const bobHandle = handleOf(bobMember, other)
    const bell = b.page.getByRole('button', { name: 'Notifications, 1 unread' })
    await bell.waitFor({ timeout: 30_000 })
    await bell.click()
    const notice = b.page
      .getByRole('dialog', { name: 'Notifications' })
      .getByText(`${bobHandle} vouched for you in Teamwork from another Vouched server`)
    await notice.waitFor()
    await expectNoAxeViolations(b.page, 'notifications with a remote vouch')
    await shoot(b.page, 'fediverse-notification.png')
    await notice.click()
    await b.page.waitForURL(`${a.baseUrl}/profile/${alice.username}`)
    await b.page.getByText('Vouches from other servers waiting for you').waitFor()
    await expectNoAxeViolations(b.page, 'profile with a vouch waiting')
    await shoot(b.page, 'fediverse-profile-waiting.png', true)
    await b.page.getByRole('button', { name: `Accept the vouch from ${bobHandle} in Teamwork` }).click()
    await b.page.getByText('Vouch accepted', { exact: true }).first().waitFor()
    await b.page.getByRole('link', { name: `from ${bobHandle}` }).waitFor()
    expect(await b.page.getByText('Alice keeps two teams talking.').isVisible()).toBe(true)

    // Bob finds Alice among the accounts he follows, in Settings, and unfollows her there.
    await bob.page.goto(`${other.baseUrl}/settings`)
    const followed = bob.page.getByRole('list', { name: 'Accounts you follow on the fediverse' })
    await followed.getByText('Alice Adams').waitFor()
    await expectNoAxeViolations(bob.page, 'settings with the accounts followed')
    await bob.page.getByRole('button', { name: 'Unfollow Alice Adams' }).click()
    await bob.page
      .getByRole('alertdialog', { name: 'Unfollow Alice Adams?' })
      .getByRole('button', { name: 'Unfollow' })
      .click()
    await bob.page.getByText('You no longer follow Alice Adams.').first().waitFor()
    await bob.page.getByText('You do not follow anyone on the fediverse yet.', { exact: false }).waitFor()
  })

  it('lets a member approve a follower in Settings', async () => {
    const dana = await publishing(b.context, a, { fullName: 'Dana Dalton' })
    await b.page.goto(`${a.baseUrl}/settings`)
    const approve = b.page.getByRole('switch', { name: 'Approve new followers' })
    await approve.click()
    await expect.poll(() => approve.getAttribute('aria-checked')).toBe('true')

    const erin = await b.secondBrowser()
    const erinMember = await publishing(erin.context, other, { fullName: 'Erin Evans' })
    await erin.page.goto(`${other.baseUrl}/`)
    await lookUp(erin.page, handleOf(dana, a))
    await erin.page.getByRole('button', { name: 'Follow', exact: true }).click()
    await erin.page.getByRole('button', { name: 'Cancel request' }).waitFor()

    await reloadUntil(b.page, `${a.baseUrl}/settings`, 'Asks to follow you')
    await expectNoAxeViolations(b.page, 'settings with a follow request')
    await mkdir(SCREENSHOT_DIR, { recursive: true })
    await b.page
      .locator('#fediverse-followers')
      .screenshot({ path: path.join(SCREENSHOT_DIR, 'fediverse-settings.png') })
    const name = erinMember.fullName
    await b.page.getByRole('button', { name: `Approve ${name}` }).click()
    await b.page.getByText(`${name} now follows you.`).first().waitFor()
    await erin.page.getByRole('button', { name: 'Unfollow' }).waitFor({ timeout: 20_000 })
  })
})
