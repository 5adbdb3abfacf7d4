import type { BrowserContext } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { baseUrl, registerViaApi, useBrowser } from './support/fixtures'
import { shoot } from './support/screenshots'

/*
 * Issue 25 in a real browser: a member who reviews endorsements accepts one and declines another; an
 * endorser undoes a new endorsement from its toast, then withdraws one from its card, and edits one.
 */
const b = useBrowser()

async function api(context: BrowserContext, method: 'POST' | 'PATCH', path: string, data: object) {
  const res = await context.request.fetch(`${baseUrl()}${path}`, { method, data })
  expect(res.status(), await res.text()).toBeLessThan(300)
  return (await res.json()) as { id: number; isPending?: boolean }
}

describe('review before showing', () => {
  it('accepts one waiting endorsement and declines another', async () => {
    const bob = await registerViaApi(b.context, { fullName: 'Bob Reviewer' })
    await api(b.context, 'PATCH', '/api/account/settings', { reviewEndorsements: true })
    const others = await b.browser.newContext()
    try {
      await registerViaApi(others, { fullName: 'Alice Giver' })
      const fromAlice = await api(others, 'POST', '/api/vouches', {
        toUserId: bob.id,
        category: 'Leadership',
        note: 'Led our launch',
        relationship: 'managed-them',
        level: 'expert',
      })
      expect(fromAlice.isPending).toBe(true)
      await others.clearCookies()
      await registerViaApi(others, { fullName: 'Carol Giver' })
      await api(others, 'POST', '/api/vouches', { toUserId: bob.id, category: 'Teamwork', note: 'Helpful' })
    } finally {
      await others.close()
    }

    const page = b.page
    await page.goto(b.url(`/profile/${bob.username}`))
    await page.getByRole('heading', { name: 'Waiting for your approval' }).waitFor()
    await page.getByText('No endorsements received yet.').first().waitFor()
    await shoot(page, 'vouch-review-waiting.png')
    const fromAlice = page.getByRole('article', { name: 'Endorsement from Alice Giver' })
    await fromAlice.getByText('Managed them · Expert').waitFor()
    await fromAlice.getByRole('button', { name: 'Accept' }).click()
    await b.toast('Endorsement accepted').waitFor()
    const carol = page.getByRole('article', { name: 'Endorsement from Carol Giver' })
    await carol.getByRole('button', { name: 'Decline' }).click()
    await b.toast('Endorsement declined').waitFor()
    await page.getByRole('heading', { name: 'Waiting for your approval' }).waitFor({ state: 'detached' })
    // Alice's now counts and shows in Recent Endorsements; Carol's is gone.
    await page.getByRole('article', { name: 'Endorsement from Alice Giver' }).waitFor()
    expect(await page.getByRole('article', { name: 'Endorsement from Carol Giver' }).count()).toBe(0)
    const profile = await b.context.request.get(`${baseUrl()}/api/users/${bob.username}`)
    expect(((await profile.json()) as { reputationScore: number }).reputationScore).toBe(12)
  })
})

describe('withdrawal', () => {
  it('undoes a new endorsement from its toast, and withdraws one from its card', async () => {
    const receiver = await b.browser.newContext()
    const bob = await registerViaApi(receiver, { fullName: 'Bob Receiver' })
    await receiver.close()
    await registerViaApi(b.context, { fullName: 'Alice Sender' })
    const page = b.page
    await page.goto(b.url(`/profile/${bob.username}`))

    const endorse = async () => {
      await page.getByRole('button', { name: 'Endorse Bob Receiver' }).first().click()
      const dialog = page.getByRole('dialog', { name: 'Endorse Bob Receiver' })
      await dialog.getByRole('combobox', { name: 'How do you know them? (optional)' }).click()
      await page.getByRole('option', { name: 'Managed them' }).click()
      await dialog.getByRole('combobox', { name: 'Level (optional)' }).click()
      await page.getByRole('option', { name: 'Expert' }).click()
      await dialog.getByLabel('Note (optional)').fill('Shipped the hard parts')
      await dialog.getByRole('button', { name: 'Submit endorsement' }).click()
      await b.toast('Endorsement sent').waitFor()
    }
    const card = page.getByRole('article', { name: 'Endorsement from Alice Sender' })

    await endorse()
    await card.getByText('Managed them · Expert').waitFor()
    await page.getByRole('button', { name: 'Undo' }).click()
    await b.toast('Endorsement withdrawn').waitFor()
    await card.waitFor({ state: 'detached' })

    // The category is free again: the same endorsement can be given anew, then withdrawn from its card.
    await endorse()
    await card.waitFor()
    await shoot(page, 'vouch-withdraw-card.png')
    await card.getByRole('button', { name: 'Withdraw' }).click()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Withdraw' }).click()
    await b.toast('Endorsement withdrawn').waitFor()
    await card.waitFor({ state: 'detached' })
    const profile = await b.context.request.get(`${baseUrl()}/api/users/${bob.username}`)
    expect(((await profile.json()) as { reputationScore: number }).reputationScore).toBe(0)
  })
})

describe('editing', () => {
  it('changes the note and skills from the card, keeping the prefilled values', async () => {
    const receiver = await b.browser.newContext()
    const bob = await registerViaApi(receiver, { fullName: 'Bob Edited' })
    await receiver.close()
    await registerViaApi(b.context, { fullName: 'Alice Editor' })
    await api(b.context, 'POST', '/api/vouches', {
      toUserId: bob.id,
      category: 'Teamwork',
      note: 'Kept the team together',
      hashtags: ['Mentorship'],
    })
    const page = b.page
    await page.goto(b.url(`/profile/${bob.username}`))
    const card = page.getByRole('article', { name: 'Endorsement from Alice Editor' })
    await card.getByText('Kept the team together').waitFor()

    await card.getByRole('button', { name: 'Edit' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit your endorsement' })
    const note = dialog.getByLabel('Note (optional)')
    expect(await note.inputValue()).toBe('Kept the team together')
    await dialog.getByRole('button', { name: 'Remove tag Mentorship' }).waitFor()
    await note.fill('Kept the team together through the move')
    const tags = dialog.getByLabel('Skills (hashtags)')
    await tags.fill('Agile')
    await tags.press('Enter')
    await shoot(page, 'vouch-edit-dialog.png')
    await dialog.getByRole('button', { name: 'Save changes' }).click()
    await b.toast('Endorsement updated').waitFor()
    await dialog.waitFor({ state: 'detached' })

    await card.getByText('Kept the team together through the move').waitFor()
    expect(await card.getByRole('link', { name: '#Agile' }).isVisible()).toBe(true)
    expect(await card.getByRole('link', { name: '#Mentorship' }).isVisible()).toBe(true)
    const res = await b.context.request.get(`${baseUrl()}/api/users/${bob.username}/vouches`)
    const [saved] = ((await res.json()) as { vouches: { note: string; hashtags: string[] }[] }).vouches
    expect(saved).toMatchObject({ note: 'Kept the team together through the move' })
    expect(saved!.hashtags.sort()).toEqual(['Agile', 'Mentorship'])
  })
})
