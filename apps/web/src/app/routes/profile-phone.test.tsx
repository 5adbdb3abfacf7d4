import { screen, within } from '@testing-library/react'
import type { TProfile } from '@vouched/shared/profiles'
import { Route, Routes } from 'react-router'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { PHONE_QUERY } from '../../lib/use-media-query'
import { makeUser, mockApi, renderWithProviders } from '../../test/render'
import ProfilePage from './profile'

const profile: TProfile = {
  user: {
    id: 2,
    username: 'bob',
    fullName: 'Bob Builder',
    title: 'Site Lead',
    bio: null,
    location: 'Leeds',
    profilePicture: null,
    isEmailVerified: false,
    isVerified: false,
    isAdmin: false,
    reputationScore: 0,
    vouchCount: 0,
    createdAt: '2025-01-01T00:00:00.000Z',
    activityScore: 0,
    topHashtags: [],
    medals: [],
  },
  reputationScore: 0,
  categoryScores: [],
  vouches: [],
  nextCursor: null,
}

/** Makes `matchMedia` answer as a window of this width would for the phone query. */
function setWidth(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: query === PHONE_QUERY && width < 640,
    media: query,
    onchange: null,
    addListener: () => {},
    removeListener: () => {},
    addEventListener: () => {},
    removeEventListener: () => {},
    dispatchEvent: () => false,
  }))
}

function renderBob() {
  mockApi({
    'GET /api/users/bob': { body: profile },
    'GET /api/blocks': { body: { blocks: [] } },
    'GET /api/connections/2': { body: { isConnected: { status: 'none' } } },
    'GET /api/hashtags/popular': { body: [] },
  })
  return renderWithProviders(
    <Routes>
      <Route path="/profile/:username" element={<ProfilePage />} />
    </Routes>,
    { route: '/profile/bob', user: makeUser({ id: 1, username: 'alice' }) },
  )
}

/** The header card: the one holding the member's name. */
const headerCard = async () =>
  (await screen.findByRole('heading', { level: 1, name: 'Bob Builder' })).closest<HTMLElement>(
    '[data-slot="card"]',
  )!

describe("another member's profile header", () => {
  beforeEach(() => setWidth(390))
  afterEach(() => vi.unstubAllGlobals())

  it('on phones keeps Endorse in the header and puts Share Badge, Report and Block under More', async () => {
    const { user } = renderBob()
    const header = await headerCard()
    expect(within(header).getByRole('button', { name: 'Endorse Bob Builder' })).toBeInTheDocument()
    // Endorse lives in the header only: the endorsements list no longer repeats it.
    expect(screen.getAllByRole('button', { name: 'Endorse Bob Builder' })).toHaveLength(1)
    expect(screen.queryByRole('button', { name: 'Report this profile' })).not.toBeInTheDocument()
    expect(screen.queryByRole('link', { name: 'Share Badge' })).not.toBeInTheDocument()

    await user.click(within(header).getByRole('button', { name: 'More actions' }))
    const menu = await screen.findByRole('dialog', { name: 'More actions' })
    expect(within(menu).getByRole('link', { name: 'Share Badge' })).toHaveAttribute(
      'href',
      '/share-badge/bob',
    )
    expect(await within(menu).findByRole('button', { name: 'Block' })).toBeInTheDocument()
    // The word shows in the menu, where the bar's small button shows only a flag.
    expect(within(menu).getByRole('button', { name: 'Report this profile' })).toHaveTextContent('Report')

    // A dialog opened from the menu stays open.
    await user.click(within(menu).getByRole('button', { name: 'Report this profile' }))
    expect(await screen.findByRole('dialog', { name: 'Report this profile' })).toBeInTheDocument()
  })

  it('from sm up shows every action in the header, with no More button', async () => {
    setWidth(1024)
    renderBob()
    const header = await headerCard()
    expect(within(header).getByRole('button', { name: 'Endorse Bob Builder' })).toBeInTheDocument()
    expect(within(header).getByRole('link', { name: 'Share Badge' })).toBeInTheDocument()
    expect(within(header).getByRole('button', { name: 'Report this profile' })).toBeInTheDocument()
    expect(await within(header).findByRole('button', { name: 'Block' })).toBeInTheDocument()
    expect(within(header).queryByRole('button', { name: 'More actions' })).not.toBeInTheDocument()
  })
})
