import { act, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
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
})
