import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import type { Page } from 'playwright-core'
import { beforeAll, describe, expect, it } from 'vitest'
import { setUpWorld, signIn, type World } from './support/a11y-world'
import {
  openPages,
  PAGES,
  shownText,
  signInAsAdmin,
  type Audience,
  type PageToCheck,
} from './support/app-pages'
import { useBrowser } from './support/fixtures'

/*
 * The German run of issue 28: a browser whose languages are German (navigator.languages and
 * Accept-Language, from the context's locale) visits every page of the router, signed out, as a
 * member and as the admin, and no English text of the web app may be on any of them.
 *
 * "English text of the web app" is every value of apps/web/src/**\/locales/en.json that reads as
 * English words: each literal piece between placeholders and tags with at least two words or eight
 * letters, unless the German text of the same key has it too (names like "Vouched", "Hashtags").
 *
 * The pages are a list: GERMAN_E2E_PAGES=<regex> checks only the pages whose name matches, e.g.
 * `GERMAN_E2E_PAGES='^(member|admin) '`, so a part of the app can be checked while another part is
 * still being translated; GERMAN_E2E_ALLOW=<regex> lets English texts matching it pass meanwhile
 * (e.g. the top bar's `^Discover$` on every member page, until its folder is translated).
 */
const b = useBrowser({ locale: 'de-DE' })

const WEB_SRC = path.resolve(import.meta.dirname, '../apps/web/src')

type Tree = { [key: string]: string | Tree }
type EnglishText = { text: string; key: string; pattern: RegExp }

function flatten(tree: Tree, prefix = '', into = new Map<string, string>()) {
  for (const [key, value] of Object.entries(tree)) {
    const dotted = prefix ? `${prefix}.${key}` : key
    if (typeof value === 'string') into.set(dotted, value)
    else flatten(value, dotted, into)
  }
  return into
}

async function localeFolders(dir: string): Promise<string[]> {
  const found: string[] = []
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    if (!entry.isDirectory()) continue
    const full = path.join(dir, entry.name)
    if (entry.name === 'locales') found.push(full)
    else found.push(...(await localeFolders(full)))
  }
  return found
}

/** A piece reads as English words: two words or more, or one long word (eight letters or more). */
const isWords = (piece: string) =>
  piece.split(/\s+/).filter((word) => /\p{L}/u.test(word)).length >= 2 ||
  (piece.match(/\p{L}/gu) ?? []).length >= 8

/**
 * Texts that never show as page text: the ready-made email of "Ask a colleague to vouch for you" goes
 * into a mailto: link (and its "Thank you!" is also what the test world's comment says).
 */
const NOT_PAGE_TEXT = new Set(['features/onboarding/locales:ask.emailBody'])

/** Matches the piece as whole words: "endorsement" is not found inside "endorsements". */
const wholeWords = (piece: string) =>
  new RegExp(`(?<![\\p{L}\\p{N}])${piece.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\p{L}\\p{N}])`, 'u')

/** The English texts to look for: the literal pieces of every en.json value, minus those German shares. */
async function englishTexts(): Promise<EnglishText[]> {
  const texts = new Map<string, EnglishText>()
  for (const folder of await localeFolders(WEB_SRC)) {
    const where = path.relative(WEB_SRC, folder)
    const en = flatten(JSON.parse(await readFile(path.join(folder, 'en.json'), 'utf8')) as Tree)
    const de = flatten(JSON.parse(await readFile(path.join(folder, 'de.json'), 'utf8')) as Tree)
    for (const [key, value] of en) {
      if (NOT_PAGE_TEXT.has(`${where}:${key}`)) continue
      const german = de.get(key) ?? ''
      for (const raw of value.split(/\{\{[^}]*\}\}|<\/?[\w-]+\s*\/?>|\n/)) {
        const piece = raw.trim().replace(/^[·:,;.()"“”„–-]+\s*|\s*[·:,;(“„"–-]+$/gu, '')
        if (!isWords(piece) || german.includes(piece) || texts.has(piece)) continue
        texts.set(piece, { text: piece, key: `${where}:${key}`, pattern: wholeWords(piece) })
      }
    }
  }
  return [...texts.values()]
}

const only = process.env.GERMAN_E2E_PAGES ? new RegExp(process.env.GERMAN_E2E_PAGES) : undefined
const allowed = process.env.GERMAN_E2E_ALLOW ? new RegExp(process.env.GERMAN_E2E_ALLOW) : undefined
const chosen = (audience: Audience) =>
  PAGES.filter((page) => page.audience === audience && (!only || only.test(page.name)))

/**
 * GERMAN_E2E_SHOTS=<folder> also saves each page at 1366 and 390 px wide (full page), to look at
 * German's longer words for overflow.
 */
const SHOTS = process.env.GERMAN_E2E_SHOTS

async function shoot(page: Page, name: string) {
  const file = name.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')
  const wide = page.viewportSize() ?? { width: 1280, height: 800 }
  for (const width of [1366, 390]) {
    await page.setViewportSize({ width, height: 900 })
    await page.waitForTimeout(200)
    await page.screenshot({ path: path.join(SHOTS!, `${file}-${width}.png`), fullPage: true })
  }
  await page.setViewportSize(wide)
}

let english: EnglishText[] = []

/** Visits each page; returns "page: “text” (where)" for every English text found. */
async function sweep(page: Page, world: World, pages: PageToCheck[]) {
  const found: string[] = []
  const visit = openPages(page)
  for (const entry of pages) {
    await visit(entry.path(world))
    expect(await page.evaluate(() => document.documentElement.lang), `<html lang> on ${entry.name}`).toBe(
      'de',
    )
    // What members wrote and what the server logged in its own words (marked translate="no", as it is
    // for translation tools too: announcements, messages, audit details) is data, not the app's text.
    const shown = await shownText(page)
    if (SHOTS) await shoot(page, entry.name)
    for (const { text, key, pattern } of english) {
      if (!pattern.test(shown) || allowed?.test(text)) continue
      const line = `${entry.name}: “${text}” (${key})`
      found.push(line)
      console.log(line)
    }
  }
  return found
}

describe('the app in German', () => {
  beforeAll(async () => {
    english = await englishTexts()
  })

  it('knows the English texts it looks for', () => {
    // A broken collection would make every page pass.
    expect(english.length).toBeGreaterThan(100)
    expect(english.map((entry) => entry.text)).toContain('Something went wrong')
    expect(english.map((entry) => entry.text)).not.toContain('Vouched')
  })

  it.each(['visitor', 'member', 'admin'] as const)(
    'shows no English text to a %s',
    async (audience) => {
      const pages = chosen(audience)
      if (pages.length === 0) return
      const world = await setUpWorld(b.browser)
      if (audience === 'member') await signIn(b.context, world.me.username, world.me.password)
      if (audience === 'admin') await signInAsAdmin(b.context)
      const found = await sweep(b.page, world, pages)
      expect(found, `${found.length} English texts on German pages`).toEqual([])
    },
    180_000,
  )
})
