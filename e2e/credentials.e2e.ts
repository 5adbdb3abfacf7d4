import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { CATEGORIES } from '@vouched/shared/endorsements'
import { describe, expect, it } from 'vitest'
import { baseUrl, registerViaApi, useBrowser } from './support/fixtures'
import { horizontalOverflow, PHONE, SCREENSHOT_DIR, shoot } from './support/screenshots'

/*
 * Verifiable credentials (issue 26): a member's badge PNG carries their medal's credential, and the
 * public /verify page checks it; a changed credential fails with the reason, a withdrawn endorsement's
 * credential shows as revoked, and the profile's "Verifiable" chip opens the page with the medal checked.
 */
const b = useBrowser()

const verdict = () => b.page.getByRole('heading', { level: 2 })

/** A full-page picture from the top: the answer scrolled into view, and the sticky bar would follow. */
async function shootFromTop(name: string) {
  await b.page.evaluate(() => window.scrollTo({ top: 0, behavior: 'instant' }))
  await shoot(b.page, name, true)
}

/** Chooses the file and waits for the server's answer, so the verdict read next is this file's. */
async function upload(file: string) {
  await Promise.all([
    b.page.waitForResponse((response) => response.url().endsWith('/api/credentials/verify')),
    b.page.getByLabel('Choose a file').setInputFiles(file),
  ])
}

async function pasteAndVerify(credential: unknown) {
  await b.page.getByLabel('Paste a credential (JSON)').fill(JSON.stringify(credential))
  await Promise.all([
    b.page.waitForResponse((response) => response.url().endsWith('/api/credentials/verify')),
    b.page.getByRole('button', { name: 'Verify' }).click(),
  ])
}

describe('credentials', () => {
  it('verifies a downloaded badge SVG and PNG, refuses a changed credential and shows a withdrawn one revoked', async () => {
    const member = await registerViaApi(b.context, { fullName: 'Noor Haddad' })
    // One colleague endorses them in each of the ten categories naming #Kubernetes: a bronze medal.
    const colleague = await b.browser.newContext()
    const vouchIds: number[] = []
    const downloads = await mkdtemp(path.join(tmpdir(), 'vouched-badge-'))
    try {
      await registerViaApi(colleague, { fullName: 'Colleague One' })
      for (const category of CATEGORIES) {
        const response = await colleague.request.post(`${baseUrl()}/api/vouches`, {
          data: { toUserId: member.id, category, hashtags: ['Kubernetes'], note: 'Ran our clusters' },
        })
        expect(response.status(), await response.text()).toBe(201)
        vouchIds.push(((await response.json()) as { id: number }).id)
      }

      // The badge SVG, as Download Badge (SVG) saves it, and the PNG, as the share page offers it
      // (Embed Code → Direct badge image URL).
      await b.page.goto(b.url(`/share-badge/${member.username}`))
      const [download] = await Promise.all([
        b.page.waitForEvent('download'),
        b.page.getByRole('button', { name: 'Download Badge (SVG)' }).click(),
      ])
      const svgFile = path.join(downloads, 'badge.svg')
      await download.saveAs(svgFile)
      await b.page.getByRole('tab', { name: 'Embed Code' }).click()
      const imageUrl = await b.page.getByRole('textbox', { name: 'Direct badge image URL' }).inputValue()
      const image = await b.context.request.get(imageUrl)
      expect(image.headers()['content-type']).toBe('image/png')
      const file = path.join(downloads, 'badge.png')
      await writeFile(file, await image.body())

      await b.page.getByRole('link', { name: 'Verify a badge' }).click()
      await b.page.getByRole('heading', { level: 1, name: 'Verify a credential' }).waitFor()
      await upload(svgFile)
      await verdict().filter({ hasText: 'Valid' }).waitFor()
      await b.page.getByText('Checked: badge.svg').waitFor()
      await b.page.getByRole('article', { name: 'Bronze medal in #Kubernetes' }).waitFor()

      await upload(file)
      await verdict().filter({ hasText: 'Valid' }).waitFor()
      const medalCard = b.page.getByRole('article', { name: 'Bronze medal in #Kubernetes' })
      await medalCard
        .getByText(`Noor Haddad (@${member.username}) holds the bronze medal in #Kubernetes`, {
          exact: false,
        })
        .waitFor()
      expect(await b.page.getByText('Checked: badge.png').count()).toBe(1)
      await shootFromTop('verify-valid-desktop.png')
      await b.page.setViewportSize(PHONE)
      expect(await horizontalOverflow(b.page)).toBe(0)
      await shootFromTop('verify-valid-mobile.png')
      await b.page.setViewportSize({ width: 1280, height: 800 })

      // A changed field: the proof no longer matches.
      const profile = await b.context.request.get(`${baseUrl()}/api/users/${member.username}`)
      const medalId = ((await profile.json()) as { user: { medals: { id: number }[] } }).user.medals[0]!.id
      const medal = (await (
        await b.context.request.get(`${baseUrl()}/api/credentials/medals/${medalId}`)
      ).json()) as Record<string, unknown>
      await pasteAndVerify({ ...medal, name: 'Platinum medal in #Kubernetes' })
      await verdict().filter({ hasText: 'Invalid' }).waitFor()
      await b.page.getByText(/The signature does not match the content/).waitFor()
      await shootFromTop('verify-invalid-desktop.png')

      // The profile's chip opens the page with the medal's credential loaded and checked.
      await b.page.goto(b.url(`/profile/${member.username}`))
      const chip = b.page
        .getByRole('list', { name: 'Achievement medals' })
        .getByRole('link', { name: 'Verifiable: check the Bronze medal in #Kubernetes' })
      await chip.waitFor()
      expect(
        await b.page.getByRole('link', { name: 'Verifiable: check this endorsement' }).count(),
      ).toBeGreaterThan(0)
      await shoot(b.page, 'profile-verifiable-desktop.png')
      await b.page
        .getByRole('article', { name: 'Endorsement from Colleague One' })
        .first()
        .screenshot({ path: path.join(SCREENSHOT_DIR, 'endorsement-verifiable-desktop.png') })
      await b.page.setViewportSize(PHONE)
      expect(await horizontalOverflow(b.page)).toBe(0)
      await shoot(b.page, 'profile-verifiable-mobile.png')
      await b.page.setViewportSize({ width: 1280, height: 800 })
      await chip.click()
      await verdict().filter({ hasText: 'Valid' }).waitFor()
      expect(new URL(b.page.url()).search).toBe(`?medal=${medalId}`)

      // A withdrawn endorsement: its credential, kept from before, now reads as revoked.
      const kept = await (
        await b.context.request.get(`${baseUrl()}/api/credentials/vouches/${vouchIds[0]}`)
      ).json()
      const withdrawn = await colleague.request.delete(`${baseUrl()}/api/vouches/${vouchIds[0]}`)
      expect(withdrawn.status()).toBe(200)
      await b.page.goto(b.url('/verify'))
      await pasteAndVerify(kept)
      await verdict().filter({ hasText: 'Revoked' }).waitFor()
      await b.page.getByText(/Its issuer revoked it/).waitFor()
      await shootFromTop('verify-revoked-desktop.png')
    } finally {
      await colleague.close()
      await rm(downloads, { recursive: true, force: true })
    }
  })
})
