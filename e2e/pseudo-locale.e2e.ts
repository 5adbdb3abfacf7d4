import { CATEGORIES } from '@vouched/shared/endorsements.constants'
import { MESSAGES_EN } from '@vouched/shared/i18n/messages.en'
import type { Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
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
 * The pseudo-locale run of issue 28: a browser whose first language is en-XA gets every text of the
 * app accented and bracketed ("Send" → "⟦Šéñð⟧", apps/web/src/lib/i18n/pseudo.ts). It visits every page
 * of german.e2e.ts's list; whatever is still plain ASCII letters once the bracketed texts are taken
 * out did not go through i18n, unless it is data:
 * - marked translate="no" (members' messages, announcements, audit details);
 * - a word of a string the server answered in JSON on the way to the page (names, titles, hashtags,
 *   comments: what members wrote), except the shared catalogue's English texts and the categories,
 *   which the web must show through sharedText;
 * - a name that is the same in every language (NAMES).
 * To stay cheap it loads the app once per audience and moves between pages inside it (openPages).
 */
const b = useBrowser({ locale: 'en-XA' })

/** Names that are the same in every language: the brand, platforms, formats, the language picker. */
const NAMES = new Set(
  [
    'Vouched',
    'LinkedIn',
    'Twitter',
    'Facebook',
    'Instagram',
    'X',
    'Open',
    'Badges',
    'SVG',
    'PNG',
    'HTML',
    'QR',
    'English',
    'Deutsch',
  ].map((word) => word.toLowerCase()),
)

/** The shared English texts: shown as they came, they were not translated. */
const SHARED_ENGLISH = new Set<string>(CATEGORIES)
for (const group of Object.values(MESSAGES_EN)) {
  for (const text of Object.values(group)) if (typeof text === 'string') SHARED_ENGLISH.add(text)
}

const ASCII_WORD = /[\p{L}\p{M}]*[A-Za-z][\p{L}\p{M}]*/gu
/** A weight like "1.2x" is a number in every language (German writes "1,2x" too). */
const MULTIPLIER = /\d(?:[.,]\d+)?x(?![\p{L}])/gu
/** A hashtag is what members typed, even one spelled like a category ("#Leadership"). */
const HASHTAG = /#[\p{L}\p{N}_]+/gu
const words = (text: string) =>
  (withoutTranslated(text).replace(MULTIPLIER, ' ').replace(HASHTAG, ' ').match(ASCII_WORD) ?? []).map(
    (word) => word.toLowerCase(),
  )

/** Collects the words of the strings the server answers in JSON, from the moment it is called. */
function collectData(page: Page) {
  const data = new Set<string>()
  const add = (value: unknown) => {
    if (typeof value === 'string') {
      if (!SHARED_ENGLISH.has(value)) for (const word of words(value)) data.add(word)
    } else if (Array.isArray(value)) value.forEach(add)
    else if (value && typeof value === 'object') Object.values(value).forEach(add)
  }
  page.on('response', (response) => {
    if (!(response.headers()['content-type'] ?? '').includes('application/json')) return
    response.json().then(add, () => {})
  })
  return data
}

/** Takes the pseudo-locale's bracketed texts out (innermost first: a text may hold another). */
function withoutTranslated(text: string) {
  let rest = text
  for (let before = ''; before !== rest;) {
    before = rest
    rest = rest.replace(/⟦[^⟦⟧]*⟧/g, ' ')
  }
  return rest
}

/** Each page's words that are neither translated nor data: "page: word (in “line”)". */
async function sweep(page: Page, world: World, pages: PageToCheck[]) {
  const data = collectData(page)
  const visit = openPages(page)
  const found: string[] = []
  for (const entry of pages) {
    await visit(entry.path(world))
    expect(await page.evaluate(() => document.documentElement.lang), `<html lang> on ${entry.name}`).toBe(
      'pseudo',
    )
    const rest = withoutTranslated(await shownText(page))
    for (const line of rest.split('\n')) {
      const left = words(line).filter((word) => !data.has(word) && !NAMES.has(word))
      if (left.length === 0) continue
      const report = `${entry.name}: ${left.join(' ')} (in “${line.trim()}”)`
      found.push(report)
      console.log(report)
    }
  }
  return found
}

describe('the app in the pseudo-locale', () => {
  it('brackets and accents what it translates, so plain words stand out', async () => {
    // A broken pseudo-locale would make every page pass.
    await b.page.goto(b.url('/auth'))
    await b.page.getByRole('heading', { level: 1 }).first().waitFor()
    expect(await b.page.getByRole('heading', { level: 1 }).first().innerText()).toMatch(/^⟦[^A-Za-z]*⟧$/)
    expect(withoutTranslated('⟦Šéñð ⟦Ĥí⟧⟧ Ada ⟦Óķ⟧').trim()).toBe('Ada')
    expect(words('1.2x ⟦x⟧ Café #Leadership')).toEqual(['café'])
  })

  it.each(['visitor', 'member', 'admin'] as Audience[])(
    'shows no text to a %s that skipped i18n',
    async (audience) => {
      const world = await setUpWorld(b.browser)
      if (audience === 'member') await signIn(b.context, world.me.username, world.me.password)
      if (audience === 'admin') await signInAsAdmin(b.context)
      const found = await sweep(
        b.page,
        world,
        PAGES.filter((page) => page.audience === audience),
      )
      expect(found, `${found.length} lines with text that skipped i18n`).toEqual([])
    },
    180_000,
  )
})
