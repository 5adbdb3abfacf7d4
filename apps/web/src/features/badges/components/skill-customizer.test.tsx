import { screen, within } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { changeLocale } from '../../../lib/i18n/i18n'
import { renderWithProviders } from '../../../test/render'
import { useBadgeSelection } from '../hooks/use-badge-selection'
import { SkillCustomizer } from './skill-customizer'

function Harness({ available }: { available: string[] }) {
  const selection = useBadgeSelection()
  return (
    <>
      <SkillCustomizer available={available} selection={selection} />
      <output data-testid="selection">{selection.hashtags.join(',')}</output>
      <output data-testid="timestamp">{selection.timestamp}</output>
    </>
  )
}

const selected = () => screen.getByTestId('selection').textContent
const availableList = () => screen.getByRole('list', { name: 'Available skills' })

describe('SkillCustomizer', () => {
  it('selects and removes skills, with a fresh timestamp on every change', async () => {
    const now = vi.spyOn(Date, 'now')
    now.mockReturnValue(1000)
    const { user } = renderWithProviders(<Harness available={['TypeScript', 'Leadership', 'Agile']} />)
    expect(screen.getByText('No skills selected: the badge shows the top skills.')).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Clear all' })).toBeDisabled()

    now.mockReturnValue(2000)
    await user.click(within(availableList()).getByRole('button', { name: '#Leadership' }))
    now.mockReturnValue(3000)
    await user.click(within(availableList()).getByRole('button', { name: '#TypeScript' }))
    expect(selected()).toBe('Leadership,TypeScript')
    expect(screen.getByTestId('timestamp').textContent).toBe('3000')
    expect(within(availableList()).getByRole('button', { name: '#Leadership' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    expect(
      within(screen.getByRole('list', { name: 'Selected skills' })).getAllByRole('listitem'),
    ).toHaveLength(2)
    expect(screen.getByText('(2/10)')).toBeInTheDocument()

    now.mockReturnValue(4000)
    await user.click(screen.getByRole('button', { name: 'Remove Leadership' }))
    expect(selected()).toBe('TypeScript')
    expect(screen.getByTestId('timestamp').textContent).toBe('4000')

    // Toggling a selected skill in the list removes it too.
    await user.click(within(availableList()).getByRole('button', { name: '#TypeScript' }))
    expect(selected()).toBe('')
  })

  it('filters the available skills ignoring case and a leading #, and says when nothing matches', async () => {
    const { user } = renderWithProviders(<Harness available={['TypeScript', 'JavaScript', 'Leadership']} />)
    const filter = screen.getByLabelText('Filter skills')
    await user.type(filter, '#script')
    expect(
      within(availableList())
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['#TypeScript', '#JavaScript'])
    await user.clear(filter)
    await user.type(filter, 'rust')
    expect(screen.getByText('No skills found matching "rust"')).toBeInTheDocument()
    expect(screen.queryByRole('list', { name: 'Available skills' })).not.toBeInTheDocument()
  })

  it('clears all selected skills', async () => {
    const { user } = renderWithProviders(<Harness available={['A1', 'B2', 'C3']} />)
    for (const name of ['#A1', '#B2', '#C3']) await user.click(screen.getByRole('button', { name }))
    expect(selected()).toBe('A1,B2,C3')
    await user.click(screen.getByRole('button', { name: 'Clear all' }))
    expect(selected()).toBe('')
    expect(screen.getByRole('button', { name: 'Clear all' })).toBeDisabled()
  })

  it('stops at 10 skills', async () => {
    const tags = Array.from({ length: 12 }, (_, i) => `Skill${i}`)
    const { user } = renderWithProviders(<Harness available={tags} />)
    for (const tag of tags.slice(0, 10)) await user.click(screen.getByRole('button', { name: `#${tag}` }))
    expect(screen.getByRole('button', { name: '#Skill10' })).toBeDisabled()
    expect(screen.getByText('Maximum of 10 skills reached. Remove one to pick another.')).toBeInTheDocument()
    expect(selected()?.split(',')).toHaveLength(10)
  })

  it('says when the member has no skills yet', () => {
    renderWithProviders(<Harness available={[]} />)
    expect(screen.getByText(/No endorsed skills yet/)).toBeInTheDocument()
    expect(screen.getByLabelText('Filter skills')).toBeDisabled()
  })
})

describe('SkillCustomizer in German', () => {
  it('names the skills, the count and the actions in German', async () => {
    await changeLocale('de')
    const { user } = renderWithProviders(<Harness available={['TypeScript', 'Leadership']} />)
    expect(screen.getByRole('heading', { name: 'Fähigkeiten auswählen' })).toBeInTheDocument()
    expect(
      screen.getByText('Keine Fähigkeiten ausgewählt: Das Badge zeigt die Top-Fähigkeiten.'),
    ).toBeInTheDocument()
    await user.click(
      within(screen.getByRole('list', { name: 'Verfügbare Fähigkeiten' })).getByRole('button', {
        name: '#Leadership',
      }),
    )
    expect(screen.getByRole('heading', { name: 'Ausgewählte Fähigkeiten (1/10)' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Leadership entfernen' })).toBeInTheDocument()
    expect(screen.getByRole('button', { name: 'Alle entfernen' })).toBeEnabled()
  })
})
