import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { makeUser, mockApi, renderApp } from '../../test/render'

const admin = makeUser({ id: 1, username: 'root', isAdmin: true })
const empty = { body: { items: [], total: 0, page: 1, limit: 20 } }

describe('/admin', () => {
  it('has one h1 and the eight tabs, Users open first', async () => {
    mockApi({ 'GET /api/admin/users': empty })
    renderApp('/admin', { user: admin })
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument()
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Users',
      'Reports',
      'Endorsements',
      'Hashtags',
      'Messages',
      'Announcements',
      'Trust',
      'Audit',
    ])
    expect(screen.getByRole('tab', { name: 'Users' })).toHaveAttribute('aria-selected', 'true')
    expect(await screen.findByText('No users found.')).toBeInTheDocument()
  })

  it('points an admin to Settings when the site requires two-factor sign-in they have not turned on', async () => {
    mockApi({
      'GET /api/admin/users': {
        status: 403,
        body: { code: 'TWO_FACTOR_REQUIRED', message: 'Admins must turn on two-factor sign-in' },
      },
      'GET /api/account/security': {
        body: {
          twoFactorEnabled: false,
          twoFactorRequired: true,
          recoveryCodesLeft: 0,
          passkeys: [],
          sessions: [],
        },
      },
    })
    renderApp('/admin', { user: admin })
    expect(
      await screen.findByText('Turn on two-factor sign-in to use the admin dashboard'),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Turn it on in Settings' })).toHaveAttribute(
      'href',
      '/settings#security',
    )
    expect(screen.queryByRole('tab', { name: 'Users' })).not.toBeInTheDocument()
  })

  it('keeps the open tab in the URL', async () => {
    mockApi({
      'GET /api/admin/users': empty,
      'GET /api/admin/hashtags': empty,
      'GET /api/announcements': { body: [] },
    })
    const { user } = renderApp('/admin?tab=announcements', { user: admin })
    expect(await screen.findByRole('tab', { name: 'Announcements' })).toHaveAttribute('aria-selected', 'true')
    expect(await screen.findByRole('button', { name: 'Post Announcement' })).toBeInTheDocument()
    await user.click(screen.getByRole('tab', { name: 'Hashtags' }))
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/admin?tab=hashtags'))
    expect(await screen.findByText('No hashtags found.')).toBeInTheDocument()
  })

  it('sends members who are not admins home', async () => {
    mockApi({})
    renderApp('/admin', { user: makeUser({ isAdmin: false }) })
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'))
  })
})
