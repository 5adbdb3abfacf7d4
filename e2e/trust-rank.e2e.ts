import { randomBytes } from 'node:crypto'
import type { BrowserContext } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { baseUrl, registerViaApi, useBrowser, type TestMember } from './support/fixtures'
import { shoot } from './support/screenshots'

/*
 * The trust rank against the real server (issue 25, point 5): an admin chooses a seed on the admin page and
 * recomputes; the profile explains where a member's trust comes from, and discovery sorts by it.
 */
const b = useBrowser()

const adminPassword = () => {
  const password = process.env.E2E_ADMIN_PASSWORD ?? process.env.ADMIN_PASSWORD
  if (!password)
    throw new Error('The e2e server must be started with ADMIN_PASSWORD so that the admin account exists')
  return password
}

/** Letters only: names are split into words at digits by the search dictionary. */
const unique = (prefix: string) =>
  prefix + Array.from(randomBytes(6), (byte) => String.fromCharCode(97 + (byte % 26))).join('')

async function member(fullName: string) {
  const context = await b.browser.newContext()
  return { context, member: await registerViaApi(context, { fullName }) }
}

async function endorse(from: BrowserContext, to: TestMember, category: string) {
  const response = await from.request.post(`${baseUrl()}/api/vouches`, {
    data: { toUserId: to.id, category, hashtags: ['Mentoring'], note: 'Led our migration' },
  })
  expect(response.status(), await response.text()).toBe(201)
}

describe('trust rank', () => {
  it('recomputes in the background, explains a member’s trust on their profile and sorts discovery by it', async () => {
    const token = unique('Trusty')
    const seed = await member(`Sofia ${unique('Seed')}`)
    const high = await member(`${token} Hana`)
    const low = await member(`${token} Lior`)
    const none = await member(`${token} Nadia`)
    await endorse(seed.context, high.member, 'Leadership')
    await endorse(high.context, low.member, 'Teamwork')
    // Nadia gets as much reputation as Lior, but from no one trust reaches.
    await endorse(none.context, low.member, 'Communication')
    const strangers = [await member('Stan Ranger'), await member('Rita Stranger')]
    for (const stranger of strangers) await endorse(stranger.context, none.member, 'Leadership')

    // The admin chooses the seed and recomputes from the admin page.
    const signIn = await b.context.request.post(`${baseUrl()}/api/login`, {
      data: { username: 'admin', password: adminPassword() },
    })
    expect(signIn.status(), await signIn.text()).toBe(200)
    await b.page.goto(b.url('/admin?tab=trust'))
    await b.page.getByRole('heading', { level: 2, name: 'Trust seeds' }).waitFor()
    await b.page.getByPlaceholder('Username').fill(seed.member.username)
    await b.page.getByRole('button', { name: 'Add seed' }).click()
    await b.page.getByRole('list', { name: 'Chosen seeds' }).getByText(`@${seed.member.username}`).waitFor()
    await shoot(b.page, 'trust-admin.png')

    // No one presses anything: the background recompute, scheduled by the change, picks the seed up.
    const viewer = await member('Vera Viewer')
    const deadline = Date.now() + 60_000
    for (;;) {
      const res = await viewer.context.request.get(`${baseUrl()}/api/trust/${high.member.username}`)
      const trust = (await res.json()) as { score: number }
      if (trust.score > 0) break
      if (Date.now() > deadline) throw new Error('No background recompute within a minute')
      await new Promise((resolve) => setTimeout(resolve, 1_000))
    }

    // A member reads the profile: the trust card says where it comes from.
    const page = await viewer.context.newPage()
    await page.goto(b.url(`/profile/${high.member.username}`))
    const card = page.getByRole('heading', { level: 2, name: 'Trust' })
    await card.waitFor()
    const explanation = page.getByTestId('trust-explanation')
    await explanation.waitFor()
    expect(await explanation.textContent()).toBe(
      `Most of this trust comes from ${seed.member.fullName} (100%).`,
    )
    await explanation.getByRole('link', { name: seed.member.fullName }).waitFor()
    await shoot(page, 'trust-profile.png', true)

    // Discovery: the same search by trust, then by reputation.
    const names = async (sort: string) => {
      await page.goto(b.url(`/discover?q=${token}&type=user&sort=${sort}`))
      const cards = page.getByTestId('user-card')
      await cards.nth(2).waitFor()
      return (await cards.allTextContents()).map(
        (text) => [high, low, none].find((m) => text.includes(m.member.fullName))?.member.fullName,
      )
    }
    expect(await names('trust')).toEqual([high.member.fullName, low.member.fullName, none.member.fullName])
    await shoot(page, 'trust-discover.png')
    const byReputation = await names('reputation')
    expect(byReputation[0]).toBe(none.member.fullName)

    // The admin can also recompute at once.
    await b.page.getByRole('button', { name: 'Recompute now' }).click()
    await b.toast('Trust recomputed').waitFor()
    for (const m of [seed, high, low, none, ...strangers, viewer]) await m.context.close()
  })
})
