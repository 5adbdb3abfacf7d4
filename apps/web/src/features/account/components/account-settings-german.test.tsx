import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { changeLocale } from '../../../lib/i18n/i18n'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { ApiTokens } from './api-tokens'
import { ChangePasswordForm } from './change-password-form'
import { DataExport } from './data-export'
import { DeleteAccount } from './delete-account'
import { LanguageSetting } from './language-setting'

describe('account settings in German', () => {
  it('labels the password form, the export, the deletion and the language in German', async () => {
    await changeLocale('de')
    const { user } = renderWithProviders(
      <>
        <ChangePasswordForm />
        <DataExport />
        <DeleteAccount />
        <LanguageSetting />
      </>,
      { user: makeUser() },
    )
    expect(screen.getByRole('form', { name: 'Passwort ändern' })).toBeInTheDocument()
    expect(screen.getByLabelText('Aktuelles Passwort')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Meine Daten herunterladen' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Sprache' })).toHaveValue('de')

    await user.click(screen.getByRole('button', { name: 'Mein Konto löschen' }))
    expect(await screen.findByRole('dialog', { name: 'Dein Konto löschen?' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Mein Konto endgültig löschen' })).toBeInTheDocument()
  })
})

describe('shared messages in German', () => {
  it("shows the form's zod errors from the shared German catalogue", async () => {
    await changeLocale('de')
    const { user } = renderWithProviders(<ChangePasswordForm />, { user: makeUser() })
    await user.click(screen.getByRole('button', { name: 'Passwort ändern' }))
    expect(await screen.findByText('Bitte gib dein aktuelles Passwort ein')).toHaveAttribute('role', 'alert')
    expect(screen.queryByText('Please enter your current password')).not.toBeInTheDocument()
  })
})

describe('API tokens intro', () => {
  it('links the API reference inside the sentence, in English and in German', async () => {
    mockApi({ 'GET /api/account/tokens': { body: { tokens: [] } } })
    const { unmount } = renderWithProviders(<ApiTokens />, { user: makeUser() })
    expect(screen.getByRole('link', { name: 'Vouched API' })).toHaveAttribute('href', '/api/docs')
    expect(screen.getByText('Authorization: Bearer …')).toBeInTheDocument()
    unmount()

    await changeLocale('de')
    renderWithProviders(<ApiTokens />, { user: makeUser() })
    const link = screen.getByRole('link', { name: 'Vouched API' })
    expect(link).toHaveAttribute('href', '/api/docs')
    expect(link.parentElement).toHaveTextContent(
      /^Sende ein Token als Authorization: Bearer …, um die Vouched API/,
    )
  })
})
