import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { changeLocale } from '../../../lib/i18n/i18n'
import { makeUser, renderWithProviders } from '../../../test/render'
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
