import { screen, within } from '@testing-library/react'
import type { TAnnouncement } from '@vouched/shared/announcements'
import type { TUserCard } from '@vouched/shared/discovery'
import { DISCOVERY_MESSAGES } from '@vouched/shared/discovery.constants'
import { describe, expect, it } from 'vitest'
import { makeUser, mockApi, renderWithProviders, type MockResponse } from '../../test/render'
import HomePage from './home'

const me = makeUser({ id: 1, username: 'alice', fullName: 'Alice Martin' })

const card = (id: number, overrides: Partial<TUserCard> = {}): TUserCard => ({
  id,
  username: `member${id}`,
  fullName: `Member ${id}`,
  title: 'Engineer',
  profilePicture: null,
  reputationScore: 10,
  topHashtags: ['CSS'],
  matchCount: 0,
  totalHashtags: 0,
  isVerified: false,
  vouchCount: 1,
  activityScore: 0,
  ...overrides,
})

const announcement = (id: number, pinned: boolean): TAnnouncement => ({
  id,
  adminId: 99,
  title: `Announcement ${id}`,
  content: 'Something every member should know.',
  imageUrl: null,
  pinned,
  createdAt: new Date().toISOString(),
  adminUsername: 'root',
  adminFullName: 'Root Admin',
  adminProfilePicture: null,
})

const onboarding = (done: string[] = ['title']) => ({
  steps: ['picture', 'title', 'bio', 'location', 'workEmail', 'connection', 'endorsementGiven'].map((id) => ({
    id,
    done: done.includes(id),
  })),
  complete: done.length === 7,
})

function renderHome(overrides: Record<string, MockResponse> = {}, user = me) {
  const fetchMock = mockApi({
    'GET /api/onboarding': { body: onboarding() },
    'GET /api/announcements/pinned': { body: [announcement(1, true)] },
    'GET /api/announcements': { body: [announcement(2, false)] },
    'GET /api/users/discover/popular': { body: [card(2, { fullName: 'Bob Builder' }), card(3)] },
    'GET /api/hashtags/popular': { body: [{ id: 5, tag: 'ReactJS', count: 12 }] },
    ...overrides,
  })
  return { ...renderWithProviders(<HomePage />, { user }), fetchMock }
}

