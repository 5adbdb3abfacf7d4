import { randomBytes } from 'node:crypto'
import type { BrowserContext } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { baseUrl, registerViaApi, useBrowser, type TestMember } from './support/fixtures'
import { shoot } from './support/screenshots'

const b = useBrowser()

const CATEGORIES = ['Technical Skills', 'Communication', 'Leadership', 'Teamwork', 'Creativity']

/** A member signed in on a context of their own, so the test's page keeps its own session. */
async function otherMember(overrides: Parameters<typeof registerViaApi>[1] = {}) {
  const context = await b.browser.newContext()
  const member = await registerViaApi(context, overrides)
  return { context, member }
}

async function endorse(from: BrowserContext, to: TestMember, hashtags: string[], category = CATEGORIES[0]) {
  const response = await from.request.post(`${baseUrl()}/api/vouches`, {
    data: { toUserId: to.id, category, hashtags, note: 'Great to work with' },
  })
  if (response.status() !== 201) {
    throw new Error(`POST /api/vouches answered ${response.status()}: ${await response.text()}`)
  }
}

/** Letters only: names are split into words at digits by the search dictionary. */
const unique = (prefix: string) =>
  prefix + Array.from(randomBytes(6), (byte) => String.fromCharCode(97 + (byte % 26))).join('')

/** A tagged member, endorsed by a second one, so discovery has someone to show. */
async function seedEndorsed(fullName: string, tags: string[]) {
  const endorsed = await otherMember({ fullName, title: 'Platform Engineer' })
  const giver = await otherMember({ fullName: 'Gina Giver' })
  for (const [i, category] of CATEGORIES.slice(0, 3).entries()) {
    await endorse(giver.context, endorsed.member, i === 0 ? tags : tags.slice(0, 1), category)
  }
  await endorsed.context.close()
  await giver.context.close()
  return endorsed.member
}

const cardOf = (name: string) =>
  b.page.getByTestId('user-card').filter({ has: b.page.getByRole('link', { name, exact: true }) })

