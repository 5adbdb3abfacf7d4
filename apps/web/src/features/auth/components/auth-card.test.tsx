import { screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { changeLocale } from '../../../lib/i18n/i18n'
import { renderWithProviders } from '../../../test/render'
import { AuthCard } from './auth-card'
import { AuthLayout } from './auth-layout'

const renderAuth = () =>
  renderWithProviders(
    <AuthLayout>
      <AuthCard />
    </AuthLayout>,
    { user: null, route: '/auth' },
  )

afterEach(() => window.localStorage.clear())

describe('AuthCard in German', () => {
  it('shows login and register in German', async () => {
    await changeLocale('de')
    const { user } = renderAuth()
    expect(screen.getByRole('heading', { level: 1, name: 'Willkommen zurück' })).toBeInTheDocument()
    expect(screen.getByLabelText('Benutzername oder E-Mail-Adresse')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Passwort vergessen?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )

    await user.click(screen.getByRole('tab', { name: 'Registrieren' }))
    expect(screen.getByRole('heading', { level: 1, name: 'Erstelle dein Konto' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Konto erstellen' })).toBeInTheDocument()
  })

  it('switches to German with the language picker below the form', async () => {
    const { user } = renderAuth()
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument()
    await user.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'de')
    expect(await screen.findByRole('heading', { level: 1, name: 'Willkommen zurück' })).toBeInTheDocument()
  })
})
