import { mkdir } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import type { Page } from 'playwright-core'

/**
 * Where e2e screenshots go: docs/screenshots with UPDATE_SCREENSHOTS=1, else a temporary folder, so a
 * normal test run still takes every picture (and fails if a page cannot be shot) without touching docs.
 */
export const SCREENSHOT_DIR = process.env.UPDATE_SCREENSHOTS
  ? path.resolve(import.meta.dirname, '../../docs/screenshots')
  : path.join(tmpdir(), 'vouched-screenshots')

export const PHONE = { width: 390, height: 844 }

/** Takes a screenshot once fonts and entry animations have settled, so it shows what a person sees. */
export async function shoot(page: Page, name: string, fullPage = false) {
  await mkdir(SCREENSHOT_DIR, { recursive: true })
  await page.evaluate(() => document.fonts.ready)
  await page.waitForTimeout(300)
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, name), fullPage })
}

/** How many CSS pixels the page is wider than its window: 0 when nothing scrolls sideways. */
export const horizontalOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