describe('discovery', () => {
  it('the top-bar search lands on /discover with results', async () => {
    const name = `Quentin ${unique('Zebulon')}`
    const target = await otherMember({ fullName: name })
    await target.context.close()
    await registerViaApi(b.context, { fullName: 'Sam Searcher' })
    await b.page.goto(b.url('/'))
    await b.page.getByRole('combobox', { name: 'Search users or tags' }).fill(name)
    await b.page.getByRole('combobox', { name: 'Search users or tags' }).press('Enter')
    await b.page.waitForURL((url) => url.pathname === '/discover' && url.searchParams.get('q') === name)
    expect(new URL(b.page.url()).searchParams.get('sort')).toBe('reputation')
    await b.page.getByRole('heading', { level: 1, name: `Search Results for "${name}"` }).waitFor()
    await cardOf(name).waitFor()
    await cardOf(name)
      .getByRole('link', { name: `View profile of ${name}` })
      .click()
    await b.page.waitForURL(`**/profile/${target.member.username}`)
  })

  it('finds a member despite a typo in their name', async () => {
    const surname = unique('Wolfenstein')
    await seedEndorsed(`Ophelia ${surname}`, [unique('Typo')])
    await registerViaApi(b.context)
    // Two letters swapped at the end of the surname.
    const typo = surname.slice(0, 3) + surname[4] + surname[3] + surname.slice(5)
    await b.page.goto(b.url(`/discover?q=${encodeURIComponent(typo)}&type=user`))
    await cardOf(`Ophelia ${surname}`).waitFor()
  })

  it('a popular tag chip searches that hashtag', async () => {
    const tag = unique('Chip')
    const name = `Chloe ${unique('Chipper')}`
    await seedEndorsed(name, [tag])
    await registerViaApi(b.context)
    await b.page.goto(b.url('/discover'))
    await b.page.getByRole('heading', { level: 1, name: 'Discover People to Vouch For' }).waitFor()
    const chips = b.page.getByRole('region', { name: 'Popular hashtags' }).getByRole('button')
    await chips.first().waitFor()
    expect(await chips.count()).toBeLessThanOrEqual(10)
    // Our tag when it made the top 10, else the most used one: either way the chip searches it.
    const ours = b.page.getByRole('button', { name: `#${tag}`, exact: true })
    const chip = (await ours.count()) > 0 ? ours : chips.first()
    const chosen = (await chip.textContent())!.replace(/^#/, '')
    await chip.click()
    await b.page.waitForURL((url) => url.searchParams.get('tag') === chosen)
    await b.page.getByRole('heading', { level: 1, name: `Search Results for "${chosen}"` }).waitFor()
    await b.page.getByTestId('user-card').first().waitFor()
    expect(await b.page.getByLabel('Search type').inputValue()).toBe('hashtag')
  })

  it('a search for two hashtags ranks the member holding both first with "Matches 2/2"', async () => {
    const [first, second] = [unique('Alpha'), unique('Beta')]
    const both = `Bianca ${unique('Both')}`
    const one = `Oscar ${unique('One')}`
    await seedEndorsed(both, [first, second])
    await seedEndorsed(one, [first])
    await registerViaApi(b.context)
    await b.page.goto(b.url('/discover'))
    await b.page.getByLabel('Search type').selectOption('hashtag')
    await b.page.getByLabel('Search', { exact: true }).fill(`${first}, ${second}`)
    await b.page.getByRole('button', { name: 'Search', exact: true }).click()
    await b.page.getByText('Users matching more hashtags are ranked higher', { exact: false }).waitFor()
    const cards = b.page.getByTestId('user-card')
    await cards.first().waitFor()
    await expect.poll(() => cards.count()).toBe(2)
    const top = cards.first()
    expect(await top.getByRole('link', { name: both, exact: true }).isVisible()).toBe(true)
    expect(await top.getByText('Matches 2/2').isVisible()).toBe(true)
    expect(await top.getByText('100% match').isVisible()).toBe(true)
    expect(
      await cardOf(one)
        .getByText(/^Matches/)
        .count(),
    ).toBe(0)
  })

  it('the home page shows its sections with data', async () => {
    const tag = unique('Home')
    const name = `Hannah ${unique('Homer')}`
    await seedEndorsed(name, [tag])
    const me = await registerViaApi(b.context, { fullName: 'Morgan Member' })
    await b.page.goto(b.url('/'))
    // Registered a moment ago: welcomed, not welcomed back.
    await b.page.getByRole('heading', { level: 1, name: 'Welcome to Vouched, Morgan!' }).waitFor()
    expect(await b.page.getByRole('link', { name: 'View Your Profile' }).getAttribute('href')).toBe(
      `/profile/${me.username}`,
    )
    const people = b.page.getByRole('region', { name: 'Discover People' })
    await people.getByTestId('user-card').first().waitFor()
    expect(await people.getByRole('link', { name: 'Morgan Member', exact: true }).count()).toBe(0)
    expect(await people.getByRole('link', { name: 'admin', exact: true }).count()).toBe(0)
    const hashtags = b.page.getByRole('heading', { level: 2, name: 'Popular Hashtags' })
    await hashtags.waitFor()
    const firstTag = b.page.locator('a[href^="/discover?tag="]').first()
    await firstTag.waitFor()
    const steps = b.page.getByRole('region', { name: 'Getting Started' })
    expect(await steps.getByText('0 of 7 done').isVisible()).toBe(true)
    await people.getByRole('link', { name: /View all/ }).click()
    await b.page.waitForURL('**/discover')
  })
})

/*
 * Screenshots of home and discover at desktop and phone width: docs/screenshots with
 * UPDATE_SCREENSHOTS=1, otherwise a temporary folder.
 */
describe('discovery screens', () => {
  const sizes = { desktop: { width: 1280, height: 900 }, mobile: { width: 390, height: 844 } } as const

  const overflow = () =>
    b.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
  /**
   * Cards that spill over their list's edge, over the next card in their row, or over their own edge
   * (the page itself may not scroll while cards still overlap each other).
   */
  const spillingCards = () =>
    b.page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('[data-testid="user-card"]')]
        .filter((card, index, cards) => {
          const box = card.getBoundingClientRect()
          const list = card.closest('ul')!.getBoundingClientRect()
          const next = cards[index + 1]?.getBoundingClientRect()
          const overlapsNext = next !== undefined && next.top === box.top && next.left < box.right
          return box.right > list.right + 0.5 || overlapsNext || card.scrollWidth > card.clientWidth
        })
        .map((card) => card.querySelector('a')?.textContent),
    )

  for (const [size, viewport] of Object.entries(sizes)) {
    it(`home and discover at ${size} width`, async () => {
      const tag = unique('Design')
      await seedEndorsed(`Avery ${unique('Lane')}`, [tag, 'TypeScript'])
      await seedEndorsed(`Blake ${unique('Moss')}`, [tag])
      await registerViaApi(b.context, { fullName: 'Jordan Rivera' })
      await b.page.setViewportSize(viewport)

      await b.page.goto(b.url('/'))
      await b.page.getByRole('region', { name: 'Discover People' }).getByTestId('user-card').first().waitFor()
      await b.page.locator('a[href^="/discover?tag="]').first().waitFor()
      expect(await overflow()).toBe(0)
      expect(await spillingCards()).toEqual([])
      await shoot(b.page, `home-${size}.png`, true)

      await b.page.goto(b.url('/discover'))
      await b.page.getByRole('region', { name: 'Popular hashtags' }).getByRole('button').first().waitFor()
      await b.page.getByRole('region', { name: 'Popular members' }).getByTestId('user-card').first().waitFor()
      expect(await overflow()).toBe(0)
      expect(await spillingCards()).toEqual([])
      await shoot(b.page, `discover-${size}.png`, true)

      await b.page.goto(b.url(`/discover?tag=${encodeURIComponent(`${tag},TypeScript`)}`))
      await b.page.getByText('Matches 2/2').first().waitFor()
      expect(await overflow()).toBe(0)
      expect(await spillingCards()).toEqual([])
      await shoot(b.page, `discover-results-${size}.png`, true)
    })
  }
})
