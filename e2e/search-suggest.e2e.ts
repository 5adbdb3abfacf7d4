import { randomBytes } from 'node:crypto'
import type { BrowserContext } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { baseUrl, registerViaApi, useBrowser, type TestMember } from './support/fixtures'
import { PHONE, shoot } from './support/screenshots'

/*
 * Issue 23, point 5: suggestions while typing in the top-bar search, why a member matched a
 * hashtag search, the result count, and Create Endorsement's person picker. Screenshots go to
 * docs/screenshots with UPDATE_SCREENSHOTS=1.
 */
const b = useBrowser()
const DESKTOP = { width: 1366, height: 860 }

/** Letters only: the search dictionary splits names into words at digits. */
const unique = (prefix: string) =>
  prefix + Array.from(randomBytes(6), (byte) => String.fromCharCode(97 + (byte % 26))).join('')

async function endorse(
  from: BrowserContext,
  to: TestMember,
  hashtags: string[],
  category = 'Technical Skills',
) {
  const res = await from.request.post(`${baseUrl()}/api/vouches`, {
    data: { toUserId: to.id, category, hashtags, note: 'Shipped it with care' },
  })
  if (res.status() !== 201) throw new Error(`POST /api/vouches answered ${res.status()}: ${await res.text()}`)
}

/** Two members sharing a surname, endorsed for a tag by a third, so searches have something to find. */
async function seed() {
  const surname = unique('Quillfeather')
  const tag = unique('Kafka')
  const other = unique('Flink')
  const contexts = await Promise.all([1, 2, 3].map(() => b.browser.newContext()))
  const [c1, c2, giver] = contexts as [BrowserContext, BrowserContext, BrowserContext]
  try {
    const first = await registerViaApi(c1, { fullName: `Ada ${surname}`, title: 'Data Engineer' })
    const second = await registerViaApi(c2, { fullName: `Bea ${surname}`, title: 'Platform Lead' })
    await registerViaApi(giver, { fullName: 'Gil Giver' })
    await endorse(giver, first, [tag, other])
    await endorse(giver, first, [tag], 'Leadership')
    await endorse(giver, second, [tag])
    return { surname, tag, other, first, second }
  } finally {
    await Promise.all(contexts.map((context) => context.close()))
  }
}

const topSearch = () => b.page.getByRole('combobox', { name: 'Search users or tags' }).first()

describe('top-bar search suggestions', () => {
  it('suggests people and hashtags while typing, navigable with the keyboard', async () => {
    const { surname, tag, first } = await seed()
    await registerViaApi(b.context, { fullName: 'Sam Searcher' })
    await b.page.setViewportSize(DESKTOP)
    await b.page.goto(b.url('/'))

    await topSearch().pressSequentially(surname.slice(0, 9).toLowerCase(), { delay: 20 })
    const listbox = b.page.getByRole('listbox', { name: 'Suggestions' })
    const people = listbox.getByRole('group', { name: 'People' })
    await people.getByRole('option', { name: new RegExp(`Ada ${surname}`) }).waitFor()
    expect(await people.getByRole('option').count()).toBe(2)
    expect(await topSearch().getAttribute('aria-expanded')).toBe('true')
    await shoot(b.page, 'search-suggestions-desktop.png')

    // Escape closes the list and keeps the text.
    await topSearch().press('Escape')
    await listbox.waitFor({ state: 'hidden' })
    expect(await topSearch().inputValue()).toBe(surname.slice(0, 9).toLowerCase())

    // ArrowDown opens it again on the first person; Enter opens their profile.
    await topSearch().press('ArrowDown')
    const activeId = await topSearch().getAttribute('aria-activedescendant')
    expect(await b.page.locator(`[id="${activeId}"]`).textContent()).toContain(`Ada ${surname}`)
    await topSearch().press('Enter')
    await b.page.waitForURL(`**/profile/${first.username}`)
    await b.page.getByRole('heading', { level: 1, name: `Ada ${surname}` }).waitFor()

    // A hashtag suggestion searches that tag.
    await topSearch().pressSequentially(`#${tag.slice(0, 8)}`, { delay: 20 })
    await listbox
      .getByRole('group', { name: 'Hashtags' })
      .getByRole('option', { name: new RegExp(tag) })
      .click()
    await b.page.waitForURL((url) => url.pathname === '/discover' && url.searchParams.get('tag') === tag)
  })

  it('shows why each member matched a hashtag search and how many were found', async () => {
    const { tag, other, surname } = await seed()
    await registerViaApi(b.context, { fullName: 'Sam Searcher' })
    await b.page.goto(b.url(`/discover?tag=${tag},${other}&sort=reputation`))
    await b.page.getByTestId('result-count').getByText('2 people').waitFor()
    const ada = b.page
      .getByTestId('user-card')
      .filter({ has: b.page.getByRole('link', { name: `Ada ${surname}`, exact: true }) })
    const matched = ada.getByRole('list', { name: 'Matched' }).getByRole('listitem')
    expect(await matched.allTextContents()).toEqual([`#${tag}2 endorsements`, `#${other}1 endorsement`])
    for (const [viewport, name] of [
      [DESKTOP, 'discover-matched-desktop.png'],
      [PHONE, 'discover-matched-mobile.png'],
    ] as const) {
      await b.page.setViewportSize(viewport)
      await ada.scrollIntoViewIfNeeded()
      await shoot(b.page, name)
    }
  })

  it('Create Endorsement picks a member, then opens the endorsement dialog for them', async () => {
    const { surname } = await seed()
    await registerViaApi(b.context, { fullName: 'Sam Searcher' })
    for (const [viewport, suffix] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'mobile'],
    ] as const) {
      await b.page.setViewportSize(viewport)
      await b.page.goto(b.url('/connections'))
      if (suffix === 'mobile') {
        await b.page.getByRole('button', { name: 'Open menu' }).click()
        await b.page
          .getByRole('dialog', { name: 'Menu' })
          .getByRole('button', { name: 'Create Endorsement' })
          .click()
      } else {
        await b.page.getByRole('button', { name: 'Create Endorsement' }).click()
      }
      const picker = b.page.getByRole('dialog', { name: 'Create Endorsement' })
      const search = picker.getByRole('combobox', { name: 'Search members by name' })
      await expect.poll(() => search.evaluate((el) => el === document.activeElement)).toBe(true)
      await search.pressSequentially(`bea ${surname.slice(0, 8)}`, { delay: 20 })
      await picker.getByRole('option', { name: new RegExp(`Bea ${surname}`) }).waitFor()
      await shoot(b.page, `create-endorsement-picker-${suffix}.png`)
      await search.press('ArrowDown')
      await search.press('Enter')
      const dialog = b.page.getByRole('dialog', { name: `Endorse Bea ${surname}` })
      await dialog.waitFor()
      expect(await picker.count()).toBe(0)
      await dialog.getByRole('button', { name: 'Close' }).first().click()
      await dialog.waitFor({ state: 'hidden' })
    }
  })
})
