import { screen, within } from '@testing-library/react'
import { SUGGESTED_TAGS } from '@vouched/shared/endorsements.constants'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { renderWithProviders } from '../../../test/render'
import { TagInput } from './tag-input'

function Harness({ initial = [] as string[], pool = SUGGESTED_TAGS as readonly string[] }) {
  const [tags, setTags] = useState(initial)
  return (
    <>
      <label htmlFor="tags">Tags</label>
      <TagInput id="tags" value={tags} onChange={setTags} suggestions={pool} />
      <output data-testid="tags">{tags.join('|')}</output>
    </>
  )
}

const tags = () => screen.getByTestId('tags').textContent
const input = () => screen.getByLabelText('Tags')

describe('TagInput', () => {
  it('adds the trimmed text on Enter and on comma, without # or commas', async () => {
    const { user } = renderWithProviders(<Harness />)
    await user.type(input(), '  #React  {Enter}')
    await user.type(input(), '##Node,')
    expect(tags()).toBe('React|Node')
    expect(input()).toHaveValue('')
    expect(within(screen.getByRole('list', { name: 'Selected tags' })).getAllByRole('listitem')).toHaveLength(
      2,
    )
  })

  it('refuses empty and duplicate tags, ignoring case', async () => {
    const { user } = renderWithProviders(<Harness />)
    await user.type(input(), '   {Enter}#{Enter},')
    expect(tags()).toBe('')
    await user.type(input(), 'Agile{Enter}agile{Enter}AGILE,')
    expect(tags()).toBe('Agile')
  })

  it('removes the last tag with Backspace on an empty input, and a tag with its button', async () => {
    const { user } = renderWithProviders(<Harness initial={['One', 'Two', 'Three']} />)
    await user.click(input())
    await user.keyboard('{Backspace}')
    expect(tags()).toBe('One|Two')
    await user.type(input(), 'x{Backspace}')
    // Backspace inside the text only edits the text.
    expect(tags()).toBe('One|Two')
    await user.click(screen.getByRole('button', { name: 'Remove tag One' }))
    expect(tags()).toBe('Two')
  })

  it('stops at 10 tags: input disabled, placeholder and note of SPEC.md §5', async () => {
    const { user } = renderWithProviders(<Harness initial={Array.from({ length: 9 }, (_, i) => `t${i}`)} />)
    expect(screen.queryByText('Maximum of 10 tags reached')).not.toBeInTheDocument()
    await user.type(input(), 'tenth{Enter}')
    expect(tags()?.split('|')).toHaveLength(10)
    expect(input()).toBeDisabled()
    expect(input()).toHaveAttribute('placeholder', 'Maximum 10 tags')
    expect(screen.getByText('Maximum of 10 tags reached')).toBeInTheDocument()
  })

  it('suggests up to 5 tags containing the text, ignoring case, without chosen ones', async () => {
    const { user } = renderWithProviders(<Harness initial={['TypeScript']} />)
    await user.type(input(), 'SCRIPT')
    const list = screen.getByRole('list', { name: 'Suggested tags' })
    expect(
      within(list)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['#JavaScript'])
    await user.clear(input())
    await user.type(input(), 'e')
    expect(within(screen.getByRole('list', { name: 'Suggested tags' })).getAllByRole('button')).toHaveLength(
      5,
    )
    await user.clear(input())
    await user.type(input(), 'devo')
    await user.click(screen.getByRole('button', { name: '#DevOps' }))
    expect(tags()).toBe('TypeScript|DevOps')
    expect(screen.queryByRole('list', { name: 'Suggested tags' })).not.toBeInTheDocument()
  })

  it('suggests popular tags beyond the 20 suggested ones', async () => {
    const { user } = renderWithProviders(<Harness pool={[...SUGGESTED_TAGS, 'Kubernetes']} />)
    await user.type(input(), 'kube')
    expect(screen.getByRole('button', { name: '#Kubernetes' })).toBeInTheDocument()
  })
})
