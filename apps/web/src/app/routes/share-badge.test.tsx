import { screen, waitFor, within } from '@testing-library/react'
import { parseHashtagList, type TBadgeEmbed } from '@vouched/shared/badges'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { changeLocale } from '../../lib/i18n/i18n'
import { makeUser, mockApi, renderApp } from '../../test/render'

const BASE = 'http://localhost:3000'
const SKILLS = ['TypeScript', 'Leadership', 'Agile', 'Mentorship']

function embedFor(username: string, url: string): TBadgeEmbed {
  const selected = parseHashtagList(new URL(url, BASE).searchParams.get('hashtags'))
  const query = selected.length ? `&hashtags=${encodeURIComponent(selected.join(','))}` : ''
  return {
    badgeUrl: `${BASE}/api/badge/${username}?format=png${query}`,
    badgePageUrl: `${BASE}/badge/${username}${query.replace('&', '?')}`,
    embedCode: `<a href="${BASE}/badge/${username}"><img src="${BASE}/api/badge/${username}?format=png${query.replace('&', '&amp;')}" width="300" height="300" /></a>`,
    profileUrl: `${BASE}/profile/${username}`,
    reputationScore: 152.5,
    hashtags: SKILLS,
    selectedHashtags: selected,
  }
}

const mockBadgeApi = (username = 'alice') =>
  mockApi({ [`GET /api/badge/${username}/embed`]: ({ url }) => ({ body: embedFor(username, url) }) })

const frameSrc = () => new URL(screen.getByTitle(/reputation badge$/).getAttribute('src')!, BASE)

beforeEach(() => localStorage.clear())

