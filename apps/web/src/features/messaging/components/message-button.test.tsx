import { screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { makeUser, renderWithProviders } from '../../../test/render'
import { MessageButton } from './message-button'

describe('MessageButton', () => {
  it('links to the thread with that member', async () => {
    const { user } = renderWithProviders(<MessageButton userId={42} name="Ada Lovelace" />, {
      user: makeUser(),
    })
    const link = screen.getByRole('link', { name: 'Message Ada Lovelace' })
    expect(link).toHaveAttribute('href', '/messages?to=42')
    await user.click(link)
    expect(screen.getByTestId('location').textContent).toBe('/messages?to=42')
  })
})
