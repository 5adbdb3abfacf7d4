import { screen, waitFor, within } from '@testing-library/react'
import type { TUserCard } from '@vouched/shared/discovery'
import { DISCOVERY_MESSAGES } from '@vouched/shared/discovery.constants'
import { describe, expect, it, vi } from 'vitest'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { DiscoverView } from './discover-view'

const card = (id: number, overrides: Partial<TUserCard> = {}): TUserCard => ({
  id,
  username: `member${id}`,
  fullName: `Member ${id}`,
  title: null,
  profilePicture: null,
  reputationScore: 10,
  topHashtags: [],
  matchCount: 0,
  totalHashtags: 0,
  isVerified: false,
  vouchCount: 1,
  activityScore: 0,
  ...overrides,
})

const TAGS = Array.from({ length: 12 }, (_, i) => ({ id: i + 1, tag: `Tag${i + 1}`, count: 20 - i }))

function setup(route: string, handlers: Parameters<typeof mockApi>[0] = {}) {
  const fetchMock = mockApi({
    'GET /api/users/discover/popular': { body: [card(1, { fullName: 'Popular Person' })] },
    'GET /api/hashtags/popular': { body: TAGS.slice(0, 10) },
    'GET /api/search': { body: [card(2, { fullName: 'Found Person' })] },
    ...handlers,
  })
  const view = renderWithProviders(<DiscoverView />, { route, user: makeUser() })
  const searches = () =>
    fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/search')
      .map((url) => Object.fromEntries(url.searchParams))
  const location = () => screen.getByTestId('location').textContent
  return { ...view, fetchMock, searches, location }
}

const queryInput = () => screen.getByLabelText('Search', { selector: 'input' })
const searchButton = () => screen.getByRole('button', { name: 'Search' })

describe('DiscoverView without a query', () => {
  it('shows popular members (12 asked) and up to 10 popular tag chips', async () => {
    const { fetchMock } = setup('/discover')
    expect(
      screen.getByRole('heading', { level: 1, name: DISCOVERY_MESSAGES.discoverHeading }),
    ).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Popular Person' })).toHaveAttribute(
      'href',
      '/profile/member1',
    )
    const chips = await screen.findAllByRole('button', { name: /^#Tag/ })
    expect(chips).toHaveLength(10)
    const urls = fetchMock.mock.calls.map(([input]) => String(input))
    expect(urls).toContain('/api/users/discover/popular?limit=12')
    expect(urls.some((u) => u.startsWith('/api/search'))).toBe(false)
  })

  it('says so when nobody can be shown', async () => {
    setup('/discover', { 'GET /api/users/discover/popular': { body: [] } })
    expect(await screen.findByText(DISCOVERY_MESSAGES.noUsers)).toBeInTheDocument()
  })

  it('keeps Search disabled while the text is blank and searches what was typed', async () => {
    const { user, location, searches } = setup('/discover')
    expect(searchButton()).toBeDisabled()
    await user.type(queryInput(), '   ')
    expect(searchButton()).toBeDisabled()
    await user.clear(queryInput())
    await user.type(queryInput(), 'jane')
    await user.selectOptions(screen.getByLabelText('Search type'), 'user')
    await user.selectOptions(screen.getByLabelText('Sort by'), 'active')
    await user.click(searchButton())
    expect(location()).toBe('/discover?q=jane&type=user&sort=active')
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Search Results for "jane"' }),
    ).toBeInTheDocument()
    expect(await screen.findByRole('link', { name: 'Found Person' })).toBeInTheDocument()
    expect(searches()).toEqual([{ q: 'jane', type: 'user', sort: 'active' }])
  })

  it('searches a chip as a hashtag', async () => {
    const { user, location, searches } = setup('/discover?sort=recent')
    await user.click(await screen.findByRole('button', { name: '#Tag3' }))
    expect(location()).toBe('/discover?tag=Tag3&sort=recent')
    await screen.findByRole('link', { name: 'Found Person' })
    expect(searches()).toEqual([{ q: 'Tag3', type: 'hashtag', sort: 'recent' }])
    expect(queryInput()).toHaveValue('Tag3')
    expect(screen.getByLabelText('Search type')).toHaveValue('hashtag')
  })

  it('appends a chip to a comma list of hashtags being typed, once', async () => {
    const { user, location, searches } = setup('/discover')
    await user.selectOptions(screen.getByLabelText('Search type'), 'hashtag')
    await user.type(queryInput(), 'Tag1,')
    await user.click(await screen.findByRole('button', { name: '#Tag2' }))
    expect(queryInput()).toHaveValue('Tag1, Tag2')
    await user.click(screen.getByRole('button', { name: '#Tag1' }))
    expect(queryInput()).toHaveValue('Tag1, Tag2')
    expect(location()).toBe('/discover')
    expect(searches()).toEqual([])
    await user.click(searchButton())
    expect(location()).toBe('/discover?tag=Tag1%2C+Tag2&sort=reputation')
  })
})

