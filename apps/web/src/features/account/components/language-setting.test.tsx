import { LOCALE_STORAGE_KEY } from '@vouched/shared/locale'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeEach, describe, expect, it } from 'vitest'
import { currentLocale } from '../../../lib/i18n/i18n'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { useMemberLocale } from '../hooks/use-language-choice'
import { LanguageSetting } from './language-setting'

const stored = () => window.localStorage.getItem(LOCALE_STORAGE_KEY)

function settingsServer(locale: 'en' | 'de' | null = null, { failPatch = false } = {}) {
  let settings = { reviewEndorsements: false, colorScheme: null, locale }
  const patches: unknown[] = []
  mockApi({
    'GET /api/account/settings': () => ({ body: settings }),
    'PATCH /api/account/settings': ({ body }) => {
      patches.push(body)
      if (failPatch) return { status: 503, body: { message: 'Service unavailable', code: 'UNAVAILABLE' } }
      settings = { ...settings, ...(body as object) }
      return { body: settings }
    },
  })
  return { patches }
}

beforeEach(() => {
  window.localStorage.clear()
})

describe('the language setting', () => {
  it('switches the app and keeps the choice on the device; a visitor saves nothing on the server', async () => {
    const { patches } = settingsServer()
    renderWithProviders(<LanguageSetting />, { user: null })
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'de')
    await waitFor(() => expect(currentLocale()).toBe('de'))
    expect(await screen.findByRole('combobox', { name: 'Sprache' })).toHaveValue('de')
    expect(stored()).toBe('de')
    expect(patches).toEqual([])
  })

  it("saves a signed-in member's choice as their locale", async () => {
    const { patches } = settingsServer()
    renderWithProviders(<LanguageSetting />, { user: makeUser({ id: 1 }) })
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'de')
    await waitFor(() => expect(patches).toEqual([{ locale: 'de' }]))
    expect(currentLocale()).toBe('de')
    expect(stored()).toBe('de')
  })

  it('tells the member when the server did not save it, and keeps it on the device', async () => {
    const { patches } = settingsServer(null, { failPatch: true })
    renderWithProviders(<LanguageSetting />, { user: makeUser({ id: 1 }) })
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'de')
    await waitFor(() => expect(patches).toEqual([{ locale: 'de' }]))
    // The toast comes in the language just chosen.
    expect(await screen.findByText('Deine Sprache konnte nicht gespeichert werden')).toBeInTheDocument()
    expect(currentLocale()).toBe('de')
    expect(stored()).toBe('de')
  })
})

describe("a member's saved language", () => {
  function MemberLocale() {
    useMemberLocale()
    return null
  }

  it('wins over the device and is kept there for the next visit', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'en')
    settingsServer('de')
    renderWithProviders(<MemberLocale />, { user: makeUser({ id: 1 }) })
    await waitFor(() => expect(currentLocale()).toBe('de'))
    expect(stored()).toBe('de')
  })

  it('leaves the device its own language while the member has none', async () => {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, 'en')
    settingsServer(null)
    renderWithProviders(<MemberLocale />, { user: makeUser({ id: 1 }) })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(currentLocale()).toBe('en')
    expect(stored()).toBe('en')
  })
})
