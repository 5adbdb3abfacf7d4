import { describe, expect, it } from 'vitest'
import { baseUrl, registerViaApi, useBrowser } from './support/fixtures'
import { PHONE, shoot } from './support/screenshots'

/*
 * Personal API tokens end to end: created in Settings, used by a script (plain fetch, no cookie) against
 * the real server, revoked in Settings, then refused. The section with a new token is shot as
 * settings-api-tokens.png, and on a phone settings-api-tokens-phone.png (docs/screenshots with
 * UPDATE_SCREENSHOTS=1).
 */
const b = useBrowser({ permissions: ['clipboard-read', 'clipboard-write'] })

/** A script's request: the token in the header, nothing else. */
const withToken = (token: string, path: string, init: RequestInit = {}) =>
  fetch(`${baseUrl()}${path}`, {
    ...init,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', ...init.headers },
  })

describe('API tokens', () => {
  it('creates a token in Settings, a script uses it, and revoking it shuts the script out', async () => {
    const me = await registerViaApi(b.context, { fullName: 'Tia Tokens' })
    const page = b.page
    await page.goto(b.url('/settings'))
    const section = page.locator('#api-tokens')
    await section.getByText('You have no API tokens.').waitFor()

    const form = page.getByRole('form', { name: 'Create an API token' })
    await form.getByLabel('Token name').fill('Weekly backup')
    await form.getByRole('combobox', { name: 'Access' }).click()
    await page.getByRole('option', { name: 'Read and write' }).click()
    await form.getByRole('combobox', { name: 'Expires after' }).click()
    await page.getByRole('option', { name: '30 days' }).click()
    await form.getByRole('button', { name: 'Create token' }).click()

    const shown = page.getByRole('status', { name: 'New API token' })
    await shown.getByText('It will not be shown again.').waitFor()
    const token = await shown.getByLabel('Your new API token').inputValue()
    expect(token).toMatch(/^vch_[A-Za-z0-9_-]{43}$/)
    await shown.getByRole('button', { name: 'Copy' }).click()
    await b.toast('Token copied').waitFor()
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(token)
    const list = page.getByRole('list', { name: 'API tokens' })
    await list.getByText('Weekly backup').waitFor()
    await list.getByText(/Never used/).waitFor()
    await section.scrollIntoViewIfNeeded()
    await shoot(page, 'settings-api-tokens.png')
    const phone = await b.secondBrowser({ viewport: PHONE })
    await registerViaApi(phone.context, { fullName: 'Pia Phone' })
    await phone.page.goto(b.url('/settings#api-tokens'))
    await phone.page.getByText('You have no API tokens.').waitFor()
    await phone.page.locator('#api-tokens').scrollIntoViewIfNeeded()
    await shoot(phone.page, 'settings-api-tokens-phone.png')

    // The script: it reads as the member and writes with the read-write scope, but never reaches admin.
    const self = await withToken(token, '/api/user')
    expect(self.status).toBe(200)
    expect(((await self.json()) as { username: string }).username).toBe(me.username)
    const write = await withToken(token, '/api/account/settings', {
      method: 'PATCH',
      body: JSON.stringify({ reviewEndorsements: true }),
    })
    expect(write.status, await write.clone().text()).toBe(200)
    const admin = await withToken(token, '/api/admin/users')
    expect(admin.status).toBe(403)
    expect(((await admin.json()) as { code: string }).code).toBe('TOKEN_NOT_ALLOWED')

    // Settings now shows when it was last used; the token itself is never shown again.
    await shown.getByRole('button', { name: 'I have copied it' }).click()
    await page.reload()
    await list.getByText(/Last used/).waitFor()
    expect(await page.getByText(token).count()).toBe(0)

    await list.getByRole('button', { name: 'Revoke Weekly backup' }).click()
    const confirm = page.getByRole('alertdialog', { name: 'Revoke “Weekly backup”?' })
    await confirm.getByRole('button', { name: 'Revoke' }).click()
    await b.toast('Token revoked').waitFor()
    await section.getByText('You have no API tokens.').waitFor()

    const refused = await withToken(token, '/api/user')
    expect(refused.status).toBe(401)
    expect(((await refused.json()) as { code: string }).code).toBe('UNAUTHENTICATED')
  })
})
