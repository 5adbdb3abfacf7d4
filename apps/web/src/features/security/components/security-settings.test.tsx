import { configure, screen, waitFor, within } from '@testing-library/react'
import type { TAccountSecurity, TSignedInSession } from '@vouched/shared/security'
import { SECURITY_MESSAGES } from '@vouched/shared/security.constants'
import { describe, expect, it } from 'vitest'
import { changeLocale } from '../../../lib/i18n/i18n'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { SecuritySettings } from './security-settings'

configure({ asyncUtilTimeout: 4000 })

const FIREFOX = 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0'
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1'
const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP'
const RECOVERY = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`)

function securityServer(initial: Partial<TAccountSecurity> = {}) {
  const hourAgo = new Date(Date.now() - 3_600_000).toISOString()
  let sessions: TSignedInSession[] = [
    { id: 11, userAgent: FIREFOX, createdAt: hourAgo, lastSeenAt: new Date().toISOString(), current: true },
    { id: 12, userAgent: SAFARI, createdAt: hourAgo, lastSeenAt: hourAgo, current: false },
    { id: 13, userAgent: null, createdAt: hourAgo, lastSeenAt: hourAgo, current: false },
  ]
  let state = { twoFactorEnabled: false, recoveryCodesLeft: 0, twoFactorRequired: false, ...initial }
  const calls: { method: string; url: string; body: unknown }[] = []
  const fetchMock = mockApi({
    'GET /api/account/security': () => ({ body: { ...state, passkeys: [], sessions } }),
    'POST /api/account/two-factor/setup': () => ({
      body: { secret: SECRET, otpauthUrl: `otpauth://totp/Vouched:alice?secret=${SECRET}&issuer=Vouched` },
    }),
    'POST /api/account/two-factor/enable': ({ body, method, url }) => {
      calls.push({ method, url, body })
      if ((body as { code: string }).code !== '246810') {
        return {
          status: 400,
          body: { message: SECURITY_MESSAGES.wrongCode, code: 'INVALID_TWO_FACTOR_CODE', field: 'code' },
        }
      }
      state = { ...state, twoFactorEnabled: true, recoveryCodesLeft: 10 }
      return { body: { recoveryCodes: RECOVERY } }
    },
    'POST /api/account/two-factor/disable': ({ body, method, url }) => {
      calls.push({ method, url, body })
      state = { ...state, twoFactorEnabled: false, recoveryCodesLeft: 0 }
      return { body: { success: true } }
    },
    'DELETE /api/account/sessions/12': ({ method, url }) => {
      calls.push({ method, url, body: undefined })
      sessions = sessions.filter((s) => s.id !== 12)
      return { body: { success: true } }
    },
    'POST /api/account/sessions/revoke-others': ({ method, url }) => {
      calls.push({ method, url, body: undefined })
      const revoked = sessions.filter((s) => !s.current).length
      sessions = sessions.filter((s) => s.current)
      return { body: { revoked } }
    },
  })
  return { fetchMock, calls }
}

const me = makeUser({ id: 1, username: 'alice' })

