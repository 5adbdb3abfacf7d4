import { DIGEST_DESCRIPTIONS, DIGEST_MESSAGES, DIGEST_SAVED_MESSAGES } from '@vouched/shared/digest'
import { screen, waitFor } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { changeLocale } from '../../../lib/i18n/i18n'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { DigestSetting } from './digest-setting'

type Digest = 'off' | 'daily' | 'weekly'

/** The settings API as the server answers it: PATCH saves and answers every setting. */
function settingsServer(digest: Digest = 'off', { failPatch = false } = {}) {
  let settings = { reviewEndorsements: true, colorScheme: 'dark', digest }
  const patches: unknown[] = []
  mockApi({
    'GET /api/account/settings': () => ({ body: settings }),
    'PATCH /api/account/settings': ({ body }) => {
      patches.push(body)
      if (failPatch) {
        return {
          status: 400,
          body: {
            message: 'digest must be one of off, daily, weekly',
            code: 'VALIDATION_ERROR',
            field: 'digest',
          },
        }
      }
      settings = { ...settings, ...(body as object) }
      return { body: settings }
    },
  })
  return { patches }
}

describe('digest setting', () => {
  it("shows the member's saved choice as one labelled group of three", async () => {
    settingsServer('weekly')
    renderWithProviders(<DigestSetting />, { user: makeUser() })
    const group = screen.getByRole('group', { name: 'Email digest' })
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Weekly' })).toBeChecked())
    expect(group).toHaveAccessibleDescription(DIGEST_DESCRIPTIONS.weekly)
    expect(screen.getByRole('radio', { name: 'Off' })).not.toBeChecked()
    expect(screen.getByRole('radio', { name: 'Daily' })).not.toBeChecked()
  })

  it('saves a choice at once, says so, and sends only the digest', async () => {
    const { patches } = settingsServer('off')
    const { user } = renderWithProviders(<DigestSetting />, { user: makeUser() })
    // Off shows while the settings load, but cannot be changed until they are here.
    expect(screen.getByRole('radio', { name: 'Off' })).toBeDisabled()
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Off' })).toBeEnabled())
    expect(screen.getByRole('radio', { name: 'Off' })).toBeChecked()

    await user.click(screen.getByRole('radio', { name: 'Daily' }))
    expect(await screen.findByText(DIGEST_SAVED_MESSAGES.daily)).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Daily' })).toBeChecked()
    expect(screen.getByRole('group', { name: 'Email digest' })).toHaveAccessibleDescription(
      DIGEST_DESCRIPTIONS.daily,
    )
    // Picking the current choice again sends nothing.
    await user.click(screen.getByRole('radio', { name: 'Daily' }))
    await user.click(screen.getByRole('radio', { name: 'Off' }))
    expect(await screen.findByText(DIGEST_SAVED_MESSAGES.off)).toBeInTheDocument()
    expect(patches).toEqual([{ digest: 'daily' }, { digest: 'off' }])
  })

  it('goes back to the saved choice and says why when saving fails', async () => {
    settingsServer('daily', { failPatch: true })
    const { user } = renderWithProviders(<DigestSetting />, { user: makeUser() })
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Daily' })).toBeChecked())
    await user.click(screen.getByRole('radio', { name: 'Weekly' }))
    expect(await screen.findByText(DIGEST_MESSAGES.failed)).toBeInTheDocument()
    expect(screen.getByText('digest must be one of off, daily, weekly')).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'Daily' })).toBeChecked()
    expect(screen.getByRole('radio', { name: 'Weekly' })).not.toBeChecked()
  })

  it('can be changed with the keyboard alone', async () => {
    const { patches } = settingsServer('off')
    const { user } = renderWithProviders(<DigestSetting />, { user: makeUser() })
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Off' })).toBeEnabled())
    await user.tab()
    expect(screen.getByRole('radio', { name: 'Off' })).toHaveFocus()
    await user.keyboard('{ArrowRight}{ArrowRight}')
    await waitFor(() => expect(patches).toEqual([{ digest: 'daily' }, { digest: 'weekly' }]))
    expect(screen.getByRole('radio', { name: 'Weekly' })).toHaveFocus()
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Weekly' })).toBeChecked())
  })

  it('speaks German: the legend, the choices from the shared catalogue and the saved toast', async () => {
    await changeLocale('de')
    settingsServer('weekly')
    const { user } = renderWithProviders(<DigestSetting />, { user: makeUser() })
    const group = screen.getByRole('group', { name: 'E-Mail-Zusammenfassung' })
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Wöchentlich' })).toBeChecked())
    expect(group).toHaveAccessibleDescription(/früh am Montag \(UTC\)/)
    expect(screen.getByText(/ungelesenen Benachrichtigungen per E-Mail/)).toBeInTheDocument()
    await user.click(screen.getByRole('radio', { name: 'Täglich' }))
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Täglich' })).toBeChecked())
    expect(
      await screen.findByText('Du bekommst täglich eine Zusammenfassung ungelesener Benachrichtigungen'),
    ).toBeInTheDocument()
    expect(screen.queryByText(DIGEST_SAVED_MESSAGES.daily)).not.toBeInTheDocument()
  })
})
