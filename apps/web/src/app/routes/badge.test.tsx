import { screen, waitFor } from '@testing-library/react'
import { parseHashtagList, type TBadgeEmbed } from '@vouched/shared/badges'
import { describe, expect, it, vi } from 'vitest'
import { makeUser, mockApi, renderApp } from '../../test/render'

const BASE = 'http://localhost:3000'

function embedFor(url: string): TBadgeEmbed {
  const selected = parseHashtagList(new URL(url, BASE).searchParams.get('hashtags')).filter(
    (t) => t !== 'Unknown',
  )
  const query = selected.length ? `hashtags=${encodeURIComponent(selected.join(','))}` : ''
  return {
    badgeUrl: `${BASE}/api/badge/alice?format=png${query ? `&${query}` : ''}`,
    badgePageUrl: `${BASE}/badge/alice${query ? `?${query}` : ''}`,
    embedCode: '<a></a>',
    profileUrl: `${BASE}/profile/alice`,
    reputationScore: 80,
    hashtags: ['TypeScript', 'Leadership', 'Agile', 'Mentorship'],
    selectedHashtags: selected,
  }
}

const meta = (selector: string) => document.head.querySelector(selector)?.getAttribute('content')

describe('Public badge page', () => {
  it('shows the badge to a visitor in a 350 px iframe, with title and meta tags from username and skills', async () => {
    const fetchMock = mockApi({ 'GET /api/badge/alice/embed': ({ url }) => ({ body: embedFor(url) }) })
    renderApp('/badge/alice?hashtags=Agile,Unknown,Leadership', { user: null })
    expect(await screen.findByRole('heading', { level: 1, name: '@alice' })).toBeInTheDocument()
    const frame = await screen.findByTitle("alice's reputation badge")
    expect(frame).toHaveAttribute('height', '350')
    const src = new URL(frame.getAttribute('src')!, BASE)
    expect(src.searchParams.get('hashtags')).toBe('Agile,Leadership')
    expect(src.searchParams.get('timestamp')).toMatch(/^\d+$/)
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/badge/alice/embed?hashtags=Agile%2CUnknown%2CLeadership')
    await waitFor(() => expect(document.title).toBe("alice's Vouched badge: #Agile, #Leadership"))
    expect(meta('meta[property="og:image"]')).toBe(
      `${BASE}/api/badge/alice?format=png&hashtags=Agile%2CLeadership`,
    )
    expect(meta('meta[name="twitter:card"]')).toBe('summary_large_image')
    expect(meta('meta[property="og:title"]')).toBe("alice's Vouched badge: #Agile, #Leadership")
    expect(screen.getByRole('link', { name: /Join Vouched/ })).toHaveAttribute('href', '/')
    expect(screen.getByRole('link', { name: 'Verify a badge' })).toHaveAttribute('href', '/verify')
  })

  it('names the top 3 skills in the title when none are chosen', async () => {
    mockApi({ 'GET /api/badge/alice/embed': ({ url }) => ({ body: embedFor(url) }) })
    renderApp('/badge/alice', { user: null })
    await waitFor(() =>
      expect(document.title).toBe("alice's Vouched badge: #TypeScript, #Leadership, #Agile"),
    )
  })

  it('copies the link when the browser has no share sheet', async () => {
    mockApi({ 'GET /api/badge/alice/embed': ({ url }) => ({ body: embedFor(url) }) })
    const { user } = renderApp('/badge/alice', { user: makeUser({ username: 'bob' }) })
    await user.click(await screen.findByRole('button', { name: 'Share Badge' }))
    expect(await screen.findByText('Link copied')).toBeInTheDocument()
    expect(await navigator.clipboard.readText()).toBe(`${BASE}/badge/alice`)
  })

  it('uses the native share sheet when there is one', async () => {
    mockApi({ 'GET /api/badge/alice/embed': ({ url }) => ({ body: embedFor(url) }) })
    const share = vi.fn().mockResolvedValue(undefined)
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { share }))
    const { user } = renderApp('/badge/alice', { user: null })
    await user.click(await screen.findByRole('button', { name: 'Share Badge' }))
    expect(share).toHaveBeenCalledWith(expect.objectContaining({ url: `${BASE}/badge/alice` }))
  })

  it("says 'User not found' with a way home for an unknown member", async () => {
    mockApi({
      'GET /api/badge/ghost/embed': { status: 404, body: { message: 'Member not found', code: 'NOT_FOUND' } },
    })
    renderApp('/badge/ghost', { user: null })
    expect(await screen.findByText('User not found')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Go to Homepage' })).toHaveAttribute('href', '/')
    expect(screen.queryByTitle("ghost's reputation badge")).not.toBeInTheDocument()
  })
})
