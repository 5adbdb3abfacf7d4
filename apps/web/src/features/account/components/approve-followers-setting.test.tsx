import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { ApproveFollowersSetting } from './approve-followers-setting'

function settingsServer(federationAvailable: boolean) {
  let settings = { federated: true, approveFollowers: false, federationAvailable }
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

describe('approve new followers switch', () => {
  it('is off by default and saves approveFollowers', async () => {
    const { patches } = settingsServer(true)
    renderWithProviders(<ApproveFollowersSetting />, { user: makeUser({ id: 1 }) })
    const toggle = await screen.findByRole('switch', { name: 'Approve new followers' })
    expect(toggle).not.toBeChecked()
    expect(toggle).toHaveAccessibleDescription(/waits until you approve it/)
    await userEvent.click(toggle)
    await waitFor(() => expect(patches).toEqual([{ approveFollowers: true }]))
    await waitFor(() => expect(toggle).toBeChecked())
    expect(await screen.findByText('New followers now wait for your approval')).toBeInTheDocument()
  })

  it('is not shown where the server does not federate', async () => {
    settingsServer(false)
    renderWithProviders(
      <>
        <p>settings</p>
        <ApproveFollowersSetting />
      </>,
      { user: makeUser({ id: 1 }) },
    )
    await screen.findByText('settings')
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByRole('switch', { name: 'Approve new followers' })).not.toBeInTheDocument()
  })
})
