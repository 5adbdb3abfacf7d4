import { screen, within } from '@testing-library/react'
import type { TUserCard } from '@vouched/shared/discovery'
import { describe, expect, it, vi } from 'vitest'
import { changeLocale } from '../../../lib/i18n/i18n'
import { renderWithProviders } from '../../../test/render'
import { UserCard } from './user-card'

const makeCard = (overrides: Partial<TUserCard> = {}): TUserCard => ({
  id: 7,
  username: 'jdoe',
  fullName: 'Jane Doe',
  title: 'Staff Engineer',
  profilePicture: null,
  reputationScore: 37.5,
  topHashtags: ['TypeScript', 'Leadership', 'Testing'],
  matchCount: 0,
  totalHashtags: 0,
  isVerified: true,
  vouchCount: 4,
  activityScore: 2,
  ...overrides,
})

describe('UserCard', () => {
  it('links the member to their profile and shows reputation, title and two top hashtags', () => {
    renderWithProviders(<UserCard card={makeCard()} />)
    expect(screen.getByRole('link', { name: 'Jane Doe' })).toHaveAttribute('href', '/profile/jdoe')
    expect(screen.getByRole('link', { name: 'View profile of Jane Doe' })).toHaveAttribute(
      'href',
      '/profile/jdoe',
    )
    expect(screen.getByText('@jdoe')).toBeInTheDocument()
    expect(screen.getByText('Staff Engineer')).toBeInTheDocument()
    expect(screen.getByText('37.5')).toBeInTheDocument()
    expect(screen.getByRole('img', { name: 'Verified' })).toBeInTheDocument()
    const tags = screen.getByRole('list', { name: 'Top hashtags of Jane Doe' })
    expect(tags).toHaveTextContent('#TypeScript')
    expect(tags).toHaveTextContent('#Leadership')
    expect(tags).not.toHaveTextContent('#Testing')
  })

  it.each([
    [0, 0],
    [1, 2],
  ])('shows no match badge for %i of %i tags', (matchCount, totalHashtags) => {
    renderWithProviders(<UserCard card={makeCard({ matchCount, totalHashtags })} />)
    expect(screen.queryByText(/^Matches/)).not.toBeInTheDocument()
    expect(screen.queryByText(/% match$/)).not.toBeInTheDocument()
  })

  it.each([
    [2, 2, 'Matches 2/2', '100% match'],
    [2, 3, 'Matches 2/3', '67% match'],
    [3, 4, 'Matches 3/4', '75% match'],
  ])('shows "Matches %i/%i" with its percent', (matchCount, totalHashtags, matches, percent) => {
    renderWithProviders(<UserCard card={makeCard({ matchCount, totalHashtags })} />)
    expect(screen.getByText(matches)).toBeInTheDocument()
    expect(screen.getByText(percent)).toBeInTheDocument()
  })

  it('offers Endorse only when the page can open the dialog', async () => {
    const onEndorse = vi.fn()
    const card = makeCard({ fullName: null })
    const { user, rerender } = renderWithProviders(<UserCard card={card} />)
    expect(screen.queryByRole('button', { name: /Endorse/ })).not.toBeInTheDocument()
    rerender(<UserCard card={card} onEndorse={onEndorse} />)
    await user.click(screen.getByRole('button', { name: 'Endorse jdoe' }))
    expect(onEndorse).toHaveBeenCalledWith(card)
  })

  it('says which searched hashtags the member matched, with their endorsement counts', () => {
    const card = makeCard({
      matchedHashtags: [
        { tag: 'NodeJS', count: 7 },
        { tag: 'ReactJS', count: 1 },
      ],
    })
    renderWithProviders(<UserCard card={card} />)
    const matched = screen.getByRole('list', { name: 'Matched' })
    const items = within(matched).getAllByRole('listitem')
    expect(items.map((item) => item.textContent)).toEqual(['#NodeJS7 endorsements', '#ReactJS1 endorsement'])
  })

  it('shows no matched list outside hashtag searches', () => {
    renderWithProviders(<UserCard card={makeCard({ matchedHashtags: [] })} />)
    expect(screen.queryByRole('list', { name: 'Matched' })).not.toBeInTheDocument()
  })

  it('speaks German: labels, match badges and counted endorsements', async () => {
    await changeLocale('de')
    const onEndorse = vi.fn()
    const card = makeCard({
      matchCount: 2,
      totalHashtags: 3,
      matchedHashtags: [
        { tag: 'TypeScript', count: 1 },
        { tag: 'Leadership', count: 4 },
      ],
    })
    const { user } = renderWithProviders(<UserCard card={card} onEndorse={onEndorse} />)
    expect(screen.getByRole('link', { name: 'Profil von Jane Doe ansehen' })).toHaveTextContent(
      'Profil ansehen',
    )
    expect(screen.getByRole('img', { name: 'Verifiziert' })).toBeInTheDocument()
    expect(screen.getByText('Treffer 2/3')).toBeInTheDocument()
    expect(screen.getByText(/% Übereinstimmung$/)).toBeInTheDocument()
    const matched = screen.getByRole('list', { name: 'Gefunden' })
    expect(matched).toHaveTextContent('#TypeScript1 Empfehlung')
    expect(matched).toHaveTextContent('#Leadership4 Empfehlungen')
    expect(screen.getByRole('list', { name: 'Top-Hashtags von Jane Doe' })).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'Jane Doe empfehlen' }))
    expect(onEndorse).toHaveBeenCalledWith(card)
  })
})
