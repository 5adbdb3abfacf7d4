import { describe, expect, it } from 'vitest'
import { registerViaApi, useBrowser } from './support/fixtures'
import { PHONE, shoot } from './support/screenshots'

/*
 * The digest setting in /settings against the real server: chosen with the mouse and with the keyboard,
 * kept across a reload, read back by the API. The Notifications section is shot as settings-digest.png,
 * in dark as settings-digest-dark.png and on a phone as settings-digest-phone.png (docs/screenshots with
 * UPDATE_SCREENSHOTS=1).
 */
const b = useBrowser()

describe('digest setting', () => {
  it('saves daily or weekly in Settings, keeps it across a reload, and the API reads it', async () => {
    await registerViaApi(b.context, { fullName: 'Dana Digest' })
    const page = b.page
    await page.goto(b.url('/settings#notifications'))
    const group = page.getByRole('group', { name: 'Email digest' })
    await group.getByText('No digest. Email switches above still apply.').waitFor()
    expect(await group.getByRole('radio', { name: 'Off' }).isChecked()).toBe(true)

    await group.getByText('Weekly', { exact: true }).click()
    await b.toast('You will get a weekly digest of unread notifications').waitFor()
    await group
      .getByText('One email a week, early on Monday (UTC), when you have unread notifications.')
      .waitFor()
    const settings = await b.context.request.get(b.url('/api/account/settings'))
    expect(((await settings.json()) as { digest: string }).digest).toBe('weekly')

    await page.reload()
    await group.getByRole('radio', { name: 'Weekly' }).waitFor({ state: 'attached' })
    await expect.poll(() => group.getByRole('radio', { name: 'Weekly' }).isChecked()).toBe(true)
    const section = page.locator('#notifications')
    await section.scrollIntoViewIfNeeded()
    await shoot(page, 'settings-digest.png')

    // The keyboard alone: the arrows move the choice, and each choice saves.
    await group.getByRole('radio', { name: 'Weekly' }).focus()
    await page.keyboard.press('ArrowLeft')
    await b.toast('You will get a daily digest of unread notifications').waitFor()
    await expect
      .poll(
        async () =>
          ((await (await b.context.request.get(b.url('/api/account/settings'))).json()) as { digest: string })
            .digest,
      )
      .toBe('daily')

    await page.emulateMedia({ colorScheme: 'dark' })
    await page.reload()
    await group
      .getByText('One email a day, shortly after midnight UTC, when you have unread notifications.')
      .waitFor()
    await section.scrollIntoViewIfNeeded()
    await shoot(page, 'settings-digest-dark.png')

    const phone = await b.secondBrowser({ viewport: PHONE })
    await registerViaApi(phone.context, { fullName: 'Pia Phone' })
    await phone.page.goto(b.url('/settings#notifications'))
    const phoneGroup = phone.page.getByRole('group', { name: 'Email digest' })
    await phoneGroup.getByText('No digest. Email switches above still apply.').waitFor()
    await phoneGroup.scrollIntoViewIfNeeded()
    await shoot(phone.page, 'settings-digest-phone.png')
  })
})
