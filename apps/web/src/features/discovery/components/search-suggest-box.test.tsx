import { screen, waitFor, within } from '@testing-library/react'
import type { TSearchSuggestions } from '@vouched/shared/discovery'
import { describe, expect, it } from 'vitest'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { SearchSuggestBox } from './search-suggest-box'

const SUGGESTIONS: TSearchSuggestions = {
  users: [
    {
      id: 2,
      username: 'ann',
      fullName: 'Ann Example',
      title: 'CTO',
      profilePicture: null,
      isVerified: true,
    },
    { id: 3, username: 'annabel', fullName: null, title: null, profilePicture: null, isVerified: false },
  ],
  hashtags: [{ id: 9, tag: 'Annotations', count: 4 }],
}

function setup(answer: { status?: number; body?: unknown } = { body: SUGGESTIONS }) {
  const fetchMock = mockApi({ 'GET /api/search/suggest': answer })
  const view = renderWithProviders(<SearchSuggestBox />, { user: makeUser(), route: '/connections' })
  const box = () => screen.getByRole('combobox', { name: 'Search users or tags' })
  const location = () => screen.getByTestId('location').textContent
  const suggestCalls = () =>
    fetchMock.mock.calls
      .map(([input]) => new URL(String(input), 'http://localhost'))
      .filter((url) => url.pathname === '/api/search/suggest')
      .map((url) => url.searchParams.get('q'))
  return { ...view, box, location, suggestCalls }
}

const activeOption = (box: HTMLElement) => {
  const id = box.getAttribute('aria-activedescendant')
  return id ? document.getElementById(id) : null
}

describe('SearchSuggestBox', () => {
  it('suggests people and hashtags once typing pauses, asking the server once', async () => {
    const { user, box, suggestCalls } = setup()
    expect(box()).toHaveAttribute('aria-expanded', 'false')
    await user.type(box(), 'ann')
    const listbox = await screen.findByRole('listbox', { name: 'Suggestions' })
    expect(box()).toHaveAttribute('aria-expanded', 'true')
    expect(box()).toHaveAttribute('aria-controls', listbox.id)
    const people = within(listbox).getByRole('group', { name: 'People' })
    const options = within(people).getAllByRole('option')
    expect(options).toHaveLength(2)
    // The avatar's initials are not read out.
    expect(options[0]).toHaveAccessibleName(/^Ann Example\s*Verified\s*@ann · CTO$/)
    expect(options[1]).toHaveAccessibleName(/^annabel\s*@annabel$/)
    const tags = within(listbox).getByRole('group', { name: 'Hashtags' })
    expect(within(tags).getByRole('option')).toHaveTextContent('Annotations4 endorsements')
    expect(suggestCalls()).toEqual(['ann'])
  })

  it('moves through the options with the arrow keys and opens a person with Enter', async () => {
    const { user, box, location } = setup()
    await user.type(box(), 'ann')
    await screen.findByRole('listbox')
    expect(box()).not.toHaveAttribute('aria-activedescendant')
    await user.keyboard('{ArrowDown}')
    expect(activeOption(box())).toHaveTextContent('Ann Example')
    expect(activeOption(box())).toHaveAttribute('aria-selected', 'true')
    await user.keyboard('{ArrowDown}{ArrowDown}{ArrowDown}')
    // Past the last option it wraps to the first.
    expect(activeOption(box())).toHaveTextContent('Ann Example')
    await user.keyboard('{ArrowUp}')
    expect(activeOption(box())).toHaveTextContent('Annotations')
    await user.keyboard('{ArrowUp}{Enter}')
    expect(location()).toBe('/profile/annabel')
    expect(box()).toHaveValue('')
    expect(box()).toHaveAttribute('aria-expanded', 'false')
  })

  it('searches a hashtag suggestion as a hashtag', async () => {
    const { user, box, location } = setup()
    await user.type(box(), 'ann')
    await user.click(await screen.findByRole('option', { name: /Annotations/ }))
    expect(location()).toBe('/discover?tag=Annotations&sort=reputation')
  })

  it('searches what was typed on Enter when no suggestion is highlighted', async () => {
    const { user, box, location } = setup()
    await user.type(box(), 'ann')
    await screen.findByRole('listbox')
    await user.keyboard('{Enter}')
    expect(location()).toBe('/discover?q=ann&sort=reputation')
  })

  it('closes with Escape, then clears the text with a second Escape', async () => {
    const { user, box, location } = setup()
    await user.type(box(), 'ann')
    await screen.findByRole('listbox')
    await user.keyboard('{ArrowDown}{Escape}')
    expect(box()).toHaveAttribute('aria-expanded', 'false')
    expect(box()).not.toHaveAttribute('aria-activedescendant')
    expect(box()).toHaveValue('ann')
    await user.keyboard('{Escape}')
    expect(box()).toHaveValue('')
    expect(location()).toBe('/connections')
    // Arrow down opens the list again once there is something to show.
    await user.type(box(), 'ann')
    await screen.findByRole('listbox')
    await user.keyboard('{Escape}{ArrowDown}')
    expect(box()).toHaveAttribute('aria-expanded', 'true')
    expect(activeOption(box())).toHaveTextContent('Ann Example')
  })

  it('offers nothing when the server fails or finds nothing, and Enter still searches', async () => {
    const { user, box, location, suggestCalls } = setup({
      status: 500,
      body: { message: 'Internal server error', code: 'INTERNAL' },
    })
    await user.type(box(), 'zed')
    await waitFor(() => expect(suggestCalls()).toEqual(['zed']))
    expect(screen.queryByRole('listbox')).not.toBeInTheDocument()
    expect(box()).toHaveAttribute('aria-expanded', 'false')
    await user.keyboard('{ArrowDown}{Enter}')
    expect(location()).toBe('/discover?q=zed&sort=reputation')
  })

  it('does not ask the server for blank text', async () => {
    const { user, box, suggestCalls, location } = setup()
    await user.type(box(), '   ')
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(suggestCalls()).toEqual([])
    await user.keyboard('{Enter}')
    expect(location()).toBe('/connections')
  })
})
