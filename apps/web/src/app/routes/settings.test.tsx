import type { TPreference } from '@vouched/shared/account'
import type { TApiToken } from '@vouched/shared/api-tokens'
import { configure, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { makeUser, mockApi, renderWithProviders } from '../../test/render'
import SettingsPage from './settings'

configure({ asyncUtilTimeout: 4000 })

const me = makeUser({ id: 1, username: 'alice', email: 'alice@example.com' })
const NEW_TOKEN = `vch_${'k'.repeat(43)}`

function settingsServer() {
  let preferences: TPreference[] = [
    { type: 'endorsement', inApp: true, email: false },
    { type: 'like', inApp: true, email: false },
    { type: 'comment', inApp: true, email: false },
    { type: 'connection', inApp: true, email: false },
  ]
  let blocks = [
    {
      user: { id: 7, username: 'bob', fullName: 'Bob Stone', profilePicture: null },
      createdAt: new Date().toISOString(),
    },
  ]
  const calls: { method: string; url: string; body: unknown }[] = []
  let settings = { reviewEndorsements: false }
  let tokens: TApiToken[] = [
    {
      id: 3,
      name: 'Nightly backup',
      scope: 'read',
      createdAt: '2026-01-05T10:00:00.000Z',
      expiresAt: null,
      lastUsedAt: new Date(Date.now() - 5 * 60_000).toISOString(),
    },
  ]
  const fetchMock = mockApi({
    'GET /api/account/tokens': () => ({ body: { tokens } }),
    'POST /api/account/tokens': ({ body, url, method }) => {
      calls.push({ method, url, body })
      const { name, scope, expiresInDays } = body as { name: string; scope: 'read'; expiresInDays?: number }
      if (tokens.some((token) => token.name.toLowerCase() === name.toLowerCase())) {
        return {
          status: 409,
          body: {
            message: 'You already have a token with this name',
            code: 'TOKEN_NAME_TAKEN',
            field: 'name',
          },
        }
      }
      const created = {
        id: 4,
        name,
        scope,
        createdAt: new Date().toISOString(),
        expiresAt: expiresInDays ? new Date(Date.now() + expiresInDays * 86_400_000).toISOString() : null,
        lastUsedAt: null,
      }
      tokens = [created, ...tokens]
      return { status: 201, body: { ...created, token: NEW_TOKEN } }
    },
    'DELETE /api/account/tokens/3': ({ url, method }) => {
      calls.push({ method, url, body: undefined })
      tokens = tokens.filter((token) => token.id !== 3)
      return { body: { success: true } }
    },
    'GET /api/account/notification-preferences': () => ({ body: { preferences } }),
    'PUT /api/account/notification-preferences': ({ body, url, method }) => {
      calls.push({ method, url, body })
      const changes = (body as { preferences: TPreference[] }).preferences
      preferences = preferences.map((p) => changes.find((c) => c.type === p.type) ?? p)
      return { body: { preferences } }
    },
    'GET /api/account/settings': () => ({ body: settings }),
    'PATCH /api/account/settings': ({ body, url, method }) => {
      calls.push({ method, url, body })
      settings = { ...settings, ...(body as object) }
      return { body: settings }
    },
    'GET /api/blocks': () => ({ body: { blocks } }),
    'DELETE /api/blocks/7': () => {
      blocks = []
      return { body: { success: true, blocked: false } }
    },
    'POST /api/account/password': ({ body }) => {
      const { currentPassword } = body as { currentPassword: string }
      if (currentPassword !== 'old-secret') {
        return {
          status: 400,
          body: {
            message: 'Your current password is incorrect',
            code: 'WRONG_PASSWORD',
            field: 'currentPassword',
          },
        }
      }
      return { body: { message: 'Password changed. Your other sessions have been signed out.' } }
    },
    'DELETE /api/account': ({ body }) =>
      (body as { password: string }).password === 'right-one'
        ? { body: { message: 'Your account and all your data have been deleted.' } }
        : { status: 401, body: { message: 'Incorrect password', code: 'WRONG_PASSWORD', field: 'password' } },
  })
  return { fetchMock, calls }
}

describe('Settings page', () => {
  it('shows the email, one h1 and every section', async () => {
    settingsServer()
    renderWithProviders(<SettingsPage />, { user: me })
    expect(screen.getByRole('heading', { level: 1, name: 'Settings' })).toBeInTheDocument()
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1)
    expect(screen.getByText('alice@example.com')).toBeInTheDocument()
    for (const name of [
      'Account',
      'Security',
      'Notifications',
      'Blocked members',
      'Your data',
      'API tokens',
      'Delete account',
    ]) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument()
    }
    const download = screen.getByRole('link', { name: 'Download my data' })
    expect(download).toHaveAttribute('href', '/api/account/export')
    expect(download).toHaveAttribute('download')
  })

  it('changes the password, showing the server’s refusal on the current password field', async () => {
    settingsServer()
    const { user } = renderWithProviders(<SettingsPage />, { user: me })
    await user.type(screen.getByLabelText('Current password'), 'wrong-secret')
    await user.type(screen.getByLabelText('New password', { exact: true }), 'brand-new-1')
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-1')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    const form = screen.getByRole('form', { name: 'Change password' })
    expect(await within(form).findByText('Your current password is incorrect')).toBeInTheDocument()

    await user.clear(screen.getByLabelText('Current password'))
    await user.type(screen.getByLabelText('Current password'), 'old-secret')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    await waitFor(() => expect(screen.getByLabelText('Current password')).toHaveValue(''))
  })

  it('checks the confirmation on the client before asking the server', async () => {
    const { fetchMock } = settingsServer()
    const { user } = renderWithProviders(<SettingsPage />, { user: me })
    await user.type(screen.getByLabelText('Current password'), 'old-secret')
    await user.type(screen.getByLabelText('New password', { exact: true }), 'brand-new-1')
    await user.type(screen.getByLabelText('Confirm new password'), 'brand-new-2')
    await user.click(screen.getByRole('button', { name: 'Change password' }))
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/api/account/password'))).toBe(false)
  })

  it('saves a notification preference when its switch is flipped', async () => {
    const { calls } = settingsServer()
    const { user } = renderWithProviders(<SettingsPage />, { user: me })
    const email = await screen.findByRole('switch', { name: 'Endorsements you receive: email' })
    expect(email).not.toBeChecked()
    await user.click(email)
    await waitFor(() => expect(email).toBeChecked())
    expect(calls).toEqual([
      {
        method: 'PUT',
        url: '/api/account/notification-preferences',
        body: { preferences: [{ type: 'endorsement', inApp: true, email: true }] },
      },
    ])
  })

  it('turns on the review of received endorsements', async () => {
    const { calls } = settingsServer()
    const { user } = renderWithProviders(<SettingsPage />, { user: me })
    const review = await screen.findByRole('switch', { name: 'Review endorsements before they show' })
    await waitFor(() => expect(review).toBeEnabled())
    expect(review).not.toBeChecked()
    await user.click(review)
    await waitFor(() => expect(review).toBeChecked())
    expect(calls).toEqual([
      { method: 'PATCH', url: '/api/account/settings', body: { reviewEndorsements: true } },
    ])
  })

  it('lists blocked members and unblocks one', async () => {
    settingsServer()
    const { user } = renderWithProviders(<SettingsPage />, { user: me })
    const list = await screen.findByRole('list', { name: 'Blocked members' })
    expect(within(list).getByRole('link', { name: 'Bob Stone' })).toHaveAttribute('href', '/profile/bob')
    await user.click(within(list).getByRole('button', { name: 'Unblock Bob Stone' }))
    expect(await screen.findByText('You have not blocked anyone.')).toBeInTheDocument()
  })

  it('deletes the account after the password is confirmed, and goes to the login page', async () => {
    settingsServer()
    const { user } = renderWithProviders(<SettingsPage />, { user: me, route: '/settings' })
    await user.click(screen.getByRole('button', { name: 'Delete my account' }))
    const dialog = await screen.findByRole('dialog', { name: 'Delete your account?' })
    await user.type(within(dialog).getByLabelText('Password'), 'wrong-one')
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account forever' }))
    expect(await within(dialog).findByText('Incorrect password')).toBeInTheDocument()

    await user.clear(within(dialog).getByLabelText('Password'))
    await user.type(within(dialog).getByLabelText('Password'), 'right-one')
    await user.click(within(dialog).getByRole('button', { name: 'Delete my account forever' }))
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/auth'))
  })

  it('lists API tokens with their scope and last use', async () => {
    settingsServer()
    renderWithProviders(<SettingsPage />, { user: me })
    const list = await screen.findByRole('list', { name: 'API tokens' })
    const item = within(list).getByRole('listitem')
    expect(item).toHaveTextContent('Nightly backup')
    expect(item).toHaveTextContent('Read only')
    expect(item).toHaveTextContent('Created Jan 5, 2026')
    expect(item).toHaveTextContent('Never expires')
    expect(item).toHaveTextContent('Last used 5 minutes ago')
  })

  it('creates a token, shows it once with a Copy button, then only lists it', async () => {
    const { calls } = settingsServer()
    const { user } = renderWithProviders(<SettingsPage />, { user: me })
    const form = screen.getByRole('form', { name: 'Create an API token' })
    await user.type(within(form).getByLabelText('Token name'), 'Deploy bot')
    await user.click(within(form).getByRole('combobox', { name: 'Access' }))
    await user.click(await screen.findByRole('option', { name: 'Read and write' }))
    await user.click(within(form).getByRole('combobox', { name: 'Expires after' }))
    await user.click(await screen.findByRole('option', { name: '1 year' }))
    await user.click(within(form).getByRole('button', { name: 'Create token' }))

    const shown = await screen.findByRole('status', { name: 'New API token' })
    expect(shown).toHaveTextContent('It will not be shown again.')
    expect(within(shown).getByLabelText('Your new API token')).toHaveValue(NEW_TOKEN)
    expect(calls).toEqual([
      {
        method: 'POST',
        url: '/api/account/tokens',
        body: { name: 'Deploy bot', scope: 'read-write', expiresInDays: 365 },
      },
    ])
    await user.click(within(shown).getByRole('button', { name: 'Copy' }))
    expect(await navigator.clipboard.readText()).toBe(NEW_TOKEN)
    expect(within(shown).getByRole('button', { name: 'Copied' })).toBeInTheDocument()

    const list = screen.getByRole('list', { name: 'API tokens' })
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2))
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Deploy botRead and write')
    expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('Never used')
    expect(list).not.toHaveTextContent(NEW_TOKEN)

    await user.click(within(shown).getByRole('button', { name: 'I have copied it' }))
    expect(screen.queryByRole('status', { name: 'New API token' })).not.toBeInTheDocument()
    expect(screen.queryByDisplayValue(NEW_TOKEN)).not.toBeInTheDocument()
    expect(within(form).getByLabelText('Token name')).toHaveValue('')
  })

  it('sends no expiry for a token that never expires', async () => {
    const { calls } = settingsServer()
    const { user } = renderWithProviders(<SettingsPage />, { user: me })
    const form = screen.getByRole('form', { name: 'Create an API token' })
    await user.type(within(form).getByLabelText('Token name'), 'Forever')
    await user.click(within(form).getByRole('combobox', { name: 'Expires after' }))
    await user.click(await screen.findByRole('option', { name: 'Never' }))
    await user.click(within(form).getByRole('button', { name: 'Create token' }))
    await screen.findByRole('status', { name: 'New API token' })
    expect(calls).toEqual([
      { method: 'POST', url: '/api/account/tokens', body: { name: 'Forever', scope: 'read' } },
    ])
  })

  it('checks the name on the client, and shows the server’s refusal of a taken one on the field', async () => {
    const { calls } = settingsServer()
    const { user } = renderWithProviders(<SettingsPage />, { user: me })
    const form = screen.getByRole('form', { name: 'Create an API token' })
    await user.click(within(form).getByRole('button', { name: 'Create token' }))
    expect(await within(form).findByText('Please give the token a name')).toBeInTheDocument()
    expect(calls).toEqual([])

    await user.type(within(form).getByLabelText('Token name'), 'nightly BACKUP')
    await user.click(within(form).getByRole('button', { name: 'Create token' }))
    expect(await within(form).findByText('You already have a token with this name')).toBeInTheDocument()
    expect(screen.queryByRole('status', { name: 'New API token' })).not.toBeInTheDocument()
  })

  it('revokes a token after confirmation', async () => {
    const { calls } = settingsServer()
    const { user } = renderWithProviders(<SettingsPage />, { user: me })
    const list = await screen.findByRole('list', { name: 'API tokens' })
    await user.click(within(list).getByRole('button', { name: 'Revoke Nightly backup' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Revoke “Nightly backup”?' })
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }))
    expect(calls).toEqual([])

    await user.click(within(list).getByRole('button', { name: 'Revoke Nightly backup' }))
    const again = await screen.findByRole('alertdialog', { name: 'Revoke “Nightly backup”?' })
    await user.click(within(again).getByRole('button', { name: 'Revoke' }))
    expect(await screen.findByText('You have no API tokens.')).toBeInTheDocument()
    expect(calls).toEqual([{ method: 'DELETE', url: '/api/account/tokens/3', body: undefined }])
  })

  it('does not offer deletion to an admin', () => {
    settingsServer()
    renderWithProviders(<SettingsPage />, { user: makeUser({ isAdmin: true }) })
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeDisabled()
  })
})
