import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { changeLocale } from '../../../lib/i18n/i18n'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { FederationSetting } from './federation-setting'

function settingsServer(federationAvailable: boolean) {
  let settings = { reviewEndorsements: false, colorScheme: null, federated: false, federationAvailable }
  const patches: unknown[] = []
  mockApi({
    'GET /api/account/settings': () => ({ body: settings }),
    'PATCH /api/account/settings': ({ body }) => {
      patches.push(body)
      settings = { ...settings, ...(body as object) }
      return { body: settings }
    },
  })
  return { patches }
}

describe('publish to the fediverse switch', () => {
  it('is off by default, names the handle, and saves federated when turned on and off', async () => {
    const { patches } = settingsServer(true)
    renderWithProviders(<FederationSetting />, { user: makeUser({ id: 1, username: 'alice' }) })
    const toggle = await screen.findByRole('switch', { name: 'Publish my profile to the fediverse' })
    expect(toggle).not.toBeChecked()
    expect(toggle).toHaveAccessibleDescription(/@alice@.* and follow you/)
    expect(toggle).toHaveAccessibleDescription(
      /Anonymous and hidden endorsements, messages and your email never leave/,
    )
    await userEvent.click(toggle)
    await waitFor(() => expect(patches).toEqual([{ federated: true }]))
    await waitFor(() => expect(toggle).toBeChecked())
    await userEvent.click(toggle)
    await waitFor(() => expect(patches).toEqual([{ federated: true }, { federated: false }]))
  })

  it('is not shown where the server does not federate', async () => {
    settingsServer(false)
    renderWithProviders(
      <>
        <p>settings</p>
        <FederationSetting />
      </>,
      { user: makeUser({ id: 1 }) },
    )
    await screen.findByText('settings')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(
      screen.queryByRole('switch', { name: 'Publish my profile to the fediverse' }),
    ).not.toBeInTheDocument()
  })

  it('speaks German, with the handle inside the sentence', async () => {
    await changeLocale('de')
    settingsServer(true)
    renderWithProviders(<FederationSetting />, { user: makeUser({ id: 1, username: 'alice' }) })
    const toggle = await screen.findByRole('switch', { name: 'Mein Profil im Fediverse veröffentlichen' })
    expect(toggle).toHaveAccessibleDescription(/können dich als @alice@.* finden und dir folgen/)
    expect(toggle).toHaveAccessibleDescription(/verlassen diesen Server nie\.$/)
    await userEvent.click(toggle)
    expect(await screen.findByText('Dein Profil ist jetzt im Fediverse veröffentlicht')).toBeInTheDocument()
  })
})