describe('DiscoverView with a query', () => {
  it('prefills the form from tag and sort and searches hashtags', async () => {
    const { searches } = setup('/discover?tag=ReactJS&sort=active')
    expect(
      screen.getByRole('heading', { level: 1, name: 'Search Results for "ReactJS"' }),
    ).toBeInTheDocument()
    expect(queryInput()).toHaveValue('ReactJS')
    expect(screen.getByLabelText('Search type')).toHaveValue('hashtag')
    expect(screen.getByLabelText('Sort by')).toHaveValue('active')
    await screen.findByRole('link', { name: 'Found Person' })
    expect(searches()).toEqual([{ q: 'ReactJS', type: 'hashtag', sort: 'active' }])
    // No chips while showing results, and no note for a single tag.
    expect(screen.queryByRole('button', { name: /^#Tag/ })).not.toBeInTheDocument()
    expect(screen.queryByText(DISCOVERY_MESSAGES.multiHashtagNote)).not.toBeInTheDocument()
  })

  it('prefills q and searches everything when no type is given', async () => {
    const { searches } = setup('/discover?q=jane&sort=reputation')
    expect(queryInput()).toHaveValue('jane')
    expect(screen.getByLabelText('Search type')).toHaveValue('all')
    await screen.findByRole('link', { name: 'Found Person' })
    expect(searches()).toEqual([{ q: 'jane', sort: 'reputation' }])
  })

  it('explains how several hashtags rank and shows match badges', async () => {
    setup('/discover?tag=ReactJS,NodeJS', {
      'GET /api/search': {
        body: [
          card(3, { fullName: 'Both Tags', matchCount: 2, totalHashtags: 2 }),
          card(4, { fullName: 'One Tag', matchCount: 1, totalHashtags: 2 }),
        ],
      },
    })
    expect(screen.getByText(DISCOVERY_MESSAGES.multiHashtagNote)).toBeInTheDocument()
    const both = (await screen.findByRole('link', { name: 'Both Tags' })).closest(
      '[data-testid="user-card"]',
    )!
    expect(within(both as HTMLElement).getByText('Matches 2/2')).toBeInTheDocument()
    expect(within(both as HTMLElement).getByText('100% match')).toBeInTheDocument()
    const one = screen.getByRole('link', { name: 'One Tag' }).closest('[data-testid="user-card"]')!
    expect(within(one as HTMLElement).queryByText(/^Matches/)).not.toBeInTheDocument()
  })

  it('re-sorts an active search when the sort changes', async () => {
    const { user, location } = setup('/discover?q=jane&sort=reputation')
    await screen.findByRole('link', { name: 'Found Person' })
    await user.selectOptions(screen.getByLabelText('Sort by'), 'recent')
    expect(location()).toBe('/discover?q=jane&sort=recent')
  })

  it('says when nothing matched', async () => {
    setup('/discover?q=nobody', { 'GET /api/search': { body: [] } })
    expect(await screen.findByText(DISCOVERY_MESSAGES.noResults)).toBeInTheDocument()
    expect(screen.queryByTestId('result-count')).not.toBeInTheDocument()
  })

  it.each([
    [1, '1 person'],
    [12, '12 people'],
    [50, 'First 50 people'],
  ])('counts %i results as "%s"', async (size, text) => {
    setup('/discover?q=many', {
      'GET /api/search': { body: Array.from({ length: size }, (_, i) => card(i + 10)) },
    })
    expect(await screen.findByTestId('result-count')).toHaveTextContent(text)
    expect(screen.getAllByTestId('user-card')).toHaveLength(size)
  })

  it('counts nothing on the popular list', async () => {
    setup('/discover')
    await screen.findByRole('link', { name: 'Popular Person' })
    expect(screen.queryByTestId('result-count')).not.toBeInTheDocument()
  })

  it('shows the error text and a "Search failed" toast with the server message', async () => {
    setup('/discover?q=x', {
      'GET /api/search': {
        status: 400,
        body: { message: 'Search at most 10 hashtags at once', code: 'TOO_MANY_HASHTAGS' },
      },
    })
    expect(await screen.findByText(DISCOVERY_MESSAGES.error)).toBeInTheDocument()
    expect(await screen.findByText(DISCOVERY_MESSAGES.searchFailed)).toBeInTheDocument()
    expect(screen.getByText('Search at most 10 hashtags at once')).toBeInTheDocument()
  })

  it('disables Search while a search is loading', async () => {
    let release: (value: Response) => void = () => {}
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            release = resolve
          }),
      ),
    )
    renderWithProviders(<DiscoverView />, { route: '/discover?q=jane', user: makeUser() })
    expect(queryInput()).toHaveValue('jane')
    await waitFor(() => expect(searchButton()).toBeDisabled())
    release(new Response('[]', { headers: { 'Content-Type': 'application/json' } }))
    await waitFor(() => expect(searchButton()).toBeEnabled())
  })
})
