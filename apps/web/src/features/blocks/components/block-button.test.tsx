import { screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { changeLocale } from '../../../lib/i18n/i18n'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { BlockButton } from './block-button'
import { BlockedMembers } from './blocked-members'

const blockedUser = { id: 7, username: 'mallory', fullName: 'Mallory Moss', profilePicture: null }

describe('blocks in German', () => {
  it('asks before blocking, in German', async () => {
    await changeLocale('de')
    mockApi({ 'GET /api/blocks': { body: { blocks: [] } } })
    const { user } = renderWithProviders(<BlockButton userId={7} name="Mallory Moss" />, { user: makeUser() })
    await user.click(await screen.findByRole('button', { name: 'Blockieren' }))
    const dialog = await screen.findByRole('alertdialog', { name: 'Mallory Moss blockieren?' })
    expect(within(dialog).getByText(/Eure Verbindung und jede offene Anfrage/)).toBeInTheDocument()
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toBeInTheDocument()
  })

  it('lists blocked members with German labels and dates', async () => {
    await changeLocale('de')
    mockApi({
      'GET /api/blocks': {
        body: { blocks: [{ user: blockedUser, createdAt: new Date(Date.now() - 5 * 60_000).toISOString() }] },
      },
    })
    renderWithProviders(<BlockedMembers />, { user: makeUser() })
    const list = await screen.findByRole('list', { name: 'Blockierte Mitglieder' })
    expect(within(list).getByText('Blockiert vor 5 Minuten')).toBeInTheDocument()
    expect(
      within(list).getByRole('button', { name: 'Mallory Moss nicht mehr blockieren' }),
    ).toBeInTheDocument()
  })
})
