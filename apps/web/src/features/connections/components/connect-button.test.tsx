import type { TConnectionCheck } from '@vouched/shared/connections'
import { configure, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { makeUser, mockApi, renderWithProviders, type MockResponse } from '../../../test/render'
import { ConnectButton } from './connect-button'

// Two cores shared with other suites: give async queries room beyond the 1 s default.
configure({ asyncUtilTimeout: 4000 })

const me = makeUser({ id: 1 })
const other = { id: 2, name: 'Bob Stone' }

function server(check: TConnectionCheck, answers: Record<string, MockResponse> = {}) {
  let state = check
  const requests: Array<{ method: string; url: string; body: unknown }> = []
  const fetchMock = mockApi({
    'GET /api/connections/2': () => ({ body: state }),
    'POST /api/connection-requests/2': ({ body, url, method }) => {
      requests.push({ method, url, body })
      if (answers.send) return answers.send
      state = { isConnected: false, status: 'pending-sent', requestId: 50 }
      return { status: 201, body: { success: true, request: {} } }
    },
    'DELETE /api/connection-requests/50': () => {
      state = { isConnected: false, status: 'none', requestId: null }
      return { body: { success: true } }
    },
    'POST /api/connection-requests/60/accept': () => {
      state = { isConnected: true, status: 'connected', requestId: 60 }
      return { body: { success: true, request: {} } }
    },
    'DELETE /api/connections/2': () => {
      if (answers.remove) return answers.remove
      state = { isConnected: false, status: 'none', requestId: null }
      return { body: { success: true } }
    },
  })
  return { fetchMock, requests }
}

const render = () => renderWithProviders(<ConnectButton userId={other.id} name={other.name} />, { user: me })

/** The Connect button once the connection check has loaded (it is disabled while loading). */
async function connectButton() {
  await waitFor(() => expect(screen.getByRole('button', { name: 'Connect' })).toBeEnabled())
  return screen.getByRole('button', { name: 'Connect' })
}

describe('ConnectButton', () => {
  it('renders nothing on one’s own profile', () => {
    mockApi({})
    renderWithProviders(<ConnectButton userId={me.id} name="Me" />, { user: me })
    expect(screen.queryByRole('button')).not.toBeInTheDocument()
  })

  it('sends a request with an optional message, toasts and turns into Pending', async () => {
    const { requests } = server({ isConnected: false, status: 'none', requestId: null })
    const { user } = render()
    await user.click(await connectButton())
    const dialog = await screen.findByRole('dialog', { name: 'Connect with Bob Stone' })
    await user.type(await within(dialog).findByLabelText('Message'), '  We met at JSConf ')
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }))
    expect(await screen.findByText('Connection request sent')).toBeInTheDocument()
    expect(requests[0]!.body).toEqual({ message: 'We met at JSConf' })
    expect(await screen.findByRole('button', { name: 'Pending' })).toBeInTheDocument()
  })

  it('refuses a message over 500 characters with the SPEC message, without calling the server', async () => {
    const { requests } = server({ isConnected: false, status: 'none', requestId: null })
    const { user } = render()
    await user.click(await connectButton())
    const dialog = await screen.findByRole('dialog')
    const field = await within(dialog).findByLabelText('Message')
    await user.click(field)
    await user.paste('x'.repeat(501))
    await user.click(within(dialog).getByRole('button', { name: 'Send Request' }))
    expect(await within(dialog).findByText('Message must be less than 500 characters')).toBeInTheDocument()
    expect(requests).toHaveLength(0)
  })

  it('toasts "Failed to send connection request" with the server message', async () => {
    server(
      { isConnected: false, status: 'none', requestId: null },
      {
        send: {
          status: 409,
          body: { message: 'You can send a new connection request after May 1, 2025.', code: 'X' },
        },
      },
    )
    const { user } = render()
    await user.click(await connectButton())
    await user.click(
      await within(await screen.findByRole('dialog')).findByRole('button', { name: 'Send Request' }),
    )
    expect(await screen.findByText('Failed to send connection request')).toBeInTheDocument()
    expect(screen.getByText('You can send a new connection request after May 1, 2025.')).toBeInTheDocument()
  })

  it('lets the sender withdraw a pending request', async () => {
    server({ isConnected: false, status: 'pending-sent', requestId: 50 })
    const { user } = render()
    await user.click(await screen.findByRole('button', { name: 'Pending' }))
    await user.click(
      within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Cancel Request' }),
    )
    expect(await screen.findByText('Request canceled')).toBeInTheDocument()
    expect(await connectButton()).toBeInTheDocument()
  })

  it('accepts a request received from that member', async () => {
    server({ isConnected: false, status: 'pending-received', requestId: 60 })
    const { user } = render()
    await user.click(await screen.findByRole('button', { name: 'Accept Request' }))
    expect(await screen.findByText('Connection request accepted')).toBeInTheDocument()
    expect(await screen.findByRole('button', { name: 'Connected' })).toBeInTheDocument()
  })

  it('removes a connection after the SPEC confirmation', async () => {
    server({ isConnected: true, status: 'connected', requestId: 60 })
    const { user } = render()
    await user.click(await screen.findByRole('button', { name: 'Connected' }))
    const confirm = await screen.findByRole('alertdialog')
    expect(
      within(confirm).getByText('Are you sure you want to remove your connection with Bob Stone?'),
    ).toBeInTheDocument()
    await user.click(within(confirm).getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText('Connection removed')).toBeInTheDocument()
    expect(await connectButton()).toBeInTheDocument()
  })

  it('keeps the connection and toasts "Failed to remove connection" on failure', async () => {
    server(
      { isConnected: true, status: 'connected', requestId: 60 },
      { remove: { status: 500, body: { message: 'Boom', code: 'INTERNAL' } } },
    )
    const { user } = render()
    await user.click(await screen.findByRole('button', { name: 'Connected' }))
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Remove' }))
    expect(await screen.findByText('Failed to remove connection')).toBeInTheDocument()
    await waitFor(() => expect(screen.getByRole('button', { name: 'Connected' })).toBeEnabled())
  })
})
