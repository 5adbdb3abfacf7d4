import type { BrowserContext } from 'playwright-core'
import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { registerViaApi, useBrowser, waitForMail, type TestMember } from './support/fixtures'
import { horizontalOverflow, PHONE, shoot } from './support/screenshots'

/*
 * Profiles and endorsements in a real browser: endorsing with tags, likes and comments, editing one's
 * profile and picture, verifying a work email. Screenshots go to docs/screenshots with UPDATE_SCREENSHOTS=1.
 */
const b = useBrowser()
const DESKTOP = { width: 1280, height: 800 }

/** A member signed in in a context of their own (closed by the caller's test end). */
async function otherMember(overrides: Parameters<typeof registerViaApi>[1] = {}) {
  const context = await b.browser.newContext()
  const member = await registerViaApi(context, overrides)
  return { member, context }
}

async function endorseViaApi(context: BrowserContext, to: TestMember, body: Record<string, unknown>) {
  const res = await context.request.post(b.url('/api/vouches'), { data: { toUserId: to.id, ...body } })
  expect(res.status(), await res.text()).toBe(201)
  return (await res.json()) as { id: number }
}

describe('profiles and endorsements', () => {
  it('endorses a member with hashtags through the dialog and shows the score, chips and card', async () => {
    const { member: bob, context } = await otherMember({ fullName: 'Bob Builder', title: 'Site Lead' })
    await context.close()
    await registerViaApi(b.context, { fullName: 'Alice Martin' })
    await b.page.goto(b.url(`/profile/${bob.username}`))
    await b.page.getByRole('heading', { level: 1, name: 'Bob Builder' }).waitFor()
    await b.page.getByText('No endorsements received yet. Be the first to endorse this user!').waitFor()

    await b.page.getByRole('button', { name: 'Endorse Bob Builder' }).click()
    const dialog = b.page.getByRole('dialog', { name: 'Endorse Bob Builder' })
    await dialog.getByRole('combobox', { name: 'Category' }).click()
    await b.page.getByRole('option', { name: 'Leadership' }).click()
    await dialog.getByLabel('Note (optional)').fill('Led the site through a tough winter.')
    const tags = dialog.getByLabel('Skills (hashtags)')
    await tags.fill('#Mentorship')
    await tags.press('Enter')
    await tags.fill('Agi')
    await dialog.getByRole('button', { name: '#Agile' }).click()
    await dialog.getByRole('button', { name: 'Submit endorsement' }).click()
    await b.toast('Endorsement sent').waitFor()

    // 10 × 1.2 for the note: 12 points in Leadership and in the reputation.
    await expect.poll(() => b.page.getByTestId('reputation-score').textContent()).toBe('12.0')
    const tagsList = b.page.getByRole('list', { name: 'Leadership tags' })
    await tagsList.getByRole('link', { name: '#Mentorship' }).waitFor()
    expect((await tagsList.getByRole('link').allTextContents()).sort()).toEqual(['#Agile', '#Mentorship'])
    expect(
      await b.page.getByRole('progressbar', { name: 'Leadership score' }).getAttribute('aria-valuenow'),
    ).toBe('12')
    const card = b.page.getByRole('article', { name: 'Endorsement from Alice Martin' })
    await card.getByText('Led the site through a tough winter.').waitFor()
    expect(await card.getByText('1.2x').isVisible()).toBe(true)
    expect(await card.getByRole('link', { name: '#Agile' }).isVisible()).toBe(true)
  })

  it('likes and comments on an endorsement, and deletes the comment', async () => {
    const { member: bob, context } = await otherMember({ fullName: 'Bob Builder' })
    const carol = await registerViaApi(b.context, { fullName: 'Carol Danvers' })
    const { context: daveContext } = await otherMember({ fullName: 'Dave Endorser' })
    await endorseViaApi(daveContext, bob, {
      category: 'Teamwork',
      note: 'Always helps',
      hashtags: ['TeamPlayer'],
    })
    await daveContext.close()
    await context.close()

    await b.page.goto(b.url(`/profile/${bob.username}`))
    const card = b.page.getByRole('article', { name: 'Endorsement from Dave Endorser' })
    await card.getByRole('button', { name: '0 Likes' }).click()
    await card.getByRole('button', { name: '1 Like', pressed: true }).waitFor()
    // Focus stays on Like while the request runs and after (it is never disabled under the finger).
    expect(
      await card.getByRole('button', { name: '1 Like' }).evaluate((el) => el === document.activeElement),
    ).toBe(true)

    await card.getByRole('button', { name: '0 Comments' }).click()
    await card.getByText('No comments yet.').waitFor()
    await card.getByLabel('Add a comment').fill('Can confirm, a great teammate.')
    await card.getByRole('button', { name: 'Post' }).click()
    const comments = card.getByRole('list', { name: 'Comments' })
    await comments.getByText('Can confirm, a great teammate.').waitFor()
    expect(await comments.getByRole('link', { name: carol.fullName }).isVisible()).toBe(true)
    await card.getByRole('button', { name: '1 Comment', expanded: true }).waitFor()

    // Both survive a reload: they are on the server.
    await b.page.reload()
    const again = b.page.getByRole('article', { name: 'Endorsement from Dave Endorser' })
    await again.getByRole('button', { name: '1 Like', pressed: true }).waitFor()
    await again.getByRole('button', { name: '1 Comment' }).click()
    await again.getByRole('button', { name: 'Delete comment' }).click()
    await again.getByText('No comments yet.').waitFor()
  })

  it('edits my profile', async () => {
    const me = await registerViaApi(b.context, { fullName: 'Erin Example' })
    await b.page.goto(b.url(`/profile/${me.username}`))
    await b.page.getByText('No bio provided yet.').waitFor()
    await b.page.getByRole('button', { name: 'Edit Profile' }).click()
    const dialog = b.page.getByRole('dialog', { name: 'Edit profile' })
    await dialog.getByLabel('Full name').fill('E')
    await dialog.getByRole('button', { name: 'Save changes' }).click()
    await dialog.getByText('Full name must be at least 2 characters').waitFor()
    await dialog.getByLabel('Full name').fill('Erin Engineer')
    await dialog.getByLabel('Title').fill('Platform Engineer')
    await dialog.getByLabel('Location').fill('Lisbon')
    await dialog.getByLabel('Bio').fill('I keep the lights on.')
    await dialog.getByRole('button', { name: 'Save changes' }).click()
    await b.toast('Profile updated').waitFor()
    await b.page.getByRole('heading', { level: 1, name: 'Erin Engineer' }).waitFor()
    for (const text of ['Platform Engineer', 'Lisbon', 'I keep the lights on.']) {
      expect(await b.page.getByText(text, { exact: true }).isVisible()).toBe(true)
    }
  })

  it('changes my picture', async () => {
    const me = await registerViaApi(b.context, { fullName: 'Frank Photo' })
    await b.page.goto(b.url(`/profile/${me.username}`))
    await b.page.getByRole('heading', { level: 1, name: 'Frank Photo' }).waitFor()
    await b.page.getByRole('button', { name: 'Change profile picture' }).click()
    const dialog = b.page.getByRole('dialog', { name: 'Update profile picture' })
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: '#3b82f6' } })
      .png()
      .toBuffer()
    await dialog
      .getByLabel('Choose an image')
      .setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png })
    await dialog.getByRole('button', { name: 'Upload' }).click()
    await b.toast('Profile picture updated').waitFor()
    const avatar = b.page.getByRole('img', { name: 'Frank Photo' }).first()
    await expect.poll(() => avatar.getAttribute('src')).toMatch(/^\/uploads\/[a-f0-9]{32}\.jpg$/)
    const src = (await avatar.getAttribute('src'))!
    const served = await b.context.request.get(b.url(src))
    expect(served.headers()['content-type']).toBe('image/jpeg')
    const meta = await sharp(await served.body()).metadata()
    expect([meta.width, meta.height]).toEqual([400, 400])
  })

  it('verifies a work email with the code', async () => {
    const me = await registerViaApi(b.context, { fullName: 'Gina Verified' })
    await b.page.goto(b.url(`/profile/${me.username}`))
    await b.page.getByRole('button', { name: 'Verify Work Email' }).click()
    const dialog = b.page.getByRole('dialog')
    await dialog.getByLabel('Work email').fill('gina@gmail.com')
    await dialog.getByRole('button', { name: 'Send code' }).click()
    await dialog
      .getByText('Please use your company email. Personal email domains are not accepted for verification.')
      .waitFor()
    const workEmail = `${me.username}@acme-e2e.io`
    await dialog.getByLabel('Work email').fill(workEmail)
    await dialog.getByRole('button', { name: 'Send code' }).click()
    await dialog.getByText('Demo mode').waitFor()
    const mail = await waitForMail(workEmail)
    const code = /code is (\d{6})/.exec(mail.text)?.[1]
    expect(code).toMatch(/^\d{6}$/)
    expect(await dialog.getByText(code!, { exact: true }).isVisible()).toBe(true)
    await dialog.getByLabel('Verification code').fill(code!)
    await dialog.getByRole('button', { name: 'Verify' }).click()
    await dialog.getByRole('heading', { name: 'Email verified!' }).waitFor()
    await dialog.getByRole('button', { name: 'Done' }).click()
    await b.page.getByText('Email Verified', { exact: true }).waitFor()
    await b.page.getByText('Your endorsements have 1.25x more impact!').waitFor()
    await b.page.getByRole('img', { name: 'Verified', exact: true }).waitFor()
  })

  it('looks right on my profile and on another member’s, at desktop and phone widths', async () => {
    const { member: star, context: starContext } = await otherMember({
      fullName: 'Priya Raman',
      title: 'Staff Engineer',
      location: 'Bristol',
      bio: 'Building developer platforms. Mentor, writer of runbooks, fan of boring technology.',
    })
    const me = await registerViaApi(b.context, {
      fullName: 'Sam Carter',
      title: 'Engineering Manager',
      location: 'Leeds',
    })
    await endorseViaApi(starContext, me as TestMember, {
      category: 'Leadership',
      note: 'Runs the calmest incident reviews I have seen.',
      hashtags: ['Leadership', 'Communication'],
    })
    await starContext.close()
    // Ten endorsers give Priya a bronze medal in Mentorship.
    const notes = ['Taught me how to review code kindly.', '', 'Her runbooks saved our on-call week.', '']
    const categories = ['Technical Skills', 'Leadership', 'Teamwork', 'Communication', 'Problem Solving']
    for (let i = 0; i < 10; i++) {
      const { context } = await otherMember({
        fullName: ['Lena Ortiz', 'Tom Baker', 'Ana Silva', 'Raj Patel', 'Mei Chen'][i % 5],
      })
      await endorseViaApi(context, star, {
        category: categories[i % categories.length],
        note: notes[i % notes.length] || undefined,
        hashtags: ['Mentorship', ...(i % 2 ? ['TypeScript'] : ['DevOps']), ...(i % 3 === 0 ? ['Agile'] : [])],
        isAnonymous: i === 3,
      })
      await context.close()
    }
    await endorseViaApi(b.context, star, {
      category: 'Creativity',
      note: 'Sketches before she codes.',
      hashtags: ['UXDesign'],
    })

    for (const [viewport, suffix] of [
      [DESKTOP, 'desktop'],
      [PHONE, 'mobile'],
    ] as const) {
      await b.page.setViewportSize(viewport)
      await b.page.goto(b.url(`/profile/${star.username}`))
      await b.page.getByRole('list', { name: 'Achievement medals' }).waitFor()
      expect(await horizontalOverflow(b.page)).toBe(0)
      await shoot(b.page, `profile-other-${suffix}.png`, true)

      await b.page.goto(b.url(`/profile/${me.username}`))
      await b.page.getByRole('button', { name: 'Verify Work Email' }).waitFor()
      expect(await horizontalOverflow(b.page)).toBe(0)
      await shoot(b.page, `profile-own-${suffix}.png`, true)
    }
  })
})
