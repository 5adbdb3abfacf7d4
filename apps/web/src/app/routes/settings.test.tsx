import type { TPreference } from '@vouched/shared/account'
import { configure, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { makeUser, mockApi, renderWithProviders } from '../../test/render'
import SettingsPage from './settings'

configure({ asyncUtilTimeout: 4000 })

const me = makeUser({ id: 1, username: 'alice', email: 'alice@example.com' })

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
  const fetchMock = mockApi({
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

  it('does not offer deletion to an admin', () => {
    settingsServer()
    renderWithProviders(<SettingsPage />, { user: makeUser({ isAdmin: true }) })
    expect(screen.getByRole('button', { name: 'Delete my account' })).toBeDisabled()
  })
})
