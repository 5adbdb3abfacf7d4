import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { CATEGORIES } from '@vouched/shared/endorsements'
import type { BrowserContext } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { baseUrl, registerViaApi, useBrowser, type TestMember } from './support/fixtures'
import { horizontalOverflow, SCREENSHOT_DIR } from './support/screenshots'

/*
 * The shareable badge: customise, copy the embed code, save a named badge, and the public page as a visitor.
 * Screenshots go to docs/screenshots with UPDATE_SCREENSHOTS=1, otherwise to a temporary folder.
 */
const b = useBrowser({ permissions: ['clipboard-read', 'clipboard-write'] })

/**
 * Gives `member` endorsements through the real API: each endorser endorses them once per category
 * (the most one member may), carrying the given tags, so `endorsers` × `categories` endorsements per tag.
 */
async function endorse(
  member: TestMember,
  plan: { endorsers: number; categories: number; hashtags: string[] }[],
) {
  for (const step of plan) {
    for (let e = 0; e < step.endorsers; e++) {
      const context: BrowserContext = await b.browser.newContext()
      try {
        await registerViaApi(context, { fullName: `Colleague ${e + 1}` })
        for (const category of CATEGORIES.slice(0, step.categories)) {
          const response = await context.request.post(`${baseUrl()}/api/vouches`, {
            data: { toUserId: member.id, category, hashtags: step.hashtags, note: 'Great to work with' },
          })
          if (response.status() !== 201) {
            throw new Error(`POST /api/vouches answered ${response.status()}: ${await response.text()}`)
          }
        }
      } finally {
        await context.close()
      }
    }
  }
}

const frame = () => b.page.getByTitle(/reputation badge$/)
const frameUrl = async () => new URL((await frame().getAttribute('src'))!, baseUrl())
const availableSkill = (tag: string) =>
  b.page.getByRole('list', { name: 'Available skills' }).getByRole('button', { name: `#${tag}`, exact: true })

async function openSharePage(member: TestMember) {
  await b.page.goto(b.url(`/share-badge/${member.username}`))
  await b.page.getByRole('heading', { level: 1, name: 'Share Badge' }).waitFor()
  await frame().waitFor()
}