describe('Security settings', () => {
  it('turns two-factor on: QR code and key, a confirming code, then the recovery codes once', async () => {
    const { calls } = securityServer()
    const { user } = renderWithProviders(<SecuritySettings />, { user: me })
    expect(await screen.findByText('Off')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }))
    expect(
      await screen.findByRole('img', { name: 'QR code to scan with your authenticator app' }),
    ).toBeInTheDocument()
    expect(screen.getByTestId('two-factor-secret')).toHaveTextContent(
      'JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP',
    )

    const code = screen.getByLabelText('Code from the app')
    await user.type(code, '111111')
    await user.click(screen.getByRole('button', { name: 'Turn on' }))
    await waitFor(() => expect(code).toHaveAccessibleDescription(SECURITY_MESSAGES.wrongCode))
    await user.clear(code)
    await user.type(code, '246810')
    await user.click(screen.getByRole('button', { name: 'Turn on' }))

    const list = await screen.findByRole('list', { name: 'Recovery codes' })
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(RECOVERY)
    expect(calls.filter((c) => c.url.endsWith('/enable')).map((c) => c.body)).toEqual([
      { code: '111111' },
      { code: '246810' },
    ])
    await user.click(screen.getByRole('button', { name: 'I have saved them' }))
    expect(await screen.findByText('On')).toBeInTheDocument()
    expect(screen.getByText(/10 of 10 recovery codes left/)).toBeInTheDocument()
    // Shown once: gone once acknowledged.
    expect(screen.queryByText(RECOVERY[0]!)).not.toBeInTheDocument()
  })

  it('turns two-factor off with a current code', async () => {
    const { calls } = securityServer({ twoFactorEnabled: true, recoveryCodesLeft: 7 })
    const { user } = renderWithProviders(<SecuritySettings />, { user: me })
    expect(await screen.findByText(/7 of 10 recovery codes left/)).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }))
    await user.click(screen.getByRole('button', { name: 'Turn off' }))
    expect(await screen.findByText(SECURITY_MESSAGES.codeRequired)).toBeInTheDocument()
    await user.type(screen.getByLabelText('Current code from your app'), '135791')
    await user.click(screen.getByRole('button', { name: 'Turn off' }))
    expect(await screen.findByText('Off')).toBeInTheDocument()
    expect(calls.find((c) => c.url.endsWith('/disable'))?.body).toEqual({ code: '135791' })
  })

  it('lists the signed-in devices, marks this one, and signs one out', async () => {
    const { calls } = securityServer()
    const { user } = renderWithProviders(<SecuritySettings />, { user: me })
    const list = await screen.findByRole('list', { name: 'Signed-in devices' })
    const rows = within(list).getAllByRole('listitem')
    expect(rows).toHaveLength(3)
    expect(rows[0]).toHaveTextContent('Firefox 128 on Linux')
    expect(within(rows[0]!).getByText('This device')).toBeInTheDocument()
    expect(screen.getByRole('listitem', { name: 'Safari 17 on iOS' })).toBeInTheDocument()
    expect(screen.getByRole('listitem', { name: 'Unknown device' })).toBeInTheDocument()
    expect(
      within(screen.getByRole('listitem', { name: 'Safari 17 on iOS' })).queryByText('This device'),
    ).toBeNull()

    await user.click(screen.getByRole('button', { name: 'Sign out Safari 17 on iOS' }))
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Safari 17 on iOS' })).toBeNull())
    expect(calls.map((c) => `${c.method} ${c.url}`)).toContain('DELETE /api/account/sessions/12')
  })

  it('signs out everywhere else and keeps this device', async () => {
    const { calls } = securityServer()
    const { user } = renderWithProviders(<SecuritySettings />, { user: me })
    await screen.findByRole('list', { name: 'Signed-in devices' })
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere else' }))
    expect(await screen.findByText('2 other sessions were signed out.')).toBeInTheDocument()
    await waitFor(() =>
      expect(
        within(screen.getByRole('list', { name: 'Signed-in devices' })).getAllByRole('listitem'),
      ).toHaveLength(1),
    )
    expect(screen.getByText('This device')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled()
    expect(calls.map((c) => c.url)).toContain('/api/account/sessions/revoke-others')
  })

  it('speaks German: devices named in German, and signing out everywhere else counted', async () => {
    await changeLocale('de')
    securityServer()
    const { user } = renderWithProviders(<SecuritySettings />, { user: me })
    expect(await screen.findByText('Aus')).toBeInTheDocument()
    expect(screen.getByRole('heading', { name: 'Zwei-Faktor-Anmeldung' })).toBeInTheDocument()
    const devices = screen.getByRole('list', { name: 'Angemeldete Geräte' })
    const firefox = within(devices).getByRole('listitem', { name: 'Firefox 128 auf Linux' })
    expect(within(firefox).getByText('Dieses Gerät')).toBeInTheDocument()
    expect(within(firefox).getByText(/ · Gerade aktiv$/)).toBeInTheDocument()
    expect(within(devices).getByRole('listitem', { name: 'Unbekanntes Gerät' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Überall sonst abmelden' }))
    expect(await screen.findByText('2 andere Sitzungen wurden abgemeldet.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Zwei-Faktor-Anmeldung einschalten' }))
    expect(
      await screen.findByRole('img', { name: 'QR-Code zum Scannen mit deiner Authenticator-App' }),
    ).toBeInTheDocument()
  })
})
