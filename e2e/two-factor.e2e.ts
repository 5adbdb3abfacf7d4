import { Secret, TOTP } from 'otpauth'
import { describe, expect, it } from 'vitest'
import { registerViaApi, useBrowser, waitForMail } from './support/fixtures'
import { horizontalOverflow, PHONE, shoot } from './support/screenshots'

const b = useBrowser()

/**
 * The code of the step `offset` steps from now, as an authenticator app holding `secret` shows it. Waits
 * out the last seconds of a step, so the code is still current when the server checks it.
 */
async function codeFor(secret: string, offset = 0) {
  if (TOTP.remaining({ period: 30 }) < 4_000) await new Promise((resolve) => setTimeout(resolve, 4_500))
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offset * 30_000 })
}

describe('two-factor sign-in', () => {
  it('is turned on in /settings, then a sign-in asks for a code after the password', async () => {
    const member = await registerViaApi(b.context)
    await b.page.goto(b.url('/settings'))
    const security = b.page.locator('#security')
    await security.getByText('Off', { exact: true }).waitFor()
    await security.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()

    await security.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor()
    const secret = (await security.getByTestId('two-factor-secret').textContent())!.replace(/\s/g, '')
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    await shoot(b.page, 'two-factor-setup.png')
    await security.getByLabel('Code from the app').fill(await codeFor(secret))
    await security.getByRole('button', { name: 'Turn on', exact: true }).click()

    const codes = security.getByRole('list', { name: 'Recovery codes' })
    await codes.waitFor()
    expect(await codes.getByRole('listitem').count()).toBe(10)
    await shoot(b.page, 'two-factor-recovery-codes.png')
    await security.getByRole('button', { name: 'I have saved them' }).click()
    await security.getByText('On', { exact: true }).waitFor()
    expect((await waitForMail(member.email)).subject).toBe('Vouched: two-factor sign-in is on')

    // Sign out, then in again: the password alone opens no session.
    await b.page.getByRole('button', { name: 'Open user menu' }).click()
    await b.page.getByRole('menuitem', { name: 'Sign out' }).click()
    await b.page.waitForURL((url) => url.pathname === '/auth')
    await b.page.getByLabel('Username or email').fill(member.username)
    await b.page.getByLabel('Password', { exact: true }).fill(member.password)
    await b.page.getByRole('button', { name: 'Log in' }).click()
    const code = b.page.getByLabel('Authentication code')
    await code.waitFor()
    expect((await b.context.request.get(b.url('/api/user'))).status()).toBe(401)
    await shoot(b.page, 'two-factor-sign-in.png')

    // The code that turned it on is used up; the next step's code (an app a step ahead) signs in.
    await code.fill(await codeFor(secret, 1))
    await b.page.getByRole('button', { name: 'Verify and log in' }).click()
    // Back to the page the member signed out from (/auth?next=/settings).
    await b.page.waitForURL(b.url('/settings'))
    const me = await b.context.request.get(b.url('/api/user'))
    expect(me.status()).toBe(200)
    expect(await me.json()).toMatchObject({ username: member.username })
  })
})

describe('signed-in devices', () => {
  it('lists this browser and another, and signs the other out at once', async () => {
    const member = await registerViaApi(b.context)
    const other = await b.secondBrowser({
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    })
    const login = await other.context.request.post(b.url('/api/login'), {
      data: { username: member.username, password: member.password },
    })
    expect(login.status()).toBe(200)

    await b.page.goto(b.url('/settings'))
    const devices = b.page.getByRole('list', { name: 'Signed-in devices' })
    await devices.getByRole('listitem', { name: 'Safari 17 on iOS' }).waitFor()
    const mine = devices.getByRole('listitem').filter({ hasText: 'This device' })
    expect(await mine.count()).toBe(1)
    await b.page.getByRole('button', { name: 'Sign out everywhere else' }).scrollIntoViewIfNeeded()
    await shoot(b.page, 'signed-in-devices.png')
    // On a phone the rows wrap instead of pushing the page sideways.
    await b.page.setViewportSize(PHONE)
    await b.page.getByRole('button', { name: 'Sign out everywhere else' }).scrollIntoViewIfNeeded()
    expect(await horizontalOverflow(b.page)).toBe(0)
    await shoot(b.page, 'signed-in-devices-phone.png')
    await b.page.setViewportSize({ width: 1280, height: 800 })

    await devices.getByRole('button', { name: 'Sign out Safari 17 on iOS' }).click()
    await b.toast('Safari 17 on iOS is signed out.').waitFor()
    await devices.getByRole('listitem', { name: 'Safari 17 on iOS' }).waitFor({ state: 'detached' })
    expect((await other.context.request.get(b.url('/api/user'))).status()).toBe(401)
    expect((await b.context.request.get(b.url('/api/user'))).status()).toBe(200)
  })
})
