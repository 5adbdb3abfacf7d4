import { LOCALE_STORAGE_KEY } from '@vouched/shared/locale'
import { screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { i18n } from '../../lib/i18n/i18n'
import { renderWithProviders } from '../../test/render'
import { LanguageSelect } from './language-select'

afterEach(() => window.localStorage.removeItem(LOCALE_STORAGE_KEY))

describe('LanguageSelect', () => {
  it('offers each language in its own name and switches the app, remembering the choice', async () => {
    const { user } = renderWithProviders(<LanguageSelect />)
    const select = screen.getByRole('combobox', { name: 'Language' })
    expect(select).toHaveValue('en')
    expect(screen.getByRole('option', { name: 'Deutsch' })).toHaveAttribute('lang', 'de')

    await user.selectOptions(select, 'de')
    await waitFor(() => expect(i18n.language).toBe('de'))
    expect(await screen.findByRole('combobox', { name: 'Sprache' })).toHaveValue('de')
    expect(window.localStorage.getItem(LOCALE_STORAGE_KEY)).toBe('de')
    expect(document.documentElement.lang).toBe('de')
  })
})
