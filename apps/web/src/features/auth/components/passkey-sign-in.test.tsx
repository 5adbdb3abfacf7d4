import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { changeLocale } from '../../../lib/i18n/i18n'
import { mockApi, renderWithProviders } from '../../../test/render'
import { PasskeySignIn } from './passkey-sign-in'

afterEach(() => {
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'credentials')
})

describe('Sign in with a passkey, in German', () => {
  it('names the button and tells a closed prompt in German', async () => {
    await changeLocale('de')
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {})
    const get = vi.fn(() =>
      Promise.reject(new DOMException('The operation was not allowed.', 'NotAllowedError')),
    )
    Object.defineProperty(navigator, 'credentials', { value: { get }, configurable: true })
    mockApi({
      'POST /api/login/passkey/options': {
        body: {
          challenge: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
          rpId: 'localhost',
          timeout: 300000,
          userVerification: 'preferred',
        },
      },
    })
    const onSignedIn = vi.fn()
    const { user } = renderWithProviders(<PasskeySignIn onSignedIn={onSignedIn} />, { user: null })
    await user.click(await screen.findByRole('button', { name: 'Mit Passkey anmelden' }))
    expect(await screen.findByText('Nicht angemeldet')).toBeInTheDocument()
    expect(
      await screen.findByText('Die Passkey-Anfrage wurde abgebrochen oder ist abgelaufen.'),
    ).toBeInTheDocument()
    expect(get).toHaveBeenCalledTimes(1)
    expect(onSignedIn).not.toHaveBeenCalled()
  })
})
