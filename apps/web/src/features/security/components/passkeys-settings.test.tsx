import { configure, screen, waitFor, within } from '@testing-library/react'
import { PASSKEY_MAX, SECURITY_MESSAGES, type TPasskey } from '@vouched/shared/security'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { changeLocale } from '../../../lib/i18n/i18n'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { SecuritySettings } from './security-settings'

configure({ asyncUtilTimeout: 4000 })

const me = makeUser({ id: 1, username: 'alice' })
const hourAgo = () => new Date(Date.now() - 3_600_000).toISOString()

function passkeyServer(initial: TPasskey[]) {
  let passkeys = initial
  const calls: string[] = []
  mockApi({
    'GET /api/account/security': () => ({
      body: {
        twoFactorEnabled: false,
        recoveryCodesLeft: 0,
        twoFactorRequired: false,
        passkeys,
        sessions: [],
      },
    }),
    'POST /api/account/passkeys/options': ({ method, url }) => {
      calls.push(`${method} ${url}`)
      return {
        body: {
          challenge: 'AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA',
          rp: { name: 'Vouched', id: 'localhost' },
          user: { id: 'AAAA', name: 'alice', displayName: 'Alice' },
          pubKeyCredParams: [{ alg: -7, type: 'public-key' }],
          timeout: 300000,
          excludeCredentials: [],
          authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
          attestation: 'none',
        },
      }
    },
    'POST /api/account/passkeys': ({ method, url }) => {
      calls.push(`${method} ${url}`)
      return { status: 201, body: {} }
    },
    'DELETE /api/account/passkeys/2': ({ method, url }) => {
      calls.push(`${method} ${url}`)
      passkeys = passkeys.filter((p) => p.id !== 2)
      return { body: { success: true } }
    },
  })
  return { calls }
}

const PHONE: TPasskey = {
  id: 1,
  name: 'My phone',
  createdAt: hourAgo(),
  lastUsedAt: new Date().toISOString(),
}
const KEY: TPasskey = { id: 2, name: 'Spare key', createdAt: hourAgo(), lastUsedAt: null }

afterEach(() => {
  vi.unstubAllGlobals()
  Reflect.deleteProperty(navigator, 'credentials')
})

/** A browser that has WebAuthn, whose prompt the member closes (navigator.credentials.create rejects). */
function browserWhosePromptIsClosed() {
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {})
  const create = vi.fn(() =>
    Promise.reject(new DOMException('The operation was not allowed.', 'NotAllowedError')),
  )
  Object.defineProperty(navigator, 'credentials', { value: { create }, configurable: true })
  return create
}

describe('Passkeys in Security settings', () => {
  it('lists each passkey with its name, when it was added and last used', async () => {
    passkeyServer([PHONE, KEY])
    renderWithProviders(<SecuritySettings />, { user: me })
    const list = await screen.findByRole('list', { name: 'Passkeys' })
    const phone = within(list).getByRole('listitem', { name: 'My phone' })
    expect(phone).toHaveTextContent(/Added about 1 hour ago · Last used less than a minute ago/)
    expect(within(list).getByRole('listitem', { name: 'Spare key' })).toHaveTextContent('Last used never')
  })

  it('removes a passkey after a confirmation', async () => {
    const { calls } = passkeyServer([PHONE, KEY])
    const { user } = renderWithProviders(<SecuritySettings />, { user: me })
    await user.click(await screen.findByRole('button', { name: 'Remove Spare key' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Remove “Spare key”?' })
    expect(calls).toEqual([])
    await user.click(within(dialog).getByRole('button', { name: 'Remove passkey' }))
    await waitFor(() => expect(calls).toEqual(['DELETE /api/account/passkeys/2']))
    expect(await screen.findByText('“Spare key” no longer signs in.')).toBeInTheDocument()
    await waitFor(() => expect(screen.queryByRole('listitem', { name: 'Spare key' })).not.toBeInTheDocument())
    expect(screen.getByRole('listitem', { name: 'My phone' })).toBeInTheDocument()
  })

  it('says so in a browser without passkeys, and offers no form', async () => {
    passkeyServer([])
    renderWithProviders(<SecuritySettings />, { user: me })
    expect(await screen.findByText('This browser cannot make passkeys.')).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Passkeys' })).not.toBeInTheDocument()
  })

  it('needs a name, then asks the browser; a closed prompt adds nothing', async () => {
    const create = browserWhosePromptIsClosed()
    const { calls } = passkeyServer([])
    const { user } = renderWithProviders(<SecuritySettings />, { user: me })
    const name = await screen.findByLabelText('Passkey name')
    await user.clear(name)
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }))
    await waitFor(() => expect(name).toHaveAccessibleDescription(SECURITY_MESSAGES.passkeyNameRequired))
    expect(calls).toEqual([])

    await user.type(name, 'Work laptop')
    await user.click(screen.getByRole('button', { name: 'Add a passkey' }))
    expect(await screen.findByText('The passkey request was cancelled or timed out.')).toBeInTheDocument()
    expect(create).toHaveBeenCalledTimes(1)
    expect(calls).toEqual(['POST /api/account/passkeys/options'])
  })

  it(`offers no form once ${PASSKEY_MAX} passkeys are kept`, async () => {
    browserWhosePromptIsClosed()
    passkeyServer(
      Array.from({ length: PASSKEY_MAX }, (_, i) => ({ ...KEY, id: 100 + i, name: `Key ${i + 1}` })),
    )
    renderWithProviders(<SecuritySettings />, { user: me })
    expect(await screen.findByText(/the most an account can keep/)).toBeInTheDocument()
    expect(screen.queryByRole('button', { name: 'Add a passkey' })).not.toBeInTheDocument()
  })

  it('speaks German: the list, the confirmation and the form', async () => {
    await changeLocale('de')
    browserWhosePromptIsClosed()
    passkeyServer([PHONE, KEY])
    const { user } = renderWithProviders(<SecuritySettings />, { user: me })
    const list = await screen.findByRole('list', { name: 'Passkeys' })
    expect(within(list).getByRole('listitem', { name: 'Spare key' })).toHaveTextContent('Noch nie verwendet')
    expect(screen.getByLabelText('Name des Passkeys')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Passkey hinzufügen' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Spare key entfernen' }))
    const dialog = await screen.findByRole('alertdialog', { name: '„Spare key“ entfernen?' })
    expect(within(dialog).getByRole('button', { name: 'Passkey entfernen' })).toBeInTheDocument()
  })
})
