import { fireEvent, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { NEW_ENDORSEMENT_EVENT } from '../../lib/shortcuts'
import { makeUser, renderWithProviders } from '../../test/render'
import { TopBar } from './top-bar'

const location = () => screen.getByTestId('location').textContent
const desktopSearch = () => screen.getAllByRole('searchbox', { name: 'Search users or tags' })[0]!

describe('keyboard shortcuts', () => {
  it('"/" focuses the search box without typing the slash into it', async () => {
    const { user } = renderWithProviders(<TopBar />, { user: makeUser() })
    await user.keyboard('/')
    expect(desktopSearch()).toHaveFocus()
    expect(desktopSearch()).toHaveValue('')
  })

  it('"n" opens the person picker where no page offers whom to endorse', async () => {
    // The picker itself (app/new-endorsement.tsx) answers this event; its own test opens it.
    let opened = 0
    const count = () => void opened++
    window.addEventListener(NEW_ENDORSEMENT_EVENT, count)
    try {
      const { user } = renderWithProviders(<TopBar />, { user: makeUser(), route: '/connections' })
      await user.keyboard('n')
      expect(opened).toBe(1)
      expect(location()).toBe('/connections')
    } finally {
      window.removeEventListener(NEW_ENDORSEMENT_EVENT, count)
    }
  })

  it('"?" lists the shortcuts in a dialog, also reachable from the avatar menu', async () => {
    const { user } = renderWithProviders(<TopBar />, { user: makeUser() })
    await user.keyboard('?')
    const dialog = await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })
    for (const text of ['Search people and skills', 'Show these keyboard shortcuts'])
      expect(within(dialog).getByText(text)).toBeInTheDocument()
    expect(within(dialog).getByText(/^New endorsement/)).toBeInTheDocument()
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument())
    await user.click(screen.getByRole('button', { name: 'Open user menu' }))
    await user.click(await screen.findByRole('menuitem', { name: /Keyboard shortcuts/ }))
    expect(await screen.findByRole('dialog', { name: 'Keyboard shortcuts' })).toBeInTheDocument()
  })

  it('does nothing while typing in a field or with a modifier key', async () => {
    const { user } = renderWithProviders(
      <>
        <TopBar />
        <textarea aria-label="Notes" />
      </>,
      { user: makeUser(), route: '/connections' },
    )
    await user.type(screen.getByLabelText('Notes'), 'n/?')
    expect(screen.getByLabelText('Notes')).toHaveValue('n/?')
    await user.type(desktopSearch(), 'n')
    expect(location()).toBe('/connections')
    desktopSearch().blur()
    fireEvent.keyDown(document.body, { key: 'n', ctrlKey: true })
    fireEvent.keyDown(document.body, { key: '/', metaKey: true })
    fireEvent.keyDown(document.body, { key: 'n', altKey: true })
    expect(location()).toBe('/connections')
    expect(desktopSearch()).not.toHaveFocus()
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument()
  })
})
