import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { makeUser, mockApi, renderApp } from '../test/render'

const location = () => screen.getByTestId('location').textContent

describe('route guards', () => {
  it('sends a visitor on a protected page to /auth', async () => {
    renderApp('/discover', { user: null })
    await waitFor(() => expect(location()).toBe('/auth'))
  })

  it('asks the server who is signed in and treats a 401 as signed out', async () => {
    const fetchMock = mockApi({
      'GET /api/user': { status: 401, body: { message: 'Not signed in', code: 'UNAUTHENTICATED' } },
    })
    renderApp('/connections')
    await waitFor(() => expect(location()).toBe('/auth'))
    expect(fetchMock).toHaveBeenCalledWith('/api/user', expect.objectContaining({ credentials: 'include' }))
  })

  it('sends a visitor on /admin to /auth', async () => {
    renderApp('/admin', { user: null })
    await waitFor(() => expect(location()).toBe('/auth'))
  })

  it('sends a member who is not an admin from /admin to /', async () => {
    renderApp('/admin', { user: makeUser() })
    await waitFor(() => expect(location()).toBe('/'))
    expect(await screen.findByRole('heading', { level: 1, name: /^Welcome back/ })).toBeInTheDocument()
  })

  it('lets an admin open /admin', async () => {
    renderApp('/admin', { user: makeUser({ isAdmin: true }) })
    expect(await screen.findByRole('heading', { level: 1, name: 'Admin Dashboard' })).toBeInTheDocument()
    expect(location()).toBe('/admin')
  })

  it.each(['/auth', '/forgot-password', '/reset-password?token=t&email=a%40b.co'])(
    'sends a signed-in member on %s to /',
    async (route) => {
      renderApp(route, { user: makeUser() })
      await waitFor(() => expect(location()).toBe('/'))
    },
  )

  it('shows the public badge page to a visitor', async () => {
    renderApp('/badge/alice', { user: null })
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument()
    expect(location()).toBe('/badge/alice')
  })

  it('shows the 404 page for an unknown path, signed in or not', async () => {
    renderApp('/no/such/page', { user: null })
    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument()
    expect(screen.getByText('Did you forget to add the page to the router?')).toBeInTheDocument()
  })

  it('renders the top bar only for a signed-in member', async () => {
    renderApp('/', { user: makeUser() })
    expect(await screen.findByRole('navigation', { name: 'Main' })).toBeInTheDocument()
  })

  it('renders no top bar for a visitor', async () => {
    renderApp('/no/such/page', { user: null })
    await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })
    expect(screen.queryByRole('banner')).not.toBeInTheDocument()
  })
})
