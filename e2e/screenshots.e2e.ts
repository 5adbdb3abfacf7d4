import { describe, expect, it } from 'vitest'
import { registerViaApi, useBrowser } from './support/fixtures'
import { horizontalOverflow, PHONE, shoot } from './support/screenshots'

/*
 * Layout checks at desktop and phone widths. The screenshots go to docs/screenshots with
 * UPDATE_SCREENSHOTS=1 (then commit them), otherwise to a temporary folder.
 */
const b = useBrowser()

const DESKTOP = { width: 1280, height: 800 }

describe('screens', () => {
  it('auth page at desktop width shows the marketing panel beside the form', async () => {
    await b.page.setViewportSize(DESKTOP)
    await b.page.goto(b.url('/auth'))
    await b.page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor()
    expect(await b.page.getByRole('complementary', { name: 'Why Vouched' }).isVisible()).toBe(true)
    expect(await horizontalOverflow(b.page)).toBe(0)
    expect(await b.page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain(
      'Inter Variable',
    )
    await shoot(b.page, 'auth-desktop.png')
  })

  it('auth page at phone width hides the marketing panel and does not scroll sideways', async () => {
    await b.page.setViewportSize(PHONE)
    await b.page.goto(b.url('/auth'))
    await b.page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor()
    expect(await b.page.getByRole('complementary', { name: 'Why Vouched' }).isVisible()).toBe(false)
    expect(await horizontalOverflow(b.page)).toBe(0)
    await shoot(b.page, 'auth-mobile.png')
  })

  it('signed-in shell at desktop width', async () => {
    await registerViaApi(b.context, { fullName: 'Jordan Rivera' })
    await b.page.setViewportSize(DESKTOP)
    await b.page.goto(b.url('/'))
    await b.page.getByRole('navigation', { name: 'Main' }).waitFor()
    expect(await horizontalOverflow(b.page)).toBe(0)
    await b.page.getByRole('button', { name: 'Open user menu' }).click()
    await b.page.getByRole('menuitem', { name: 'Your Profile' }).waitFor()
    await shoot(b.page, 'shell-desktop.png')
  })

  it('signed-in shell at phone width opens the side menu', async () => {
    await registerViaApi(b.context, { fullName: 'Jordan Rivera' })
    await b.page.setViewportSize(PHONE)
    await b.page.goto(b.url('/'))
    expect(await b.page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false)
    expect(await horizontalOverflow(b.page)).toBe(0)
    await b.page.getByRole('button', { name: 'Open menu' }).click()
    const menu = b.page.getByRole('dialog')
    await menu.getByRole('link', { name: 'Discover' }).waitFor()
    await menu.getByRole('combobox', { name: 'Search users or tags' }).waitFor()
    await shoot(b.page, 'shell-mobile.png')
  })
})
