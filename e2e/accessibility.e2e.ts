import { AxeBuilder } from '@axe-core/playwright'
import { MEDAL_THRESHOLDS, MEDAL_TIERS } from '@vouched/shared/endorsements.constants'
import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { setUpWorld, signIn } from './support/a11y-world'
import { baseUrl, useBrowser } from './support/fixtures'
import { PHONE, shoot } from './support/screenshots'

/*
 * WCAG 2.2 AA (issue 28): axe-core over every page of the router, signed in and out, with each menu,
 * popover and dialog open. One test per scheme and audience, each walking its pages in one browser
 * page: a violation anywhere fails the test, and the failure lists all of them (rule, element, what to
 * fix). Every rule runs in the light scheme; the dark scheme changes only colours, so there only
 * colour contrast is checked. Both schemes at desktop and phone width: each page loads once and is
 * scanned at each width in turn (the layout follows the width without a reload), which keeps the file
 * near two minutes of the CI budget.
 */
const b = useBrowser()

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']
const DESKTOP = { width: 1280, height: 800 }
const SCHEMES = ['light', 'dark'] as const
type Scheme = (typeof SCHEMES)[number]
/** Widths each scheme is swept at: every rule can differ by width, contrast does not. */
const VIEWPORTS: Record<Scheme, { width: number; height: number }[]> = {
  light: [DESKTOP, PHONE],
  dark: [DESKTOP, PHONE],
}

/** Collects violations over a walk; `done` fails the test with every one of them. */
function auditor(page: Page, scheme: Scheme) {
  const found: string[] = []
  let scans = 0
  return {
    async scan(where: string) {
      scans += 1
      // Entry animations (150 ms) would have axe measure half-transparent text.
      await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))))
      const builder = new AxeBuilder({ page })
      // options() replaces every option set before it, so it comes first. The 2.5.3 rule (the name
      // contains the visible text) is experimental in axe and off unless enabled by name.
      const results = await (
        scheme === 'light'
          ? builder.options({ rules: { 'label-content-name-mismatch': { enabled: true } } }).withTags(TAGS)
          : builder.withRules(['color-contrast'])
      ).analyze()
      for (const violation of results.violations) {
        for (const node of violation.nodes) {
          const line = `[${scheme}] ${where}: ${violation.id} at ${node.target.join(' ')}\n    ${node.failureSummary?.replace(/\n/g, '\n    ')}`
          found.push(line)
          console.log(line)
        }
      }
    },
    /** Scans the page as it is at each width of the scheme, `where` named with the width. */
    async scanAtWidths(where: string, atWidth?: (width: number) => Promise<void>) {
      for (const viewport of VIEWPORTS[scheme]) {
        await page.setViewportSize(viewport)
        // The layout of the new width settles in the next frame.
        await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(resolve)))
        await this.scan(`${where} at ${viewport.width}px`)
        await atWidth?.(viewport.width)
      }
    },
    done() {
      expect(scans).toBeGreaterThan(0)
      expect(found, `${found.length} axe violations`).toEqual([])
    },
  }
}

async function open(page: Page, path: string, ready: Locator) {
  await page.goto(`${baseUrl()}${path}`)
  await ready.waitFor()
  await page.evaluate(() => document.fonts.ready)
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).first()

const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement)

/**
 * Opens something with `trigger` (then `prepare` fills it in), scans, then closes it with Escape and
 * checks focus went back to the trigger.
 */
async function scanOpen(
  page: Page,
  audit: ReturnType<typeof auditor>,
  where: string,
  trigger: Locator,
  opened: Locator,
  prepare?: () => Promise<void>,
) {
  await trigger.click()
  await opened.waitFor()
  await prepare?.()
  await audit.scan(where)
  await page.keyboard.press('Escape')
  await opened.waitFor({ state: 'hidden' })
  expect(await isFocused(trigger), `focus back on the opener of ${where}`).toBe(true)
}

/** The dark pages pictured in docs/screenshots, by path. */
const DARK_SHOTS: Record<string, string> = {
  '/': 'dark-home.png',
  'own profile': 'dark-profile-own.png',
  '/settings': 'dark-settings.png',
}

