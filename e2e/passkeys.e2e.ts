import type { BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { registerViaApi, useBrowser, waitForMail } from './support/fixtures'
import { PHONE, horizontalOverflow, shoot } from './support/screenshots'
import { startServer, type E2eServer } from './support/server'

const b = useBrowser()

/*
 * WebAuthn takes no IP address as the relying party ("This is an invalid domain"), and the run's shared
 * server is named 127.0.0.1: this spec starts its own, whose PUBLIC_URL names localhost.
 */
let server: E2eServer
beforeAll(async () => {
  server = await startServer({ host: 'localhost' })
}, 120_000)
afterAll(async () => {
  await server?.stop()
})
const url = (pathname: string) => `${server.baseUrl}${pathname}`

/**
 * Chromium's virtual authenticator on the page (DevTools protocol): a platform authenticator that holds
 * discoverable credentials and verifies its user, as a laptop with a fingerprint reader does.
 */
async function virtualAuthenticator(context: BrowserContext, page: Page) {
  const cdp = await context.newCDPSession(page)
  await cdp.send('WebAuthn.enable', { enableUI: false })
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  })
  return {
    credentials: async () => (await cdp.send('WebAuthn.getCredentials', { authenticatorId })).credentials,
  }
}

describe('passkeys', () => {
  it('are added in /settings, then sign in on /auth alone, even with two-factor on', async () => {
    const member = await registerViaApi(b.context, {}, server.baseUrl)
    const authenticator = await virtualAuthenticator(b.context, b.page)
    await b.page.goto(url('/settings'))
    const security = b.page.locator('#security')
    await security.getByLabel('Passkey name').fill('Test laptop')
    await security.getByRole('button', { name: 'Add a passkey' }).click()
    await b.toast('“Test laptop” now signs you in without your password.').waitFor()
    const list = security.getByRole('list', { name: 'Passkeys' })
    const row = list.getByRole('listitem', { name: 'Test laptop' })
    await row.getByText(/Last used never/).waitFor()
    expect(await security.getByLabel('Passkey name').inputValue()).toBe('')
    const credentials = await authenticator.credentials()
    expect(credentials).toHaveLength(1)
    expect(credentials[0]).toMatchObject({ isResidentCredential: true, rpId: 'localhost' })
    expect((await waitForMail(member.email, 10_000, server.dataDir)).subject).toBe(
      'Vouched: a passkey was added',
    )
    const toTop = () =>
      security
        .getByRole('heading', { name: 'Passkeys' })
        .evaluate((heading) => window.scrollBy(0, heading.getBoundingClientRect().top - 80))
    await b.page
      .getByRole('region', { name: /^Alerts/ })
      .getByRole('button', { name: /close/i })
      .click()
    await toTop()
    await shoot(b.page, 'passkeys-settings.png')
    await b.page.setViewportSize(PHONE)
    await toTop()
    expect(await horizontalOverflow(b.page)).toBe(0)
    await shoot(b.page, 'passkeys-settings-phone.png')
    await b.page.setViewportSize({ width: 1280, height: 800 })

    // Two-factor on does not add a step to a passkey sign-in.
    await security.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
    const secret = (await security.getByTestId('two-factor-secret').textContent())!.replace(/\s/g, '')
    const { Secret, TOTP } = await import('otpauth')
    if (TOTP.remaining({ period: 30 }) < 4_000) await new Promise((resolve) => setTimeout(resolve, 4_500))
    await security.getByLabel('Code from the app').fill(TOTP.generate({ secret: Secret.fromBase32(secret) }))
    await security.getByRole('button', { name: 'Turn on', exact: true }).click()
    await security.getByRole('button', { name: 'I have saved them' }).click()

    // Sign out, then in with the passkey alone.
    await b.page.getByRole('button', { name: 'Open user menu' }).click()
    await b.page.getByRole('menuitem', { name: 'Sign out' }).click()
    await b.page.waitForURL((address) => address.pathname === '/auth')
    expect((await b.context.request.get(url('/api/user'))).status()).toBe(401)
    await b.page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor()
    await shoot(b.page, 'passkeys-sign-in.png')
    await b.page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await b.page.waitForURL(url('/settings'))
    const me = await b.context.request.get(url('/api/user'))
    expect(me.status()).toBe(200)
    expect(await me.json()).toMatchObject({ username: member.username })
    await b.page
      .locator('#security')
      .getByRole('listitem', { name: 'Test laptop' })
      .getByText(/Last used less than a minute ago/)
      .waitFor()
    expect((await authenticator.credentials())[0]!.signCount).toBeGreaterThan(0)

    // Removed, it signs in no more.
    await b.page.locator('#security').getByRole('button', { name: 'Remove Test laptop' }).click()
    await b.page.getByRole('alertdialog').getByRole('button', { name: 'Remove passkey' }).click()
    await b.toast('“Test laptop” no longer signs in.').waitFor()
    await b.page.getByRole('button', { name: 'Open user menu' }).click()
    await b.page.getByRole('menuitem', { name: 'Sign out' }).click()
    await b.page.waitForURL((address) => address.pathname === '/auth')
    await b.page.getByRole('button', { name: 'Sign in with a passkey' }).click()
    await b.toast('Passkey sign-in failed').waitFor()
    expect((await b.context.request.get(url('/api/user'))).status()).toBe(401)
  })
})