describe('Share badge page', () => {
  it('previews the badge in a 308 px iframe whose URL follows the chosen skills with a fresh timestamp', async () => {
    const now = vi.spyOn(Date, 'now').mockReturnValue(1_000)
    mockBadgeApi()
    const { user } = renderApp('/share-badge/alice', { user: makeUser({ username: 'alice' }) })
    expect(await screen.findByRole('heading', { level: 1, name: 'Share Badge' })).toBeInTheDocument()
    const frame = await screen.findByTitle("alice's reputation badge")
    expect(frame).toHaveAttribute('height', '308')
    expect(frameSrc().pathname).toBe('/api/badge/alice')
    expect(frameSrc().searchParams.get('timestamp')).toBe('1000')
    expect(frameSrc().searchParams.get('hashtags')).toBeNull()

    now.mockReturnValue(2_000)
    await user.click(
      within(screen.getByRole('list', { name: 'Available skills' })).getByRole('button', { name: '#Agile' }),
    )
    now.mockReturnValue(3_000)
    await user.click(
      within(screen.getByRole('list', { name: 'Available skills' })).getByRole('button', {
        name: '#TypeScript',
      }),
    )
    expect(frameSrc().searchParams.get('hashtags')).toBe('Agile,TypeScript')
    expect(frameSrc().searchParams.get('timestamp')).toBe('3000')

    // The embed code is fetched again for the chosen skills.
    await user.click(screen.getByRole('tab', { name: 'Embed Code' }))
    await waitFor(() =>
      expect(screen.getByLabelText('Direct badge image URL')).toHaveValue(
        `${BASE}/api/badge/alice?format=png&hashtags=Agile%2CTypeScript`,
      ),
    )
    expect(screen.getByLabelText('Profile link')).toHaveValue(`${BASE}/profile/alice`)
    expect((screen.getByLabelText('HTML snippet') as HTMLTextAreaElement).value).toContain('<img src=')
  })

  it('asks for the badge in German on a German page, and leaves English URLs without a language', async () => {
    const fetchMock = mockBadgeApi()
    const english = renderApp('/share-badge/alice', { user: makeUser({ username: 'alice' }) })
    await screen.findByTitle("alice's reputation badge")
    expect(frameSrc().searchParams.get('lang')).toBeNull()
    english.unmount()

    await changeLocale('de')
    fetchMock.mockClear()
    const { user } = renderApp('/share-badge/alice', { user: makeUser({ username: 'alice' }) })
    const germanFrame = await screen.findByTitle('Reputations-Badge von alice')
    expect(new URL(germanFrame.getAttribute('src')!, BASE).searchParams.get('lang')).toBe('de')
    const embedUrls = () =>
      fetchMock.mock.calls
        .map(([input]) => new URL(String(input), BASE))
        .filter((u) => u.pathname.endsWith('/embed'))
    await waitFor(() => expect(embedUrls().length).toBeGreaterThan(0))
    expect(embedUrls().every((u) => u.searchParams.get('lang') === 'de')).toBe(true)
    await user.click(screen.getByRole('button', { name: 'Badge herunterladen (SVG)' }))
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([input]) => {
          const u = new URL(String(input), BASE)
          return u.pathname === '/api/badge/alice' && u.searchParams.get('lang') === 'de'
        }),
      ).toBe(true),
    )
  })

  it('writes the share text with up to 2 skills then "and N more"', async () => {
    mockBadgeApi()
    renderApp('/share-badge/alice', { user: makeUser({ username: 'alice' }) })
    expect(await screen.findByTestId('share-text')).toHaveTextContent(
      'Check out my professional reputation badge on Vouched! Endorsed for #TypeScript, #Leadership and 2 more.',
    )
    const linkedin = screen.getByRole('link', { name: 'Share on LinkedIn' })
    expect(linkedin).toHaveAttribute(
      'href',
      `https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(`${BASE}/badge/alice`)}`,
    )
    expect(screen.getByRole('link', { name: 'Share on Twitter/X' }).getAttribute('href')).toContain(
      encodeURIComponent('#TypeScript, #Leadership and 2 more'),
    )
    expect(screen.getByRole('link', { name: 'Share on Facebook' })).toHaveAttribute('target', '_blank')
    expect(screen.getByRole('link', { name: 'Share by Email' }).getAttribute('href')).toMatch(
      /^mailto:\?subject=/,
    )
  })

  it('copies the embed code with a 2-second "Copied!" confirmation', async () => {
    mockBadgeApi()
    const { user } = renderApp('/share-badge/alice', { user: makeUser({ username: 'alice' }) })
    await user.click(await screen.findByRole('tab', { name: 'Embed Code' }))
    vi.useFakeTimers({ shouldAdvanceTime: true })
    try {
      await user.click(screen.getByRole('button', { name: 'Copy HTML snippet' }))
      expect(await navigator.clipboard.readText()).toContain(`<a href="${BASE}/badge/alice">`)
      const button = screen.getByRole('button', { name: 'Copy HTML snippet' })
      expect(button).toHaveTextContent('Copied!')
      vi.advanceTimersByTime(2_100)
      await waitFor(() => expect(button).toHaveTextContent('Copy'))
      expect(button).not.toHaveTextContent('Copied!')
    } finally {
      vi.useRealTimers()
    }
  })

  it('toasts "Failed to copy" when the clipboard refuses', async () => {
    mockBadgeApi()
    const { user } = renderApp('/share-badge/alice', { user: makeUser({ username: 'alice' }) })
    await user.click(await screen.findByRole('tab', { name: 'Embed Code' }))
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'))
    await user.click(screen.getByRole('button', { name: 'Copy Profile link' }))
    expect(await screen.findByText('Failed to copy')).toBeInTheDocument()
  })

  it('draws the QR code of the profile URL', async () => {
    mockBadgeApi()
    const { user } = renderApp('/share-badge/alice', { user: makeUser({ username: 'alice' }) })
    await user.click(await screen.findByRole('tab', { name: 'QR Code' }))
    const qr = await screen.findByAltText(`QR code linking to ${BASE}/profile/alice`)
    expect(qr).toHaveAttribute('width', '200')
    expect(decodeURIComponent(qr.getAttribute('src')!)).toContain('<svg')
    expect(screen.getByRole('button', { name: 'Download QR Code (SVG)' })).toBeEnabled()
  })

  it('shows Saved Badges to the owner only', async () => {
    mockBadgeApi('bob')
    renderApp('/share-badge/bob', { user: makeUser({ username: 'alice' }) })
    expect(await screen.findByTestId('share-text')).toHaveTextContent(
      "Check out bob's professional reputation badge",
    )
    expect(screen.queryByRole('heading', { name: 'Saved Badges' })).not.toBeInTheDocument()
  })

  it('toasts "Download failed" when the SVG cannot be fetched', async () => {
    mockBadgeApi()
    const { user } = renderApp('/share-badge/alice', { user: makeUser({ username: 'alice' }) })
    await user.click(await screen.findByRole('button', { name: 'Download Badge (SVG)' }))
    expect(await screen.findByText('Download failed')).toBeInTheDocument()
    expect(screen.getByText('There was an error downloading your badge')).toBeInTheDocument()
  })

  it('shows the error state with Go Back when the badge data fails to load', async () => {
    mockApi({
      'GET /api/badge/ghost/embed': { status: 404, body: { message: 'Member not found', code: 'NOT_FOUND' } },
    })
    renderApp('/share-badge/ghost', { user: makeUser({ username: 'alice' }) })
    expect(await screen.findByText('Failed to load badge data. Please try again later.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Go Back' })).toBeInTheDocument()
  })

  it('toasts "Failed to load badge data" when the answer has no badgeUrl', async () => {
    mockApi({
      'GET /api/badge/alice/embed': ({ url }) => ({ body: { ...embedFor('alice', url), badgeUrl: '' } }),
    })
    renderApp('/share-badge/alice', { user: makeUser({ username: 'alice' }) })
    expect(await screen.findByText('Failed to load badge data')).toBeInTheDocument()
    expect(screen.getByText('Failed to load badge data. Please try again later.')).toBeInTheDocument()
  })
})
