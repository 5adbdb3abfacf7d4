import { screen, within } from '@testing-library/react'
import type { TProfileUser } from '@vouched/shared/profiles'
import { describe, expect, it } from 'vitest'
import { changeLocale } from '../../../lib/i18n/i18n'
import { makeUser, renderWithProviders } from '../../../test/render'
import { medalName } from './medal-list'
import { ProfileHeader } from './profile-header'
import { ProfileStats } from './profile-stats'

const medal = {
  id: 4,
  userId: 1,
  skillName: 'Rust',
  tier: 'gold' as const,
  lastEndorsedAt: '2026-01-01T00:00:00.000Z',
  endorsementCount: 12,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
}
const { email: _email, workEmail: _workEmail, ...self } = makeUser({ isVerified: true })
const user: TProfileUser = { ...self, activityScore: 3, topHashtags: [], medals: [medal] }

describe('ProfileHeader in German', () => {
  it('names medals, reputation and tools in German, and in English again after', async () => {
    expect(medalName(medal)).toBe('Gold medal in #Rust')
    await changeLocale('de')
    expect(medalName(medal)).toBe('Goldmedaille in #Rust')
    renderWithProviders(
      <>
        <ProfileHeader user={user} reputationScore={12.5} isOwn />
        <ProfileStats user={user} />
      </>,
      { user: makeUser() },
    )
    const medals = screen.getByRole('list', { name: 'Medaillen' })
    const item = within(medals).getByRole('listitem')
    expect(item).toHaveTextContent('Goldmedaille in #Rust')
    expect(item).toHaveAttribute('title', 'Goldmedaille: 12 Empfehlungen für Rust')
    expect(screen.getByRole('img', { name: 'Verifiziert' })).toBeInTheDocument()
    expect(screen.getByText('Reputation')).toBeInTheDocument()
    expect(screen.getByText('12,5')).toBeInTheDocument()
    expect(screen.getByRole('link', { name: 'Badge teilen' })).toHaveAttribute('href', '/share-badge/alice')
    expect(screen.getByRole('button', { name: 'Profil bearbeiten' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Profilbild ändern' })).toBeInTheDocument()
    expect(screen.getByText('Erhaltene Empfehlungen')).toBeInTheDocument()
    expect(screen.getByText('Mitglied seit')).toBeInTheDocument()
  })
})
