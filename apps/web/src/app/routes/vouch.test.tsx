import type { TComment, TEndorsement } from '@vouched/shared/endorsements'
import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { makeUser, mockApi, renderApp } from '../../test/render'

const endorsement = (overrides: Partial<TEndorsement> = {}): TEndorsement => ({
  id: 42,
  fromUserId: 2,
  toUserId: 1,
  category: 'Leadership',
  note: 'Ran our incident reviews',
  isAnonymous: false,
  contentType: null,
  contentUrl: null,
  likeCount: 2,
  commentCount: 1,
  engagementWeight: 1.2,
  createdAt: new Date().toISOString(),
  fromUsername: 'bob',
  fromFullName: 'Bob Stone',
  fromProfilePicture: null,
  fromUser: { id: 2, username: 'bob', fullName: 'Bob Stone', profilePicture: null, isVerified: false },
  toUser: { id: 1, username: 'alice', fullName: 'Alice Martin', profilePicture: null, isVerified: false },
  hashtags: ['Mentoring'],
  verified: false,
  hasLiked: false,
  ...overrides,
})

const comment: TComment = {
  id: 9,
  vouchId: 42,
  userId: 3,
  comment: 'Seconded, great facilitator',
  createdAt: new Date().toISOString(),
  username: 'carol',
  fullName: 'Carol Diaz',
  profilePicture: null,
}

describe('/vouches/:id', () => {
  it('shows the endorsement a notification is about with its comments open', async () => {
    mockApi({
      'GET /api/vouches/42': { body: endorsement() },
      'GET /api/vouches/42/comments': { body: [comment] },
    })
    renderApp('/vouches/42', { user: makeUser() })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'An endorsement you received' }),
    ).toBeInTheDocument()
    const card = screen.getByRole('article', { name: 'Endorsement from Bob Stone' })
    expect(within(card).getByText('Ran our incident reviews')).toBeInTheDocument()
    expect(within(card).getByRole('button', { name: '1 Comment' })).toHaveAttribute('aria-expanded', 'true')
    expect(await within(card).findByText('Seconded, great facilitator')).toBeInTheDocument()
    expect(within(card).getByRole('link', { name: 'Verifiable: check this endorsement' })).toHaveAttribute(
      'href',
      '/verify?vouch=42',
    )
    expect(screen.getByRole('link', { name: 'See all your endorsements' })).toHaveAttribute(
      'href',
      '/profile/alice',
    )
  })

  it('names the receiver for anyone else and keeps an anonymous endorser hidden', async () => {
    mockApi({
      'GET /api/vouches/42': {
        body: endorsement({
          toUserId: 5,
          toUser: { id: 5, username: 'dan', fullName: 'Dan Ito', profilePicture: null, isVerified: false },
          isAnonymous: true,
          fromUserId: null,
          fromUsername: null,
          fromFullName: null,
          fromUser: null,
        }),
      },
      'GET /api/vouches/42/comments': { body: [] },
    })
    renderApp('/vouches/42', { user: makeUser() })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Endorsement of Dan Ito' }),
    ).toBeInTheDocument()
    const card = screen.getByRole('article', { name: 'Endorsement from Anonymous' })
    expect(within(card).queryByRole('link', { name: /Verifiable/ })).not.toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'See Dan Ito’s profile' })).toHaveAttribute(
      'href',
      '/profile/dan',
    )
  })

  it.each([
    ['hidden or deleted (404)', '/vouches/42', 404],
    ['not an id', '/vouches/abc', 0],
  ])('says plainly when the endorsement is %s', async (_, route, status) => {
    mockApi({
      'GET /api/vouches/42': { status, body: { message: 'Endorsement not found', code: 'NOT_FOUND' } },
    })
    renderApp(route, { user: makeUser() })
    expect(
      await screen.findByRole('heading', { level: 1, name: 'This endorsement is not available' }),
    ).toBeInTheDocument()
    expect(
      screen.getByText('It may have been deleted, or hidden by the member who received it.'),
    ).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Back to notifications' })).toHaveAttribute(
      'href',
      '/notifications',
    )
  })

  it('tells a failure to load apart from a missing endorsement', async () => {
    mockApi({ 'GET /api/vouches/42': { status: 500, body: { message: 'Boom', code: 'INTERNAL' } } })
    renderApp('/vouches/42', { user: makeUser() })
    expect(await screen.findByText('Failed to load this endorsement')).toBeInTheDocument()
  })
})
