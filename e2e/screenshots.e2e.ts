import { mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { registerViaApi, useBrowser } from './support/fixtures'

/*
 * Layout checks at desktop and phone widths. The screenshots go to docs/screenshots with
 * UPDATE_SCREENSHOTS=1 (then commit them), otherwise to a temporary folder.
 */
const b = useBrowser()
const OUT = process.env.UPDATE_SCREENSHOTS
  ? path.resolve(import.meta.dirname, '../docs/screenshots')
  : path.join(tmpdir(), 'vouched-screenshots')

const DESKTOP = { width: 1280, height: 800 }
const PHONE = { width: 390, height: 844 }

async function shoot(name: string) {
  await mkdir(OUT, { recursive: true })
  // Let fonts and the entry animation settle so the picture is what a person sees.
  await b.page.evaluate(() => document.fonts.ready)
  await b.page.waitForTimeout(300)
  await b.page.screenshot({ path: path.join(OUT, name) })
}

const horizontalOverflow = () =>
  b.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)

describe('screens', () => {
  it('auth page at desktop width shows the marketing panel beside the form', async () => {
    await b.page.setViewportSize(DESKTOP)
    await b.page.goto(b.url('/auth'))
    await b.page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor()
    expect(await b.page.getByRole('complementary', { name: 'Why Vouched' }).isVisible()).toBe(true)
    expect(await horizontalOverflow()).toBe(0)
    expect(await b.page.evaluate(() => getComputedStyle(document.body).fontFamily)).toContain(
      'Inter Variable',
    )
    await shoot('auth-desktop.png')
  })

  it('auth page at phone width hides the marketing panel and does not scroll sideways', async () => {
    await b.page.setViewportSize(PHONE)
    await b.page.goto(b.url('/auth'))
    await b.page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor()
    expect(await b.page.getByRole('complementary', { name: 'Why Vouched' }).isVisible()).toBe(false)
    expect(await horizontalOverflow()).toBe(0)
    await shoot('auth-mobile.png')
  })

  it('signed-in shell at desktop width', async () => {
    await registerViaApi(b.context, { fullName: 'Jordan Rivera' })
    await b.page.setViewportSize(DESKTOP)
    await b.page.goto(b.url('/'))
    await b.page.getByRole('navigation', { name: 'Main' }).waitFor()
    expect(await horizontalOverflow()).toBe(0)
    await b.page.getByRole('button', { name: 'Open user menu' }).click()
    await b.page.getByRole('menuitem', { name: 'Your Profile' }).waitFor()
    await shoot('shell-desktop.png')
  })

  it('signed-in shell at phone width opens the side menu', async () => {
    await registerViaApi(b.context, { fullName: 'Jordan Rivera' })
    await b.page.setViewportSize(PHONE)
    await b.page.goto(b.url('/'))
    expect(await b.page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false)
    expect(await horizontalOverflow()).toBe(0)
    await b.page.getByRole('button', { name: 'Open menu' }).click()
    const menu = b.page.getByRole('dialog')
    await menu.getByRole('link', { name: 'Discover' }).waitFor()
    await menu.getByRole('combobox', { name: 'Search users or tags' }).waitFor()
    await shoot('shell-mobile.png')
  })
})