describe('Home page', () => {
  it('welcomes the member and links to their profile', async () => {
    renderHome()
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome back, Alice!' })).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'View Your Profile' })).toHaveAttribute('href', '/profile/alice')
    expect(await screen.findByRole('link', { name: 'Bob Builder' })).toBeInTheDocument()
  })

  it('renders every section with data', async () => {
    const { fetchMock } = renderHome()
    const announcements = await screen.findByRole('region', { name: 'Announcements' })
    expect(within(announcements).getByText('Announcement 1')).toBeInTheDocument()
    expect(within(announcements).getByText('Announcement 2')).toBeInTheDocument()

    // Drawn once the announcements above it are in place.
    const people = await screen.findByRole('region', { name: 'Discover People' })
    expect(await within(people).findByRole('link', { name: 'Bob Builder' })).toHaveAttribute(
      'href',
      '/profile/member2',
    )
    expect(within(people).getByRole('link', { name: /View all/ })).toHaveAttribute('href', '/discover')
    // The home grid takes the popular list as the server gives it (12 by default).
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain('/api/users/discover/popular')

    const tag = await screen.findByRole('link', { name: /#ReactJS/ })
    expect(tag).toHaveAttribute('href', '/discover?tag=ReactJS')
    expect(tag).toHaveTextContent('12')
  })

  it('greets a member who registered today as new, not "Welcome back"', async () => {
    renderHome(
      {},
      makeUser({ fullName: 'Nora Quinn', createdAt: new Date(Date.now() - 5 * 60_000).toISOString() }),
    )
    expect(screen.getByRole('heading', { level: 1, name: 'Welcome to Vouched, Nora!' })).toBeInTheDocument()
    expect(screen.queryByText(/Welcome back/)).not.toBeInTheDocument()
    await screen.findByRole('link', { name: 'Bob Builder' })
  })

  it('puts the checklist at the top, above the announcements and people, open steps first with their links', async () => {
    renderHome({ 'GET /api/onboarding': { body: onboarding(['title', 'bio']) } })
    const checklist = await screen.findByRole('region', { name: 'Getting Started' })
    expect(within(checklist).getByText('2 of 7 done')).toBeInTheDocument()
    expect(within(checklist).getByRole('progressbar', { name: 'Profile completeness' })).toHaveAttribute(
      'aria-valuenow',
      '29',
    )
    const items = within(checklist).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^Add a profile picture \(to do\)/),
      expect.stringMatching(/^Add your location/),
      expect.stringMatching(/^Verify your work email/),
      expect.stringMatching(/^Make your first connection/),
      expect.stringMatching(/^Give your first endorsement/),
      'Add your job title (done)',
      'Write a short bio (done)',
    ])
    expect(
      within(checklist).getByRole('link', { name: 'Add picture: Add a profile picture' }),
    ).toHaveAttribute('href', '/profile/alice')
    expect(
      within(checklist).getByRole('link', { name: 'Find people: Make your first connection' }),
    ).toHaveAttribute('href', '/discover')
    expect(
      within(checklist).getByRole('link', { name: 'Endorse someone: Give your first endorsement' }),
    ).toHaveAttribute('href', '/discover')

    // Before the announcements and the twelve people cards in the page's order.
    const people = await screen.findByRole('region', { name: 'Discover People' })
    const announcements = screen.getByRole('region', { name: 'Announcements' })
    const follows = (a: Element, b: Element) =>
      Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING)
    expect(follows(checklist, announcements)).toBe(true)
    expect(follows(checklist, people)).toBe(true)
  })

  it('leaves the checklist out once every step is done, and keeps the ask-to-vouch link beside the hashtags', async () => {
    renderHome({
      'GET /api/onboarding': {
        body: onboarding([
          'picture',
          'title',
          'bio',
          'location',
          'workEmail',
          'connection',
          'endorsementGiven',
        ]),
      },
    })
    const trending = await screen.findByRole('complementary', { name: 'Trending' })
    expect(
      within(trending).getByRole('region', { name: 'Ask a colleague to vouch for you' }),
    ).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Getting Started' })).not.toBeInTheDocument()
  })

  it('still shows the page when the checklist cannot load', async () => {
    renderHome({ 'GET /api/onboarding': { status: 500, body: { message: 'Boom', code: 'INTERNAL' } } })
    expect(await screen.findByRole('link', { name: 'Bob Builder' })).toBeInTheDocument()
    expect(screen.queryByRole('region', { name: 'Getting Started' })).not.toBeInTheDocument()
  })

  it('never shows the member themself or the user named admin', async () => {
    renderHome({
      'GET /api/users/discover/popular': {
        body: [
          card(1, { username: 'alice', fullName: 'Alice Martin' }),
          card(4, { username: 'Admin' }),
          card(5, { fullName: 'Kept' }),
        ],
      },
    })
    const people = await screen.findByRole('region', { name: 'Discover People' })
    expect(await within(people).findByRole('link', { name: 'Kept' })).toBeInTheDocument()
    expect(within(people).getAllByTestId('user-card')).toHaveLength(1)
  })

  it('hides announcements when there are none', async () => {
    renderHome({ 'GET /api/announcements/pinned': { body: [] }, 'GET /api/announcements': { body: [] } })
    await screen.findByRole('link', { name: 'Bob Builder' })
    expect(screen.queryByRole('region', { name: 'Announcements' })).not.toBeInTheDocument()
    expect(screen.queryByText(DISCOVERY_MESSAGES.announcementsError)).not.toBeInTheDocument()
  })

  it('says when no hashtag was used yet', async () => {
    renderHome({ 'GET /api/hashtags/popular': { body: [] } })
    expect(await screen.findByText(DISCOVERY_MESSAGES.noHashtags)).toBeInTheDocument()
  })

  it('shows each section its own error', async () => {
    const failure = { status: 500, body: { message: 'Internal server error', code: 'INTERNAL' } }
    renderHome({
      'GET /api/announcements/pinned': failure,
      'GET /api/users/discover/popular': failure,
      'GET /api/hashtags/popular': failure,
    })
    expect(await screen.findByText(DISCOVERY_MESSAGES.announcementsError)).toBeInTheDocument()
    expect(await screen.findByText(DISCOVERY_MESSAGES.usersError)).toBeInTheDocument()
    expect(await screen.findByText(DISCOVERY_MESSAGES.hashtagsError)).toBeInTheDocument()
  })

  it('opens the endorsement dialog from a card', async () => {
    const { user } = renderHome()
    await user.click(await screen.findByRole('button', { name: 'Endorse Bob Builder' }))
    expect(await screen.findByRole('dialog', { name: 'Endorse Bob Builder' })).toBeInTheDocument()
  })

  describe('From the fediverse', () => {
    const settings = (federationAvailable: boolean, federated: boolean) => ({
      body: {
        reviewEndorsements: false,
        colorScheme: null,
        digest: 'off',
        locale: null,
        federated,
        federationAvailable,
      },
    })
    const feed = {
      body: {
        items: [
          {
            id: 1,
            author: { handle: '@dora@vouched.example', name: 'Dora Remote', avatarUrl: null, url: null },
            text: 'Hello from afar',
            url: null,
            published: new Date().toISOString(),
            isVouch: false,
          },
        ],
        nextCursor: null,
      },
    }

    it('lists the posts of followed accounts where the instance federates and the member publishes', async () => {
      renderHome({ 'GET /api/account/settings': settings(true, true), 'GET /api/federation/feed': feed })
      const section = await screen.findByRole('region', { name: 'From the fediverse' })
      expect(await within(section).findByText('Hello from afar')).toBeInTheDocument()
    })

    it('is not shown to a member who does not publish, nor where the instance does not federate', async () => {
      for (const [available, federated] of [
        [true, false],
        [false, false],
      ] as const) {
        const { fetchMock, unmount } = renderHome({
          'GET /api/account/settings': settings(available, federated),
          'GET /api/federation/feed': feed,
        })
        await screen.findByRole('region', { name: 'Discover People' })
        expect(screen.queryByRole('region', { name: 'From the fediverse' })).not.toBeInTheDocument()
        const paths = fetchMock.mock.calls.map(
          ([input]) => new URL(String(input), 'http://localhost').pathname,
        )
        expect(paths).toContain('/api/account/settings')
        expect(paths).not.toContain('/api/federation/feed')
        unmount()
      }
    })
  })
})
