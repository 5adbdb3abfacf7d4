import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { mockApi, renderApp } from '../../test/render'

const location = () => screen.getByTestId('location').textContent

afterEach(() => {
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'credentials')
})

describe('Auth page: passkey sign-in', () => {
  it('offers no passkey button in a browser without WebAuthn', async () => {
    mockApi({})
    renderApp('/auth', { user: null })
    await screen.findByRole('heading', { level: 1, name: 'Welcome back' })
    expect(screen.queryByRole('button', { name: 'Sign in with a passkey' })).not.toBeInTheDocument()
  })

  it('asks the browser for a passkey; a closed prompt leaves the member on /auth, told so', async () => {
    vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {})
    const get = vi.fn(() =>
      Promise.reject(new DOMException('The operation was not allowed.', 'NotAllowedError')),
    )
    Object.defineProperty(navigator, 'credentials', { value: { get }, configurable: true })
    const calls: string[] = []
    mockApi({
      'POST /api/login/passkey/options': ({ url }) => {
        calls.push(url)
        return {
          body: {
            challenge: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
            rpId: 'localhost',
            timeout: 300000,
            userVerification: 'preferred',
          },
        }
      },
    })
    const { user } = renderApp('/auth', { user: null })
    await user.click(await screen.findByRole('button', { name: 'Sign in with a passkey' }))
    expect(await screen.findByText('The passkey request was cancelled or timed out.')).toBeInTheDocument()
    expect(get).toHaveBeenCalledTimes(1)
    // No password was asked for; the answer never went to the server.
    await waitFor(() => expect(calls).toEqual(['/api/login/passkey/options']))
    expect(location()).toBe('/auth')
  })
})
