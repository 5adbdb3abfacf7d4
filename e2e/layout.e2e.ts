import type { BrowserContext, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { baseUrl, registerViaApi, useBrowser, type TestMember } from './support/fixtures'
import { PHONE, shoot } from './support/screenshots'

/*
 * No page scrolls sideways, from the narrowest phone to a wide desktop: every page, signed in and
 * out, is measured at each width once it has drawn its content. Long names, titles and tags are
 * what push a layout wider than the window, so the members here carry them.
 */
const b = useBrowser()

// Phone, small phone, tablet (md) and desktop. Beyond 1366 the pages keep their max width and only
// the margins grow, so a wider window adds time to CI and nothing it could find.
const WIDTHS = [320, 390, 768, 1366]
const DESKTOP = { width: 1366, height: 860 }

/** Screenshots go to docs/screenshots with UPDATE_SCREENSHOTS=1, otherwise to a temporary folder. */

type World = { me: TestMember; other: TestMember; conversationWith: number }
let world: World | undefined

async function post(context: BrowserContext, path: string, data: unknown = {}) {
  const res = await context.request.post(`${baseUrl()}${path}`, { data })
  if (res.status() >= 300) throw new Error(`POST ${path} answered ${res.status()}: ${await res.text()}`)
  return res.json() as Promise<Record<string, unknown>>
}

const LONG_TAGS = ['InfrastructureAsCodeAutomation', 'DistributedSystemsDesign', 'TypeScript']

/**
 * Once per file: a member with endorsements given and received, a connection and a conversation with
 * another, a request received and one sent, so every page has its fullest content.
 */
async function setUpWorld(): Promise<World> {
  if (world) return world
  const contexts = await Promise.all([1, 2, 3, 4].map(() => b.browser.newContext()))
  const [mine, theirs, asker, asked] = contexts as [
    BrowserContext,
    BrowserContext,
    BrowserContext,
    BrowserContext,
  ]
  try {
    const me = await registerViaApi(mine, {
      fullName: 'Maximiliana Alexandrova-Featherstonehaugh',
      title: 'Principal Site Reliability Engineer, Payments Infrastructure',
      location: 'Saint-Rémy-de-Provence, France',
      bio: 'Keeps the lights on.',
    })
    const other = await registerViaApi(theirs, {
      fullName: 'Bartholomew Wolfeschlegelsteinhausen',
      title: 'Engineering Manager, Developer Experience',
    })
    await registerViaApi(asker, { fullName: 'Priya Requester' })
    const target = await registerViaApi(asked, { fullName: 'Sol Target' })
    for (const [from, to] of [
      [theirs, me],
      [mine, other],
    ] as const) {
      await post(from, '/api/vouches', {
        toUserId: to.id,
        category: 'Technical Skills',
        hashtags: LONG_TAGS,
        note: 'Rebuilt the deployment pipeline end to end and taught the team how it works.',
      })
    }
    const sent = (await post(mine, `/api/connection-requests/${other.id}`)) as { request: { id: number } }
    await post(theirs, `/api/connection-requests/${sent.request.id}/accept`)
    await post(mine, '/api/messages', {
      recipientId: other.id,
      content: 'A long first message to see how the preview of a conversation is cut in the list of threads',
    })
    await post(asker, `/api/connection-requests/${me.id}`, { message: 'We met at the platform summit.' })
    await post(mine, `/api/connection-requests/${target.id}`)
    world = { me, other, conversationWith: other.id }
    return world
  } finally {
    await Promise.all(contexts.map((context) => context.close()))
  }
}

async function signIn(member: TestMember) {
  await post(b.context, '/api/login', { username: member.username, password: member.password })
}

/** How far the page reaches past the window's right edge, in CSS pixels (0 when it fits). */
const overflowOf = (page: Page) =>
  page.evaluate(() => Math.max(0, document.documentElement.scrollWidth - window.innerWidth))

/**
 * The innermost elements sticking out past the window's right edge (none of their children does),
 * to name the culprit when a width fails.
 */
const culprits = (page: Page) =>
  page.evaluate(() => {
    const out = (el: Element) => el.getBoundingClientRect().right > window.innerWidth + 0.5
    return [...document.querySelectorAll('body *')]
      .filter((el) => out(el) && ![...el.children].some(out))
      .slice(0, 4)
      .map((el) => `<${el.tagName.toLowerCase()} class="${String(el.className).slice(0, 60)}">`)
  })

type Visit = { name: string; path: string; ready: (page: Page) => Promise<unknown> }

const heading = (name: string | RegExp) => (page: Page) =>
  page.getByRole('heading', { level: 1, name }).first().waitFor()

/** Visits each page at each width and collects every width that scrolls sideways. */
async function expectNoSidewaysScroll(visits: Visit[]) {
  const failures: string[] = []
  for (const width of WIDTHS) {
    await b.page.setViewportSize({ width, height: 900 })
    for (const visit of visits) {
      await b.page.goto(b.url(visit.path))
      await visit.ready(b.page)
      await b.page.evaluate(() => document.fonts.ready)
      const overflow = await overflowOf(b.page)
      if (overflow > 0) {
        if (process.env.LAYOUT_SHOTS) {
          await b.page.screenshot({
            path: `${process.env.LAYOUT_SHOTS}/${visit.name.replace(/\W+/g, '-')}-${width}.png`,
            fullPage: true,
          })
        }
        failures.push(
          `${visit.name} at ${width}px: ${overflow}px too wide (${(await culprits(b.page)).join(', ')})`,
        )
      }
    }
  }
  expect(failures).toEqual([])
}

describe('no sideways scrolling from 320 px up', () => {
  it('signed out: auth, forgot and reset password, the public badge, verify and the 404 page', async () => {
    const { me } = await setUpWorld()
    await expectNoSidewaysScroll([
      { name: 'auth', path: '/auth', ready: heading('Welcome back') },
      { name: 'forgot password', path: '/forgot-password', ready: heading(/password/i) },
      { name: 'reset password', path: '/reset-password?token=0123456789abcdef', ready: heading(/password/i) },
      {
        name: 'public badge',
        path: `/badge/${me.username}`,
        ready: heading(`@${me.username}`),
      },
      { name: 'verify', path: '/verify', ready: heading('Verify a credential') },
      {
        name: '404',
        path: '/no-such-page',
        ready: (page) => page.getByRole('heading', { level: 1 }).first().waitFor(),
      },
    ])
  })

  it('signed in: home, own and other profile, discover with results, settings', async () => {
    const { me, other } = await setUpWorld()
    await signIn(me)
    await expectNoSidewaysScroll([
      { name: 'home', path: '/', ready: (page) => page.getByTestId('user-card').first().waitFor() },
      {
        name: 'own profile',
        path: `/profile/${me.username}`,
        ready: (page) => page.getByTestId('reputation-score').waitFor(),
      },
      {
        name: 'other profile',
        path: `/profile/${other.username}`,
        ready: (page) =>
          page
            .getByRole('button', { name: /^Endorse / })
            .first()
            .waitFor(),
      },
      {
        name: 'discover results',
        path: `/discover?tag=${LONG_TAGS[0]}&sort=reputation`,
        ready: (page) => page.getByTestId('user-card').first().waitFor(),
      },
      { name: 'settings', path: '/settings', ready: heading('Settings') },
    ])
  })

  it('signed in: network tabs, messages and a thread, share badge, 404', async () => {
    const { me, conversationWith } = await setUpWorld()
    await signIn(me)
    const network = (tab: string): Visit => ({
      name: `network ${tab}`,
      path: `/connections${tab === 'connections' ? '' : `?tab=${tab}`}`,
      ready: (page) => page.getByRole('tabpanel').getByRole('listitem').first().waitFor(),
    })
    await expectNoSidewaysScroll([
      network('connections'),
      network('pending'),
      network('sent'),
      {
        name: 'messages',
        path: '/messages',
        ready: (page) =>
          page
            .getByText(/A long first message/)
            .first()
            .waitFor(),
      },
      {
        name: 'message thread',
        path: `/messages?to=${conversationWith}`,
        ready: (page) => page.getByRole('list', { name: 'Messages' }).waitFor(),
      },
      {
        name: 'share badge',
        path: `/share-badge/${me.username}`,
        ready: (page) => page.getByTitle(/reputation badge$/).waitFor(),
      },
      {
        name: '404 signed in',
        path: '/no-such-page',
        ready: (page) => page.getByRole('heading', { level: 1 }).first().waitFor(),
      },
    ])
  })

  it('admin dashboard', async () => {
    const password = process.env.ADMIN_PASSWORD
    if (!password) throw new Error('The e2e server must be started with ADMIN_PASSWORD')
    await setUpWorld()
    await post(b.context, '/api/login', { username: 'admin', password })
    const tabs = ['users', 'reports', 'endorsements', 'hashtags', 'messages', 'announcements', 'audit']
    await expectNoSidewaysScroll(
      tabs.map((tab) => ({
        name: `admin ${tab}`,
        path: `/admin?tab=${tab}`,
        ready: heading('Admin Dashboard'),
      })),
    )
  })
})

describe('phone layout', () => {
  it('screenshots of the pages made to fit, at phone and desktop width', async () => {
    const { me } = await setUpWorld()
    await signIn(me)
    const pages = [
      {
        name: 'network-connections',
        path: '/connections',
        ready: (page: Page) => page.getByRole('tabpanel').getByRole('listitem').first().waitFor(),
      },
      {
        name: 'share-badge',
        path: `/share-badge/${me.username}`,
        ready: (page: Page) => page.getByTitle(/reputation badge$/).waitFor(),
      },
      {
        name: 'profile-own',
        path: `/profile/${me.username}`,
        ready: (page: Page) => page.getByRole('article').first().waitFor(),
      },
    ]
    for (const [viewport, suffix] of [
      [PHONE, 'mobile'],
      [DESKTOP, 'desktop'],
    ] as const) {
      await b.page.setViewportSize(viewport)
      for (const visit of pages) {
        await b.page.goto(b.url(visit.path))
        await visit.ready(b.page)
        expect(await overflowOf(b.page), `${visit.name} at ${viewport.width}px`).toBe(0)
        await shoot(b.page, `${visit.name}-${suffix}.png`)
      }
    }
  })

  it("another member's profile: Endorse by the header, Report and Block under More, toasts at the bottom", async () => {
    const theirs = await b.browser.newContext()
    const other = await registerViaApi(theirs, {
      fullName: 'Bartholomew Wolfeschlegelsteinhausen',
      title: 'Engineering Manager, Developer Experience',
    })
    await theirs.close()
    await registerViaApi(b.context, { fullName: 'Pat Phone' })
    await b.page.setViewportSize(PHONE)
    await b.page.goto(b.url(`/profile/${other.username}`))
    const header = b.page.locator('h1').locator('xpath=ancestor::*[contains(@class, "rounded-xl")][1]')
    const endorse = header.getByRole('button', { name: `Endorse ${other.fullName}` })
    await endorse.waitFor()
    // Endorse sits in the header card, on one row with Connect and More, under the name.
    const more = header.getByRole('button', { name: 'More actions' })
    const [endorseBox, moreBox] = [await endorse.boundingBox(), await more.boundingBox()]
    expect(endorseBox && moreBox && Math.abs(endorseBox.y - moreBox.y)).toBeLessThan(2)
    expect(await header.getByRole('button', { name: /^Report/ }).count()).toBe(0)
    expect(await header.getByRole('button', { name: 'Block', exact: true }).count()).toBe(0)
    await shoot(b.page, 'profile-other-mobile.png')

    await more.click()
    const menu = b.page.getByRole('dialog', { name: 'More actions' })
    await menu.getByRole('link', { name: 'Share Badge' }).waitFor()
    await menu.getByRole('button', { name: 'Report this profile' }).waitFor()
    await shoot(b.page, 'profile-other-mobile-more.png')
    await menu.getByRole('button', { name: 'Block', exact: true }).click()
    const confirm = b.page.getByRole('alertdialog', { name: `Block ${other.fullName}?` })
    await confirm.getByRole('button', { name: 'Block' }).click()
    const toast = b.toast('Member blocked')
    await toast.waitFor()
    // The toast stays clear of the top bar: it sits at the bottom of the screen.
    const box = (await b.page
      .getByRole('region', { name: /^Alerts/ })
      .locator('li')
      .first()
      .boundingBox())!
    expect(box.y).toBeGreaterThan(PHONE.height / 2)
    expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height)

    await b.page.setViewportSize(DESKTOP)
    await b.page.goto(b.url(`/profile/${other.username}`))
    await b.page.getByRole('button', { name: 'Unblock' }).waitFor()
    expect(await b.page.getByRole('button', { name: 'More actions' }).count()).toBe(0)
    await shoot(b.page, 'profile-other-desktop.png')
  })

  it('the Discover sort select shows its whole label on phones', async () => {
    await registerViaApi(b.context, { fullName: 'Pat Phone' })
    for (const width of [320, 390]) {
      await b.page.setViewportSize({ width, height: 844 })
      await b.page.goto(b.url('/discover?q=a&sort=reputation'))
      const sort = b.page.getByLabel('Sort by')
      await sort.waitFor()
      // The select is at least as wide as its longest option needs.
      const fits = await sort.evaluate((select: HTMLSelectElement) => {
        const probe = document.createElement('span')
        probe.style.cssText = `position:absolute;visibility:hidden;white-space:nowrap;font:${getComputedStyle(select).font}`
        probe.textContent = 'Highest Reputation'
        document.body.append(probe)
        const needed = probe.getBoundingClientRect().width + 40
        probe.remove()
        return select.getBoundingClientRect().width >= needed
      })
      expect(fits, `at ${width}px`).toBe(true)
    }
    await shoot(b.page, 'discover-results-mobile.png')
  })
})
