import { screen } from '@testing-library/react'
import type { TUserCard } from '@vouched/shared/discovery'
import { describe, expect, it } from 'vitest'
import { makeUser, mockApi, renderWithProviders } from '../../test/render'
import DiscoverPage from './discover'

const found: TUserCard = {
  id: 2,
  username: 'bob',
  fullName: 'Bob Builder',
  title: null,
  profilePicture: null,
  reputationScore: 12,
  topHashtags: [],
  matchCount: 0,
  totalHashtags: 0,
  isVerified: false,
  vouchCount: 1,
  activityScore: 0,
}

describe('Discover page', () => {
  it('opens the create-endorsement dialog for a result and refreshes the results once it closes', async () => {
    const fetchMock = mockApi({
      'GET /api/search': { body: [found] },
      'GET /api/hashtags/popular': { body: [] },
    })
    const { user } = renderWithProviders(<DiscoverPage />, { route: '/discover?q=bob', user: makeUser() })
    await user.click(await screen.findByRole('button', { name: 'Endorse Bob Builder' }))
    const dialog = await screen.findByRole('dialog', { name: 'Endorse Bob Builder' })
    expect(dialog).toBeInTheDocument()
    const searchesBefore = fetchMock.mock.calls.filter(([url]) =>
      String(url).startsWith('/api/search'),
    ).length
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    await screen.findByRole('link', { name: 'Bob Builder' })
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/search')).length).toBe(
      searchesBefore + 1,
    )
  })
})
