import { screen } from '@testing-library/react'
import { Link, useLocation } from 'react-router'
import { describe, expect, it, vi } from 'vitest'
import { changeLocale } from '../lib/i18n/i18n'
import { renderWithProviders } from '../test/render'
import { RouteErrorBoundary } from './route-error'

/** Throws on /broken with the given message, renders a page anywhere else. */
function Page({ message }: { message: string }) {
  const { pathname } = useLocation()
  if (pathname === '/broken') throw new Error(message)
  return <p>Fine page</p>
}

function renderBroken(message: string) {
  // React reports every error a boundary catches on console.error; here that is the point.
  vi.spyOn(console, 'error').mockImplementation(() => {})
  vi.spyOn(console, 'warn').mockImplementation(() => {})
  return renderWithProviders(
    <>
      <RouteErrorBoundary>
        <Page message={message} />
      </RouteErrorBoundary>
      <Link to="/fine">Elsewhere</Link>
    </>,
    { route: '/broken' },
  )
}

describe('RouteErrorBoundary', () => {
  it('asks for a reload when a page chunk failed to load, and draws the next page again', async () => {
    const { user } = renderBroken('Failed to fetch dynamically imported module: /assets/home-x.js')
    expect(screen.getByRole('heading', { level: 1, name: 'Something went wrong' })).toBeInTheDocument()
    expect(
      screen.getByText('A new version of Vouched is available. Reload the page to continue.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Refresh Page' })).toBeInTheDocument()

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }))
    expect(await screen.findByText('Fine page')).toBeInTheDocument()
    expect(screen.queryByRole('heading', { name: 'Something went wrong' })).not.toBeInTheDocument()
  })

  it('says the page failed for any other error', () => {
    renderBroken('Cannot read properties of undefined')
    expect(
      screen.getByText('There was an error loading this page. Please try refreshing.'),
    ).toBeInTheDocument()
  })

  it('speaks German when the app does', async () => {
    await changeLocale('de')
    renderBroken('Failed to fetch dynamically imported module: /assets/home-x.js')
    expect(screen.getByRole('heading', { level: 1, name: 'Etwas ist schiefgelaufen' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Seite neu laden' })).toBeInTheDocument()
    expect(document.documentElement.lang).toBe('de')
  })
})