describe.each(SCHEMES)('axe sweep in the %s scheme', (scheme) => {
  it('finds nothing on the pages of a visitor', async () => {
    const { me } = await setUpWorld(b.browser)
    const { page } = b
    await page.emulateMedia({ colorScheme: scheme })
    const audit = auditor(page, scheme)
    await open(page, '/auth', page.getByRole('button', { name: 'Log in' }))
    await audit.scanAtWidths('/auth')
    await page.getByRole('tab', { name: 'Register' }).click()
    await page.getByLabel('Full name').waitFor()
    await audit.scanAtWidths('/auth (register)')
    await open(page, '/forgot-password', h1(page))
    await audit.scanAtWidths('/forgot-password')
    await open(page, '/reset-password?token=abc&email=a%40example.com', h1(page))
    await audit.scanAtWidths('/reset-password')
    await open(page, `/badge/${me.username}`, h1(page))
    await audit.scanAtWidths('/badge')
    await open(page, '/no-such-page', h1(page))
    await audit.scanAtWidths('404')
    audit.done()
  }, 120_000)

  it("finds nothing on a member's pages, menus and dialogs", async () => {
    const { me, other, conversationId, vouchId } = await setUpWorld(b.browser)
    const { page } = b
    await signIn(b.context, me.username, me.password)
    await page.emulateMedia({ colorScheme: scheme })
    // A medal of each tier on my profile, for their colours: a platinum one takes 80 endorsements of
    // one skill, too many to give here, so the server's answer gains them on the way to the page.
    await page.route(
      (url) => url.pathname === `/api/users/${me.username}`,
      async (route) => {
        const response = await route.fetch()
        const profile = (await response.json()) as { user: Record<string, unknown> }
        const now = new Date().toISOString()
        const medals = MEDAL_TIERS.map((tier, i) => ({
          id: i + 1,
          userId: me.id,
          skillName: ['Mentoring', 'TypeScript', 'Accessibility', 'Leadership'][i]!,
          tier,
          lastEndorsedAt: now,
          endorsementCount: MEDAL_THRESHOLDS[tier],
          createdAt: now,
          updatedAt: now,
        }))
        await route.fulfill({ response, json: { ...profile, user: { ...profile.user, medals } } })
      },
    )
    const audit = auditor(page, scheme)
    const pages: [string, Locator][] = [
      ['/', h1(page)],
      [`/profile/${me.username}`, page.getByRole('list', { name: 'Achievement medals' })],
      [`/profile/${other.username}`, page.getByRole('article').first()],
      ['/discover', h1(page)],
      ['/connections', h1(page)],
      [`/share-badge/${me.username}`, h1(page)],
      ['/messages', page.getByRole('list', { name: 'Conversations' })],
      [`/messages/${conversationId}`, page.getByRole('list', { name: 'Messages' })],
      ['/settings', h1(page)],
      ['/notifications', h1(page)],
      [`/vouches/${vouchId}`, page.getByRole('article').first()],
      ['/endorsement-requests', h1(page)],
      [`/badge/${me.username}`, h1(page)],
      ['/no-such-page', h1(page)],
    ]
    for (const [path, ready] of pages) {
      await open(page, path, ready)
      await audit.scanAtWidths(path, async (width) => {
        // docs/screenshots with UPDATE_SCREENSHOTS=1: the main pages in dark.
        const shot = DARK_SHOTS[path === `/profile/${me.username}` ? 'own profile' : path]
        if (scheme === 'dark' && shot && width === DESKTOP.width) await shoot(page, shot)
      })
    }

    // Menus, popovers and dialogs, at desktop width; the side menu and sheets at phone width.
    await page.setViewportSize(DESKTOP)
    await open(page, '/', h1(page))
    await scanOpen(
      page,
      audit,
      'user menu',
      page.getByRole('button', { name: 'Open user menu' }),
      page.getByRole('menu'),
    )
    await scanOpen(
      page,
      audit,
      'notifications',
      page.getByRole('button', { name: /^Notifications/ }),
      page.getByRole('dialog', { name: 'Notifications' }),
    )
    await scanOpen(
      page,
      audit,
      'connection requests',
      page.getByRole('button', { name: /^Connection Requests/ }),
      page.getByRole('dialog', { name: 'Connection Requests' }),
    )
    await scanOpen(
      page,
      audit,
      'create endorsement',
      page.getByRole('button', { name: 'Create Endorsement' }),
      page.getByRole('dialog'),
    )
    // The search box's suggestions.
    const search = page.getByRole('combobox', { name: 'Search users or tags' }).first()
    await search.fill(other.fullName.split(' ')[0]!)
    await page.getByRole('listbox', { name: 'Suggestions' }).getByRole('option').first().waitFor()
    await audit.scan('search suggestions')
    await page.keyboard.press('Escape')
    await search.fill('')
    await search.blur()
    await page.keyboard.press('?')
    await page.getByRole('dialog', { name: 'Keyboard shortcuts' }).waitFor()
    await audit.scan('keyboard shortcuts')
    await page.keyboard.press('Escape')

    await open(page, `/profile/${me.username}`, page.getByRole('article').first())
    await scanOpen(
      page,
      audit,
      'edit profile',
      page.getByRole('button', { name: 'Edit Profile' }),
      page.getByRole('dialog'),
    )
    await open(page, `/profile/${other.username}`, page.getByRole('article').first())
    const endorse = page.getByRole('dialog', { name: `Endorse ${other.fullName}` })
    await scanOpen(
      page,
      audit,
      'endorse, with a tag',
      page.getByRole('button', { name: `Endorse ${other.fullName}` }),
      endorse,
      async () => {
        // A select's list open inside the dialog (the first Escape closes the list only).
        await endorse.getByRole('combobox', { name: 'Category' }).click()
        await page.getByRole('listbox').waitFor()
        await audit.scan('a select list open')
        await page.keyboard.press('Escape')
        await page.getByRole('listbox').waitFor({ state: 'hidden' })
        // A tag chip, for the size of its remove button (target-size).
        await endorse.getByLabel('Skills (hashtags)').fill('Testing')
        await page.keyboard.press('Enter')
        await endorse.getByRole('button', { name: 'Remove tag Testing' }).waitFor()
        if (scheme === 'dark') await shoot(page, 'dark-endorse-dialog.png')
      },
    )
    await scanOpen(
      page,
      audit,
      'ask for a vouch',
      page.getByRole('button', { name: `Ask for a vouch from ${other.fullName}` }),
      page.getByRole('dialog', { name: `Ask ${other.fullName} for a vouch` }),
    )
    await scanOpen(
      page,
      audit,
      'report',
      page.getByRole('button', { name: 'Report this profile' }),
      page.getByRole('dialog', { name: 'Report this profile' }),
      () =>
        page
          .getByRole('dialog')
          .getByLabel('Reason')
          .waitFor()
          .then(() => undefined),
    )
    // Choosing whom to write to: the connection picker, with its list loaded.
    await open(page, '/messages', page.getByRole('list', { name: 'Conversations' }))
    const picker = page.getByRole('dialog', { name: 'New message' })
    await scanOpen(
      page,
      audit,
      'connection picker',
      page.getByRole('button', { name: 'New message' }),
      picker,
      () => picker.getByText(other.fullName).first().waitFor(),
    )
    // Sharing has no dialog of its own (the system share sheet, or a copy): its other tabs instead.
    await open(page, `/share-badge/${me.username}`, h1(page))
    for (const tab of ['Embed Code', 'QR Code']) {
      await page.getByRole('tab', { name: tab }).click()
      await page.getByRole('tabpanel', { name: tab }).waitFor()
      await audit.scan(`share tab ${tab}`)
    }
    // A card's comments, opened on a profile (the endorsement's own page, swept above, opens with them).
    await open(page, `/profile/${me.username}`, page.getByRole('article').first())
    const card = page.getByRole('article', { name: `Endorsement from ${other.fullName}` })
    await card.getByRole('button', { name: '1 Comment', expanded: false }).click()
    await card.getByRole('list', { name: 'Comments' }).getByText('Thank you!').waitFor()
    await audit.scan('comments open')

    await open(page, '/settings', h1(page))
    await scanOpen(
      page,
      audit,
      'delete account',
      page.getByRole('button', { name: 'Delete my account' }),
      page.getByRole('dialog', { name: 'Delete your account?' }),
    )
    await page.getByRole('switch', { name: 'Review endorsements before they show' }).click()
    // The other scheme's run may have switched it on already: either toast will do.
    await b
      .toast('Endorsements now wait for your approval')
      .or(b.toast('Endorsements show at once'))
      .waitFor()
    await audit.scan('toast')

    await page.setViewportSize(PHONE)
    await open(page, '/', h1(page))
    await scanOpen(
      page,
      audit,
      'side menu (phone)',
      page.getByRole('button', { name: 'Open menu' }),
      page.getByRole('dialog', { name: 'Menu' }),
    )
    await scanOpen(
      page,
      audit,
      'notifications (phone)',
      page.getByRole('button', { name: /^Notifications/ }),
      page.getByRole('dialog', { name: 'Notifications' }),
    )
    audit.done()
  }, 240_000)

  it('finds nothing on the admin dashboard', async () => {
    await setUpWorld(b.browser)
    const { page } = b
    await signIn(b.context, 'admin', process.env.E2E_ADMIN_PASSWORD ?? process.env.ADMIN_PASSWORD ?? '')
    await page.emulateMedia({ colorScheme: scheme })
    const audit = auditor(page, scheme)
    // The tabs' tables scroll sideways on phones rather than reflow: desktop width shows them all.
    {
      const viewport = DESKTOP
      await page.setViewportSize(viewport)
      for (const tab of [
        'users',
        'reports',
        'endorsements',
        'hashtags',
        'messages',
        'announcements',
        'trust',
        'audit',
      ]) {
        await open(page, `/admin?tab=${tab}`, page.getByRole('tabpanel'))
        await audit.scan(`/admin?tab=${tab} at ${viewport.width}px`)
      }
    }
    audit.done()
  }, 120_000)
})
