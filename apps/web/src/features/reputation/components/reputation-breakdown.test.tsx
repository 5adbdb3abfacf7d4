import { screen, within } from '@testing-library/react'
import type { TReputation, TReputationItem } from '@vouched/shared/reputation'
import { describe, expect, it } from 'vitest'
import { changeLocale } from '../../../lib/i18n/i18n'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { ReputationBreakdown } from './reputation-breakdown'

const item = (overrides: Partial<TReputationItem>): TReputationItem => ({
  id: 1,
  category: 'Leadership',
  createdAt: new Date().toISOString(),
  isAnonymous: false,
  fromUser: { id: 2, username: 'bob', fullName: 'Bob Stone' },
  basePoints: 10,
  factors: [],
  hidden: false,
  hiddenReason: null,
  reciprocal: false,
  points: 10,
  ...overrides,
})

const reputation = (overrides: Partial<TReputation>): TReputation => ({
  reputationScore: 22.5,
  countedEndorsements: 2,
  hiddenEndorsements: 0,
  total: 2,
  endorsements: [item({}), item({ id: 2, isAnonymous: true, fromUser: null, points: 12.5 })],
  ...overrides,
})

const renderBreakdown = (body: TReputation) => {
  mockApi({ 'GET /api/reputation/me': { body } })
  renderWithProviders(<ReputationBreakdown />, { user: makeUser() })
}

describe('ReputationBreakdown', () => {
  it('sums the points in English, one plural for one endorsement', async () => {
    renderBreakdown(
      reputation({
        reputationScore: 10,
        countedEndorsements: 1,
        hiddenEndorsements: 1,
        endorsements: [item({})],
      }),
    )
    expect(await screen.findByText(/points from 1 endorsement \(1 hidden\)$/)).toHaveTextContent(
      '10.0 points from 1 endorsement (1 hidden)',
    )
    expect(screen.getByText('10 pts')).toHaveAccessibleName('10 points')
  })

  it('says how much vouches from other servers add, when they add anything', async () => {
    renderBreakdown(reputation({ reputationScore: 24.5, remotePoints: 2 }))
    expect(
      await screen.findByText(
        'Including 2.0 points from vouches accepted from other Vouched servers (2 per server, at most 10).',
      ),
    ).toBeInTheDocument()
  })

  it('explains the points in German', async () => {
    await changeLocale('de')
    renderBreakdown(reputation({}))
    expect(await screen.findByRole('heading', { name: 'Deine Reputation, erklärt' })).toBeInTheDocument()
    expect(await screen.findByText(/Punkte aus 2 Empfehlungen$/)).toHaveTextContent(
      '22,5 Punkte aus 2 Empfehlungen',
    )
    const list = screen.getByRole('list', { name: 'Punkte pro Empfehlung' })
    expect(within(list).getByText('Anonym')).toBeInTheDocument()
    expect(within(list).getAllByText('· Führung').length).toBeGreaterThan(0)
    expect(within(list).getByText('12,5 Pkt.')).toHaveAccessibleName('12,5 Punkte')
    expect(within(list).getAllByRole('button', { name: 'Diese Empfehlung ausblenden' })).toHaveLength(2)
  })
})
