import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { changeLocale } from '../../lib/i18n/i18n'
import { makeUser, mockApi, renderWithProviders } from '../../test/render'
import { TopBar } from './top-bar'

const location = () => screen.getByTestId('location').textContent
const desktopSearch = () => screen.getAllByRole('searchbox', { name: 'Search users or tags' })[0]!

describe('TopBar', () => {
  it('renders nothing when signed out', () => {
    renderWithProviders(<TopBar />, { user: null })
    expect(screen.queryByRole('banner')).not.toBeInTheDocument()
  })

  it('searches /discover with the trimmed text and sort=reputation', async () => {
    const { user } = renderWithProviders(<TopBar />, { user: makeUser() })
    await user.type(desktopSearch(), '  react hooks  {Enter}')
    expect(location()).toBe('/discover?q=react%20hooks&sort=reputation')
  })

  it('does not search when the text is blank', async () => {
    const { user } = renderWithProviders(<TopBar />, { user: makeUser(), route: '/connections' })
    await user.type(desktopSearch(), '    {Enter}')
    expect(location()).toBe('/connections')
  })

  it('highlights the current navigation item', () => {
    renderWithProviders(<TopBar />, { user: makeUser(), route: '/discover' })
    expect(screen.getByRole('link', { name: 'Discover' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current')
  })

  it('links Create Endorsement to /discover', () => {
    renderWithProviders(<TopBar />, { user: makeUser() })
    expect(screen.getByRole('link', { name: 'Create Endorsement' })).toHaveAttribute('href', '/discover')
  })

  it('shows name, @username and profile link in the avatar menu, admin link only for admins', async () => {
    const { user } = renderWithProviders(<TopBar />, {
      user: makeUser({ username: 'alice', fullName: 'Alice Martin' }),
    })
    await user.click(screen.getByRole('button', { name: 'Open user menu' }))
    const menu = await screen.findByRole('menu')
    expect(menu).toHaveTextContent('Alice Martin')
    expect(menu).toHaveTextContent('@alice')
    expect(screen.getByRole('menuitem', { name: 'Your Profile' })).toHaveAttribute('href', '/profile/alice')
    expect(screen.queryByRole('menuitem', { name: 'Admin Dashboard' })).not.toBeInTheDocument()
  })

  it('shows the Admin Dashboard link to admins and the username when there is no full name', async () => {
    const { user } = renderWithProviders(<TopBar />, {
      user: makeUser({ username: 'root', fullName: null, isAdmin: true }),
    })
    await user.click(screen.getByRole('button', { name: 'Open user menu' }))
    expect(await screen.findByRole('menuitem', { name: 'Admin Dashboard' })).toHaveAttribute('href', '/admin')
    expect(screen.getByRole('menu')).toHaveTextContent('root@root')
  })

  it('signs out: "Signing out..." while pending, then toast and /auth', async () => {
    let release: () => void = () => {}
    const gate = new Promise<void>((resolve) => (release = resolve))
    mockApi({ 'POST /api/logout': { body: { success: true } } })
    const realFetch = globalThis.fetch
    globalThis.fetch = (async (...args: Parameters<typeof fetch>) => {
      await gate
      return realFetch(...args)
    }) as typeof fetch
    const { user, queryClient } = renderWithProviders(<TopBar />, { user: makeUser(), route: '/discover' })
    await user.click(screen.getByRole('button', { name: 'Open user menu' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }))
    expect(await screen.findByRole('menuitem', { name: 'Signing out...' })).toBeInTheDocument()
    release()
    await waitFor(() => expect(location()).toBe('/auth'))
    expect(await screen.findByText('Logged out')).toBeInTheDocument()
    expect(screen.getByText('You have been successfully logged out')).toBeInTheDocument()
    expect(queryClient.getQueryData(['session', 'user'])).toBeNull()
  })

  it('toasts "Logout failed" when the server refuses', async () => {
    mockApi({ 'POST /api/logout': { status: 500, body: { message: 'Internal error', code: 'INTERNAL' } } })
    const { user } = renderWithProviders(<TopBar />, { user: makeUser(), route: '/discover' })
    await user.click(screen.getByRole('button', { name: 'Open user menu' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Sign out' }))
    expect(await screen.findByText('Logout failed')).toBeInTheDocument()
    expect(location()).toBe('/discover')
  })

  it('renders the slots given by features', () => {
    renderWithProviders(
      <TopBar
        slots={{
          notifications: (placement) => <span>bell-{placement}</span>,
          messages: <span>messages-link</span>,
        }}
      />,
      { user: makeUser() },
    )
    expect(screen.getByText('bell-bar')).toBeInTheDocument()
    expect(screen.getByText('messages-link')).toBeInTheDocument()
  })
})

describe('TopBar in German', () => {
  it('names the navigation, search and menus in German', async () => {
    await changeLocale('de')
    const { user } = renderWithProviders(<TopBar />, { user: makeUser(), route: '/discover' })
    expect(screen.getByRole('link', { name: 'Entdecken' })).toHaveAttribute('aria-current', 'page')
    expect(screen.getByRole('link', { name: 'Empfehlung schreiben' })).toBeInTheDocument()
    expect(screen.getAllByRole('searchbox', { name: 'Personen oder Tags suchen' })[0]).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Benutzermenü öffnen' }))
    expect(await screen.findByRole('menuitem', { name: 'Abmelden' })).toBeInTheDocument()
  })
})
