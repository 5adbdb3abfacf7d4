import { screen, within } from '@testing-library/react'
import type { TTrust } from '@vouched/shared/trust'
import { TRUST_MESSAGES } from '@vouched/shared/trust.constants'
import { describe, expect, it } from 'vitest'
import { changeLocale } from '../../../lib/i18n/i18n'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { TrustCard } from './trust-card'

const trust = (overrides: Partial<TTrust> = {}): TTrust => ({
  username: 'bob',
  computed: true,
  score: 2.4,
  percentile: 91.3,
  isSeed: false,
  computedAt: '2026-11-25T00:00:00.000Z',
  sources: [
    { kind: 'member', user: { id: 3, username: 'carol', fullName: 'Carol Danvers' }, share: 0.6 },
    { kind: 'member', user: { id: 4, username: 'dan', fullName: null }, share: 0.254 },
    { kind: 'seed', user: null, share: 0.004 },
  ],
  ...overrides,
})

const renderCard = (answer: { status?: number; body: unknown }) => {
  const fetchMock = mockApi({ 'GET /api/trust/bob': answer })
  renderWithProviders(<TrustCard username="bob" />, { user: makeUser({ id: 1, username: 'alice' }) })
  return fetchMock
}

describe('TrustCard', () => {
  it('shows the score, the percentile and where most of the trust comes from, linking each member', async () => {
    renderCard({ body: trust() })
    expect(await screen.findByRole('heading', { level: 2, name: 'Trust' })).toBeInTheDocument()
    expect(await screen.findByTestId('trust-score')).toHaveTextContent('2.4x')
    expect(screen.getByText(/higher than 91% of members/)).toBeInTheDocument()
    const explanation = screen.getByTestId('trust-explanation')
    expect(explanation).toHaveTextContent(
      'Most of this trust comes from Carol Danvers (60%), dan (25%) and being a seed member (<1%).',
    )
    expect(within(explanation).getByRole('link', { name: 'Carol Danvers' })).toHaveAttribute(
      'href',
      '/profile/carol',
    )
    expect(within(explanation).getByRole('link', { name: 'dan' })).toHaveAttribute('href', '/profile/dan')
    expect(screen.queryByText('Seed member')).not.toBeInTheDocument()
  })

  it('marks a seed member', async () => {
    renderCard({ body: trust({ isSeed: true, sources: [{ kind: 'seed', user: null, share: 1 }] }) })
    expect(await screen.findByText('Seed member')).toBeInTheDocument()
    expect(screen.getByTestId('trust-explanation')).toHaveTextContent(
      'Most of this trust comes from being a seed member (100%).',
    )
  })

  it('says so when no trust reaches the member', async () => {
    renderCard({ body: trust({ score: 0, percentile: 0, sources: [] }) })
    expect(await screen.findByText(/No trust reaches this member yet/)).toBeInTheDocument()
    expect(screen.queryByTestId('trust-score')).not.toBeInTheDocument()
  })

  it('says the score is not computed yet', async () => {
    renderCard({ body: trust({ computed: false, score: 0, percentile: 0, sources: [], computedAt: null }) })
    expect(await screen.findByText(TRUST_MESSAGES.notComputed)).toBeInTheDocument()
  })

  it('says it failed to load', async () => {
    renderCard({ status: 500, body: { message: 'Internal error', code: 'INTERNAL' } })
    expect(await screen.findByText(TRUST_MESSAGES.loadFailed)).toBeInTheDocument()
  })

  it('explains trust from members the viewer cannot see without naming them', async () => {
    renderCard({ body: trust({ sources: [] }) })
    expect(await screen.findByTestId('trust-explanation')).toHaveTextContent(
      'It comes from members you cannot see.',
    )
  })

  it('speaks German, the sources still linked inside one sentence', async () => {
    await changeLocale('de')
    renderCard({ body: trust({ isSeed: true }) })
    expect(await screen.findByRole('heading', { level: 2, name: 'Vertrauen' })).toBeInTheDocument()
    expect(await screen.findByText(/höher als bei 91 % der Mitglieder/)).toBeInTheDocument()
    expect(screen.getByText('Startmitglied')).toBeInTheDocument()
    const explanation = screen.getByTestId('trust-explanation')
    expect(explanation).toHaveTextContent(
      /^Der größte Teil dieses Vertrauens stammt von Carol Danvers \(60%\), dan \(25%\) und .+\.$/,
    )
    expect(within(explanation).getByRole('link', { name: 'Carol Danvers' })).toHaveAttribute(
      'href',
      '/profile/carol',
    )
  })

  it('names the seed source and the shared messages in German', async () => {
    await changeLocale('de')
    renderCard({ body: trust({ isSeed: true, sources: [{ kind: 'seed', user: null, share: 1 }] }) })
    expect(await screen.findByTestId('trust-explanation')).toHaveTextContent(
      'Der größte Teil dieses Vertrauens stammt von dem Status als Startmitglied (100%).',
    )
  })

  it('says in German that the score is not computed yet', async () => {
    await changeLocale('de')
    renderCard({ body: trust({ computed: false, score: 0, percentile: 0, sources: [], computedAt: null }) })
    expect(await screen.findByText(/^Noch nicht berechnet: Das Vertrauen/)).toBeInTheDocument()
    expect(screen.queryByText(TRUST_MESSAGES.notComputed)).not.toBeInTheDocument()
  })
})
