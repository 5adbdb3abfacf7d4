import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { changeLocale } from '../../lib/i18n/i18n'
import { renderWithProviders } from '../../test/render'
import NotFoundPage from './not-found'

describe('NotFoundPage', () => {
  it('names the missing path and two ways on', () => {
    renderWithProviders(<NotFoundPage />, { route: '/nowhere' })
    expect(screen.getByRole('heading', { level: 1, name: '404 Page Not Found' })).toBeInTheDocument()
    expect(screen.getByText('/nowhere', { selector: 'span' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/')
    expect(document.title).toBe('Page not found · Vouched')
  })

  it('speaks German, with the path still marked inside the sentence', async () => {
    await changeLocale('de')
    renderWithProviders(<NotFoundPage />, { route: '/nirgendwo' })
    expect(screen.getByRole('heading', { level: 1, name: '404 Seite nicht gefunden' })).toBeInTheDocument()
    const path = screen.getByText('/nirgendwo', { selector: 'span' })
    expect(path.tagName).toBe('SPAN')
    expect(path.parentElement).toHaveTextContent(/^Wir konnten \/nirgendwo nicht finden\./)
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/')
    expect(screen.getByRole('link', { name: 'Menschen entdecken' })).toHaveAttribute('href', '/discover')
    expect(document.title).toBe('Seite nicht gefunden · Vouched')
  })
})
