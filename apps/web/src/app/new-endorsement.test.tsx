import { act, screen, waitFor } from '@testing-library/react'
import type { TSearchSuggestions } from '@vouched/shared/discovery'
import { describe, expect, it } from 'vitest'
import { makeUser, mockApi, renderWithProviders } from '../test/render'
import { openNewEndorsement } from '../lib/shortcuts'
import { CreateEndorsementButton, NewEndorsementHost } from './new-endorsement'

const SUGGESTIONS: TSearchSuggestions = {
  users: [
    {
      id: 7,
      username: 'bob',
      fullName: 'Bob Builder',
      title: 'Site Lead',
      profilePicture: null,
      isVerified: false,
    },
  ],
  hashtags: [{ id: 1, tag: 'Bobsleigh', count: 2 }],
}

function setup(suggestions: TSearchSuggestions = SUGGESTIONS) {
  const fetchMock = mockApi({
    'GET /api/search/suggest': { body: suggestions },
    'GET /api/hashtags/popular': { body: [] },
  })
  const view = renderWithProviders(
    <>
      <CreateEndorsementButton />
      <NewEndorsementHost />
    </>,
    { user: makeUser() },
  )
  return { ...view, fetchMock }
}

describe('Create Endorsement', () => {
  it('picks a member by name, then opens the endorsement dialog for them', async () => {
    const { user } = setup()
    await user.click(screen.getByRole('button', { name: 'Create Endorsement' }))
    const picker = screen.getByRole('dialog', { name: 'Create Endorsement' })
    const search = screen.getByRole('combobox', { name: 'Search members by name' })
    expect(search).toHaveFocus()
    expect(picker).toHaveTextContent('Type a name to find the member you want to endorse.')
    await user.type(search, 'bob')
    const option = await screen.findByRole('option', { name: /Bob Builder/ })
    // People only: a member is endorsed, not a tag.
    expect(screen.queryByRole('option', { name: /Bobsleigh/ })).not.toBeInTheDocument()
    expect(option).toHaveTextContent('@bob · Site Lead')
    await user.keyboard('{ArrowDown}{Enter}')
    expect(await screen.findByRole('dialog', { name: 'Endorse Bob Builder' })).toBeInTheDocument()
    expect(screen.queryByRole('dialog', { name: 'Create Endorsement' })).not.toBeInTheDocument()
  })

  it('says when nobody matches', async () => {
    const { user } = setup({ users: [], hashtags: [] })
    await user.click(screen.getByRole('button', { name: 'Create Endorsement' }))
    await user.type(screen.getByRole('combobox', { name: 'Search members by name' }), 'zed')
    expect(await screen.findByText('No members found. Try another name.')).toBeInTheDocument()
    expect(screen.queryByRole('option')).not.toBeInTheDocument()
  })

  it('opens from anywhere through openNewEndorsement (e.g. a keyboard shortcut)', async () => {
    setup()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
    act(() => openNewEndorsement())
    expect(await screen.findByRole('dialog', { name: 'Create Endorsement' })).toBeInTheDocument()
  })

  it('closes the picker with Escape once its list is closed', async () => {
    const { user } = setup()
    await user.click(screen.getByRole('button', { name: 'Create Endorsement' }))
    await user.type(screen.getByRole('combobox', { name: 'Search members by name' }), 'bob')
    await screen.findByRole('option', { name: /Bob Builder/ })
    // The first Escape closes the list only, the second the dialog.
    await user.keyboard('{Escape}')
    expect(screen.getByRole('dialog', { name: 'Create Endorsement' })).toBeInTheDocument()
    expect(screen.getByRole('combobox', { name: 'Search members by name' })).toHaveAttribute(
      'aria-expanded',
      'false',
    )
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    // The button has no Radix Trigger: focus still goes back to it.
    expect(screen.getByRole('button', { name: 'Create Endorsement' })).toHaveFocus()
  })

  it('gives focus back to Create Endorsement when the dialog a pick led to closes', async () => {
    const { user } = setup()
    await user.click(screen.getByRole('button', { name: 'Create Endorsement' }))
    await user.type(screen.getByRole('combobox', { name: 'Search members by name' }), 'bob')
    await screen.findByRole('option', { name: /Bob Builder/ })
    await user.keyboard('{ArrowDown}{Enter}')
    const dialog = await screen.findByRole('dialog', { name: 'Endorse Bob Builder' })
    // The picker closing hands focus on into the endorsement dialog, not back to the button.
    await waitFor(() => expect(dialog).toContainElement(document.activeElement as HTMLElement))
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    expect(screen.getByRole('button', { name: 'Create Endorsement' })).toHaveFocus()
  })
})
