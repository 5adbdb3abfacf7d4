import { screen, waitFor, within } from '@testing-library/react'
import type { TTrustSeed } from '@vouched/shared/trust'
import { describe, expect, it } from 'vitest'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { TrustSeedsPanel } from './trust-seeds-panel'

const admin = makeUser({ id: 1, username: 'root', isAdmin: true })
const ana: TTrustSeed = { id: 5, username: 'ana', fullName: 'Ana Lima', addedAt: '2026-11-25T00:00:00.000Z' }

describe('TrustSeedsPanel', () => {
  it('lists the chosen seeds, adds one by username and shows the server’s error on the field', async () => {
    let seeds: TTrustSeed[] = [ana]
    const fetchMock = mockApi({
      'GET /api/admin/trust/seeds': () => ({ body: { seeds } }),
      'POST /api/admin/trust/seeds': ({ body }) => {
        const { username } = body as { username: string }
        if (username === 'ghost') {
          return { status: 404, body: { message: 'User not found', code: 'NOT_FOUND', field: 'username' } }
        }
        const seed = { id: 6, username, fullName: null, addedAt: '2026-11-25T00:00:00.000Z' }
        seeds = [...seeds, seed]
        return { status: 201, body: seed }
      },
    })
    const { user } = renderWithProviders(<TrustSeedsPanel />, { user: admin })
    const list = await screen.findByRole('list', { name: 'Chosen seeds' })
    expect(within(list).getByRole('link', { name: /Ana Lima/ })).toHaveAttribute('href', '/profile/ana')

    const field = screen.getByPlaceholderText('Username')
    await user.type(field, 'ghost')
    await user.click(screen.getByRole('button', { name: 'Add seed' }))
    expect(await screen.findByText('User not found')).toBeInTheDocument()

    await user.clear(field)
    await user.type(field, 'ben')
    await user.click(screen.getByRole('button', { name: 'Add seed' }))
    await waitFor(() => expect(within(list).getByText('@ben')).toBeInTheDocument())
    expect(fetchMock).toHaveBeenCalledWith(
      expect.stringContaining('/api/admin/trust/seeds'),
      expect.objectContaining({ method: 'POST', body: JSON.stringify({ username: 'ben' }) }),
    )
  })

  it('asks for a username before sending anything', async () => {
    const fetchMock = mockApi({ 'GET /api/admin/trust/seeds': { body: { seeds: [] } } })
    const { user } = renderWithProviders(<TrustSeedsPanel />, { user: admin })
    expect(await screen.findByText('No chosen seeds yet.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Add seed' }))
    expect(await screen.findByText('Enter a username')).toBeInTheDocument()
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false)
  })
})
