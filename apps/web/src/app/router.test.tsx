import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { createQueryClient } from '../lib/query-client'
import { makeUser, mockApi, renderApp } from '../test/render'
import { preloadRoute } from './router'

const location = () => screen.getByTestId('location').textContent

describe('route guards', () => {
  it('sends a visitor on a protected page to /auth with the page to come back to', async () => {
    renderApp('/discover?q=ada&sort=recent', { user: null })
    await waitFor(() =>
      expect(location()).toBe(`/auth?next=${encodeURIComponent('/discover?q=ada&sort=recent')}`),
    )
  })

  it('sends a visitor on the home page to plain /auth', async () => {
    renderApp('/', { user: null })
    await waitFor(() => expect(location()).toBe('/auth'))
  })

  it('asks the server who is signed in and treats a 401 as signed out', async () => {
    const fetchMock = mockApi({
      'GET /api/user': { status: 401, body: { message: 'Not signed in', code: 'UNAUTHENTICATED' } },
    })
    renderApp('/connections')
    await waitFor(() => expect(location()).toBe('/auth?next=%2Fconnections'))
    expect(fetchMock).toHaveBeenCalledWith('/api/user', expect.objectContaining({ credentials: 'include' }))
  })

  it('sends a visitor on /admin to /auth, to come back after signing in', async () => {
    renderApp('/admin', { user: null })
    await waitFor(() => expect(location()).toBe('/auth?next=%2Fadmin'))
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

  it('sends a signed-in member on /auth?next= to that page of this site', async () => {
    renderApp('/auth?next=%2Fsettings', { user: makeUser() })
    await waitFor(() => expect(location()).toBe('/settings'))
  })

  it.each(['https://evil.example/x', '//evil.example', '/\\evil.example', 'javascript:alert(1)'])(
    'never follows next=%s off the site',
    async (next) => {
      renderApp(`/auth?next=${encodeURIComponent(next)}`, { user: makeUser() })
      await waitFor(() => expect(location()).toBe('/'))
    },
  )

  it('shows the public badge page to a visitor', async () => {
    renderApp('/badge/alice', { user: null })
    expect(await screen.findByRole('heading', { level: 1 })).toBeInTheDocument()
    expect(location()).toBe('/badge/alice')
  })

  it.each([
    ['a visitor', null],
    ['a member', makeUser()],
  ])('shows the verify page to %s, with no redirect', async (_who, user) => {
    renderApp('/verify', { user })
    expect(await screen.findByRole('heading', { level: 1, name: 'Verify a credential' })).toBeInTheDocument()
    expect(location()).toBe('/verify')
  })

  it('shows the 404 page for an unknown path, signed in or not', async () => {
    renderApp('/no/such/page', { user: null })
    expect(await screen.findByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument()
    expect(screen.queryByText(/Did you forget/)).not.toBeInTheDocument()
    expect(screen.getByRole('main')).toHaveTextContent(/We couldn.t find \/no\/such\/page\./)
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/')
    expect(screen.getByRole('link', { name: 'Discover people' })).toHaveAttribute('href', '/discover')
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

describe('first load', () => {
  const requested = (fetchMock: ReturnType<typeof mockApi>) =>
    fetchMock.mock.calls.map(([url]) => String(url))

  it("starts the home page's requests before the session is known", async () => {
    const fetchMock = mockApi({})
    preloadRoute('/', createQueryClient())
    await waitFor(() =>
      expect(requested(fetchMock)).toEqual(
        expect.arrayContaining([
          '/api/announcements/pinned',
          '/api/announcements?pinned=false&limit=3',
          '/api/users/discover/popular',
          '/api/hashtags/popular',
        ]),
      ),
    )
  })

  it("starts a profile's request with the username of the path", async () => {
    const fetchMock = mockApi({})
    preloadRoute('/profile/bob', createQueryClient())
    await waitFor(() => expect(requested(fetchMock)).toContain('/api/users/bob'))
  })

  it("starts the top bar's requests once the session says a member is signed in", async () => {
    const fetchMock = mockApi({ 'GET /api/user': { body: makeUser() } })
    preloadRoute('/discover', createQueryClient())
    await waitFor(() =>
      expect(requested(fetchMock)).toEqual(
        expect.arrayContaining([
          '/api/notifications',
          '/api/conversations/unread-count',
          '/api/connection-requests/pending',
        ]),
      ),
    )
  })

  it('asks nothing for the top bar when nobody is signed in', async () => {
    const fetchMock = mockApi({
      'GET /api/user': { status: 401, body: { message: 'Not signed in', code: 'UNAUTHENTICATED' } },
    })
    preloadRoute('/discover', createQueryClient())
    await waitFor(() => expect(requested(fetchMock)).toContain('/api/user'))
    // Give the answer the time it would need to start them.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(requested(fetchMock)).toEqual(['/api/user'])
  })

  it('asks nothing ahead for a page that declares no data', async () => {
    const fetchMock = mockApi({})
    preloadRoute('/auth', createQueryClient())
    // Give a data module the time it would need to load and ask.
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("keeps the top bar's place while a member page waits for the session", async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    )
    renderApp('/discover')
    const banner = await screen.findByRole('banner')
    expect(within(banner).getByRole('link', { name: 'Vouched home' })).toHaveAttribute('href', '/')
    expect(screen.queryByRole('navigation', { name: 'Main' })).not.toBeInTheDocument()
  })

  it('keeps no place for a top bar on a visitor page', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => new Promise<Response>(() => {})),
    )
    renderApp('/auth')
    expect(await screen.findByRole('status')).toBeInTheDocument()
    expect(screen.queryByRole('banner')).not.toBeInTheDocument()
  })
})
