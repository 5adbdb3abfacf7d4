import { screen, within } from '@testing-library/react'
import { savedBadgesStorageKey } from '@vouched/shared/badges'
import { beforeEach, describe, expect, it } from 'vitest'
import { renderWithProviders } from '../../../test/render'
import { useBadgeSelection } from '../hooks/use-badge-selection'
import { SavedBadges } from './saved-badges'

const AVAILABLE = ['TypeScript', 'Leadership', 'Agile']

function Harness({ username = 'alice' }: { username?: string }) {
  const selection = useBadgeSelection()
  return (
    <>
      {AVAILABLE.map((tag) => (
        <button key={tag} type="button" onClick={() => selection.toggle(tag)}>
          pick {tag}
        </button>
      ))}
      <SavedBadges username={username} available={AVAILABLE} selection={selection} />
      <output data-testid="selection">{selection.hashtags.join(',')}</output>
    </>
  )
}

const stored = (username = 'alice') =>
  JSON.parse(localStorage.getItem(savedBadgesStorageKey(username)) ?? '[]') as {
    id: string
    name: string
    hashtags: string[]
    createdAt: string
  }[]

beforeEach(() => localStorage.clear())

describe('SavedBadges', () => {
  it('refuses to save without a skill', async () => {
    const { user } = renderWithProviders(<Harness />)
    await user.type(screen.getByLabelText('Badge name'), 'Frontend')
    await user.click(screen.getByRole('button', { name: 'Save Badge' }))
    expect(await screen.findByText('Cannot save badge')).toBeInTheDocument()
    expect(screen.getByText('Please select at least one skill to save a badge')).toBeInTheDocument()
    expect(stored()).toEqual([])
  })

  it('refuses to save without a name', async () => {
    const { user } = renderWithProviders(<Harness />)
    await user.click(screen.getByRole('button', { name: 'pick Agile' }))
    await user.type(screen.getByLabelText('Badge name'), '   ')
    await user.click(screen.getByRole('button', { name: 'Save Badge' }))
    expect(await screen.findByText('Cannot save badge')).toBeInTheDocument()
    expect(screen.getByText('Please provide a name for your badge')).toBeInTheDocument()
    expect(stored()).toEqual([])
  })

  it('saves a named badge per username, survives a remount, applies and deletes it', async () => {
    const { user, unmount } = renderWithProviders(<Harness />)
    await user.click(screen.getByRole('button', { name: 'pick Leadership' }))
    await user.click(screen.getByRole('button', { name: 'pick Agile' }))
    await user.type(screen.getByLabelText('Badge name'), '  Team lead ')
    await user.click(screen.getByRole('button', { name: 'Save Badge' }))
    expect(await screen.findByText('Badge saved')).toBeInTheDocument()
    expect(screen.getByLabelText('Badge name')).toHaveValue('')
    expect(stored()).toEqual([
      {
        id: expect.any(String),
        name: 'Team lead',
        hashtags: ['Leadership', 'Agile'],
        createdAt: expect.any(String),
      },
    ])
    expect(stored('bob')).toEqual([])
    unmount()

    const view = renderWithProviders(<Harness />)
    const list = screen.getByRole('list', { name: 'Saved badges' })
    expect(within(list).getByText('Team lead')).toBeInTheDocument()
    expect(screen.getByTestId('selection').textContent).toBe('')
    await view.user.click(screen.getByRole('button', { name: 'Apply Team lead' }))
    expect(screen.getByTestId('selection').textContent).toBe('Leadership,Agile')
    await view.user.click(screen.getByRole('button', { name: 'Delete Team lead' }))
    expect(screen.getByText('No saved badges yet.')).toBeInTheDocument()
    expect(stored()).toEqual([])
  })

  it('replaces a badge saved again under the same name and ignores corrupt storage', async () => {
    localStorage.setItem(savedBadgesStorageKey('alice'), '{not json')
    const { user } = renderWithProviders(<Harness />)
    expect(screen.getByText('No saved badges yet.')).toBeInTheDocument()
    await user.click(screen.getByRole('button', { name: 'pick Agile' }))
    await user.type(screen.getByLabelText('Badge name'), 'Mine')
    await user.click(screen.getByRole('button', { name: 'Save Badge' }))
    await user.click(screen.getByRole('button', { name: 'pick TypeScript' }))
    await user.type(screen.getByLabelText('Badge name'), 'mine')
    await user.click(screen.getByRole('button', { name: 'Save Badge' }))
    expect(stored()).toHaveLength(1)
    expect(stored()[0]).toMatchObject({ name: 'mine', hashtags: ['Agile', 'TypeScript'] })
  })
})