describe('badge', () => {
  it('customising skills changes the preview URL and the badge it shows', async () => {
    const member = await registerViaApi(b.context, { fullName: 'Priya Natarajan' })
    await endorse(member, [{ endorsers: 1, categories: 3, hashtags: ['TypeScript', 'Leadership', 'Agile'] }])
    await openSharePage(member)

    const before = await frameUrl()
    expect(before.pathname).toBe(`/api/badge/${member.username}`)
    expect(before.searchParams.get('hashtags')).toBeNull()
    expect(before.searchParams.get('timestamp')).toMatch(/^\d+$/)
    await expect.poll(() => frame().evaluate((f: HTMLIFrameElement) => f.offsetHeight)).toBe(308)

    await availableSkill('Agile').click()
    await expect.poll(async () => (await frameUrl()).searchParams.get('hashtags')).toBe('Agile')
    const afterOne = await frameUrl()
    expect(Number(afterOne.searchParams.get('timestamp'))).toBeGreaterThan(
      Number(before.searchParams.get('timestamp')),
    )

    await availableSkill('TypeScript').click()
    await expect.poll(async () => (await frameUrl()).searchParams.get('hashtags')).toBe('Agile,TypeScript')
    // The framed badge really is the server's SVG with only the chosen skills.
    const badge = b.page.frameLocator('[data-testid="badge-frame"]')
    await badge.locator('text', { hasText: '#TypeScript' }).first().waitFor()
    expect(await badge.locator('text', { hasText: '#Leadership' }).count()).toBe(0)

    await b.page.getByRole('button', { name: 'Clear all' }).click()
    await expect.poll(async () => (await frameUrl()).searchParams.get('hashtags')).toBeNull()

    await b.page.getByLabel('Filter skills').fill('zzz')
    await b.page.getByText('No skills found matching "zzz"').waitFor()
  })

  it('copies the embed code to the clipboard with a 2-second confirmation', async () => {
    const member = await registerViaApi(b.context)
    await endorse(member, [{ endorsers: 1, categories: 1, hashtags: ['Mentorship'] }])
    await openSharePage(member)
    await availableSkill('Mentorship').click()
    await b.page.getByRole('tab', { name: 'Embed Code' }).click()
    const snippet = b.page.getByRole('textbox', { name: 'HTML snippet' })
    await expect.poll(() => snippet.inputValue()).toContain('hashtags=Mentorship')

    const copy = b.page.getByRole('button', { name: 'Copy HTML snippet' })
    await copy.click()
    await copy.getByText('Copied!').waitFor()
    const clipboard = await b.page.evaluate(() => navigator.clipboard.readText())
    expect(clipboard).toBe(await snippet.inputValue())
    expect(clipboard).toContain(`<a href="${baseUrl()}/badge/${member.username}?hashtags=Mentorship"`)
    expect(clipboard).toContain(
      `<img src="${baseUrl()}/api/badge/${member.username}?format=png&amp;hashtags=Mentorship"`,
    )
    await copy.getByText('Copied!').waitFor({ state: 'detached', timeout: 4_000 })

    expect(await b.page.getByRole('textbox', { name: 'Direct badge image URL' }).inputValue()).toBe(
      `${baseUrl()}/api/badge/${member.username}?format=png&hashtags=Mentorship`,
    )
    expect(await b.page.getByRole('textbox', { name: 'Profile link' }).inputValue()).toBe(
      `${baseUrl()}/profile/${member.username}`,
    )
    // The image URL of the snippet serves a PNG that other sites may embed.
    const image = await b.context.request.get(
      `${baseUrl()}/api/badge/${member.username}?format=png&hashtags=Mentorship`,
    )
    expect(image.headers()['content-type']).toBe('image/png')
    expect(image.headers()['cross-origin-resource-policy']).toBe('cross-origin')
  })

  it('saves a named badge that survives a reload and applies it', async () => {
    const member = await registerViaApi(b.context)
    await endorse(member, [{ endorsers: 1, categories: 2, hashtags: ['ReactJS', 'Testing', 'DevOps'] }])
    await openSharePage(member)

    await b.page.getByRole('button', { name: 'Save Badge' }).click()
    await b.toast('Please select at least one skill to save a badge').waitFor()

    await availableSkill('Testing').click()
    await availableSkill('ReactJS').click()
    await b.page.getByRole('button', { name: 'Save Badge' }).click()
    await b.toast('Please provide a name for your badge').waitFor()

    await b.page.getByLabel('Badge name').fill('Frontend quality')
    await b.page.getByRole('button', { name: 'Save Badge' }).click()
    await b.toast('Badge saved').waitFor()

    await b.page.reload()
    await frame().waitFor()
    expect((await frameUrl()).searchParams.get('hashtags')).toBeNull()
    const saved = b.page.getByRole('list', { name: 'Saved badges' })
    await saved.getByText('Frontend quality').waitFor()
    await saved.getByRole('button', { name: 'Apply Frontend quality' }).click()
    await expect.poll(async () => (await frameUrl()).searchParams.get('hashtags')).toBe('Testing,ReactJS')
  })

  it('opens the public page signed out, with meta tags in the served HTML', async () => {
    const member = await registerViaApi(b.context, { fullName: 'Sam Okafor' })
    await endorse(member, [{ endorsers: 1, categories: 1, hashtags: ['Communication', 'Scrum'] }])
    const visitor = await b.browser.newContext()
    try {
      const page = await visitor.newPage()
      const errors: string[] = []
      page.on('pageerror', (error) => errors.push(error.message))
      await page.goto(b.url(`/badge/${member.username}?hashtags=Scrum`))
      await page.getByRole('heading', { level: 1, name: `@${member.username}` }).waitFor()
      const iframe = page.getByTitle(`${member.username}'s reputation badge`)
      await iframe.waitFor()
      expect(await iframe.evaluate((f: HTMLIFrameElement) => f.offsetHeight)).toBe(350)
      await page.frameLocator('iframe').locator('text', { hasText: '#Scrum' }).first().waitFor()
      expect(await page.title()).toBe(`${member.username}'s Vouched badge: #Scrum`)
      expect(await page.getByRole('link', { name: 'Join Vouched' }).getAttribute('href')).toBe('/')
      await page.getByRole('button', { name: 'Share Badge' }).waitFor()

      // A crawler runs no JavaScript: the tags are in the HTML the server sends.
      const html = await (await visitor.request.get(b.url(`/badge/${member.username}?hashtags=Scrum`))).text()
      expect(html).toContain(
        `<meta property="og:image" content="${baseUrl()}/api/badge/${member.username}?format=png&amp;hashtags=Scrum" />`,
      )
      expect(html).toContain('<meta name="twitter:card" content="summary_large_image" />')
      expect(html).toContain(`<title>${member.username}&#39;s Vouched badge: #Scrum</title>`)

      await page.goto(b.url('/badge/nobody-here-at-all'))
      await page.getByText('User not found').waitFor()
      await page.getByRole('link', { name: 'Go to Homepage' }).click()
      await page.waitForURL(/\/auth$/)
      expect(errors).toEqual([])
    } finally {
      await visitor.close()
    }
  })

  it('screenshots of the share page, the public page and the badge', async () => {
    const member = await registerViaApi(b.context, { fullName: 'Amara Chen' })
    await endorse(member, [
      { endorsers: 4, categories: 10, hashtags: ['TypeScript'] },
      { endorsers: 2, categories: 10, hashtags: ['Leadership', 'Mentorship'] },
      { endorsers: 1, categories: 10, hashtags: ['ReactJS'] },
      { endorsers: 1, categories: 4, hashtags: ['Agile', 'DevOps', 'CodeQuality', 'Testing'] },
    ])
    await mkdir(SCREENSHOT_DIR, { recursive: true })
    const hashtags = 'TypeScript,Leadership,ReactJS,Agile'

    await b.page.setViewportSize({ width: 1280, height: 1000 })
    await openSharePage(member)
    for (const tag of hashtags.split(',')) await availableSkill(tag).click()
    await expect.poll(async () => (await frameUrl()).searchParams.get('hashtags')).toBe(hashtags)
    await b.page
      .frameLocator('[data-testid="badge-frame"]')
      .locator('text', { hasText: '#Agile' })
      .first()
      .waitFor()
    await b.page.evaluate(() => document.fonts.ready)
    await b.page.waitForTimeout(300)
    expect(await horizontalOverflow(b.page)).toBe(0)
    await b.page.screenshot({ path: path.join(SCREENSHOT_DIR, 'share-badge-desktop.png'), fullPage: true })

    await b.page.setViewportSize({ width: 390, height: 844 })
    await b.page.waitForTimeout(300)
    expect(await horizontalOverflow(b.page)).toBe(0)
    await b.page.screenshot({ path: path.join(SCREENSHOT_DIR, 'share-badge-mobile.png'), fullPage: true })

    const visitor = await b.browser.newContext({ viewport: { width: 1280, height: 860 } })
    try {
      const page = await visitor.newPage()
      await page.goto(b.url(`/badge/${member.username}?hashtags=${hashtags}`))
      await page.frameLocator('iframe').locator('text', { hasText: '#Agile' }).first().waitFor()
      await page.evaluate(() => document.fonts.ready)
      await page.screenshot({ path: path.join(SCREENSHOT_DIR, 'public-badge-desktop.png') })
    } finally {
      await visitor.close()
    }

    const png = await b.context.request.get(
      `${baseUrl()}/api/badge/${member.username}?format=png&hashtags=${hashtags}`,
    )
    expect(png.headers()['content-type']).toBe('image/png')
    await writeFile(path.join(SCREENSHOT_DIR, 'badge.png'), await png.body())
  })
})
