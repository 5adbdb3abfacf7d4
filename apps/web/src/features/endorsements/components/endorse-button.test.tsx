import { act, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { changeLocale } from '../../../lib/i18n/i18n'
import { requestNewEndorsement } from '../../../lib/shortcuts'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { EndorseButton } from './endorse-button'

describe('EndorseButton and the "n" shortcut', () => {
  it('lets a profile\'s Endorse button take "n"; others leave it to the shell', async () => {
    mockApi({
      'GET /api/hashtags/popular': { body: [] },
      'GET /api/vouches/given/7': { body: { categories: [] } },
    })
    const target = { id: 7, username: 'bob', fullName: 'Bob Builder' }
    const plain = renderWithProviders(<EndorseButton target={target} />, { user: makeUser() })
    expect(requestNewEndorsement()).toBe(false)
    plain.unmount()
    renderWithProviders(<EndorseButton target={target} shortcut />, { user: makeUser() })
    let taken = false
    act(() => {
      taken = requestNewEndorsement()
    })
    expect(taken).toBe(true)
    expect(await screen.findByRole('dialog', { name: 'Endorse Bob Builder' })).toBeInTheDocument()
  })

  it('opens a German form in German', async () => {
    mockApi({
      'GET /api/hashtags/popular': { body: [] },
      'GET /api/vouches/given/7': { body: { categories: [] } },
    })
    await changeLocale('de')
    const { user } = renderWithProviders(
      <EndorseButton target={{ id: 7, username: 'bob', fullName: 'Bob Builder' }} />,
      { user: makeUser() },
    )
    await user.click(screen.getByRole('button', { name: 'Bob Builder empfehlen' }))
    const dialog = await screen.findByRole('dialog', { name: 'Empfehlung für Bob Builder' })
    expect(dialog).toHaveTextContent('Bürge für eine Fähigkeit, die du Bob Builder hast einsetzen sehen.')
    expect(await screen.findByLabelText('Notiz (optional)')).toBeInTheDocument()
    expect(screen.getByRole('switch', { name: 'Anonym empfehlen' })).toBeInTheDocument()
    expect(screen.getByText(/^Wirkung dieser Empfehlung:/)).toHaveTextContent(
      /Wirkung dieser Empfehlung: \S+x$/,
    )
    expect(screen.getByRole('button', { name: 'Empfehlung absenden' })).toBeInTheDocument()
    // The categories by their German names; what is sent stays the English value.
    expect(screen.getByRole('combobox', { name: 'Kategorie' })).toHaveTextContent('Fachliche Fähigkeiten')
    await user.click(screen.getByRole('combobox', { name: 'Kategorie' }))
    expect(await screen.findByRole('option', { name: 'Problemlösung' })).toBeInTheDocument()
    expect(screen.queryByRole('option', { name: 'Problem Solving' })).not.toBeInTheDocument()
  })
})
