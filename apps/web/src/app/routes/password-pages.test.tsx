import { screen, waitFor } from '@testing-library/react'
import { AUTH_MESSAGES } from '@vouched/shared/auth.constants'
import { PASSWORD_MESSAGES } from '@vouched/shared/password-policy'
import { describe, expect, it, vi } from 'vitest'
import { mockApi, renderApp } from '../../test/render'

const location = () => screen.getByTestId('location').textContent

describe('Forgot password page', () => {
  it('validates the email', async () => {
    const fetchMock = mockApi({})
    const { user } = renderApp('/forgot-password', { user: null })
    await user.type(await screen.findByLabelText('Email'), 'nope')
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('shows the neutral message when the server accepts the request', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/request-password-reset': { body: { message: AUTH_MESSAGES.forgotPasswordSent } },
    })
    const { user } = renderApp('/forgot-password', { user: null })
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByText(AUTH_MESSAGES.forgotPasswordSent)).toBeInTheDocument()
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({ email: 'ada@example.com' })
  })

  it('shows the same neutral message when the request fails, and only logs the error', async () => {
    mockApi({
      'POST /api/auth/request-password-reset': { status: 429, body: { message: 'Slow down', code: 'X' } },
    })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const { user } = renderApp('/forgot-password', { user: null })
    await user.type(await screen.findByLabelText('Email'), 'ada@example.com')
    await user.click(screen.getByRole('button', { name: 'Send reset link' }))
    expect(await screen.findByText(AUTH_MESSAGES.forgotPasswordSent)).toBeInTheDocument()
    expect(screen.queryByText('Slow down')).not.toBeInTheDocument()
    expect(warn).toHaveBeenCalled()
  })
})

describe('Reset password page', () => {
  it.each(['/reset-password', '/reset-password?token=abc', '/reset-password?email=ada%40example.com'])(
    'explains a missing link and disables submit (%s)',
    async (route) => {
      renderApp(route, { user: null })
      expect(await screen.findByText(AUTH_MESSAGES.missingResetLink)).toBeInTheDocument()
      expect(screen.getByRole('button', { name: 'Reset password' })).toBeDisabled()
    },
  )

  it('shows the strength meter and refuses a common password or the email on the password field', async () => {
    const fetchMock = mockApi({})
    const { user } = renderApp('/reset-password?token=abc&email=ada.lovelace%40example.com', { user: null })
    for (const [password, message] of [
      ['password1', PASSWORD_MESSAGES.common],
      ['ada.lovelace!', PASSWORD_MESSAGES.containsEmail],
    ] as const) {
      await user.clear(await screen.findByLabelText('New password'))
      await user.type(screen.getByLabelText('New password'), password)
      await user.clear(screen.getByLabelText('Confirm new password'))
      await user.type(screen.getByLabelText('Confirm new password'), password)
      await user.click(screen.getByRole('button', { name: 'Reset password' }))
      await waitFor(() => expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(message))
      expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute(
        'aria-valuetext',
        'Too weak',
      )
    }
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('requires 8 characters and matching passwords, on the confirmation field', async () => {
    const fetchMock = mockApi({})
    const { user } = renderApp('/reset-password?token=abc&email=ada%40example.com', { user: null })
    await user.type(await screen.findByLabelText('New password'), 'short')
    await user.type(screen.getByLabelText('Confirm new password'), 'short')
    await user.click(screen.getByRole('button', { name: 'Reset password' }))
    expect(await screen.findAllByText('Password must be at least 8 characters')).toHaveLength(2)
    await user.clear(screen.getByLabelText('New password'))
    await user.type(screen.getByLabelText('New password'), 'long-enough-1')
    await user.clear(screen.getByLabelText('Confirm new password'))
    await user.type(screen.getByLabelText('Confirm new password'), 'long-enough-2')
    await user.click(screen.getByRole('button', { name: 'Reset password' }))
    await waitFor(() =>
      expect(screen.getByLabelText('Confirm new password')).toHaveAccessibleDescription(
        "Passwords don't match",
      ),
    )
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it("shows the server's message when the link is refused", async () => {
    mockApi({
      'POST /api/auth/reset-password': {
        status: 400,
        body: { message: AUTH_MESSAGES.invalidResetLink, code: 'INVALID_RESET_TOKEN' },
      },
    })
    const { user } = renderApp('/reset-password?token=abc&email=ada%40example.com', { user: null })
    await user.type(await screen.findByLabelText('New password'), 'new-password')
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password')
    await user.click(screen.getByRole('button', { name: 'Reset password' }))
    expect(await screen.findByText(AUTH_MESSAGES.invalidResetLink)).toBeInTheDocument()
  })

  it("falls back to 'Failed to reset password' without a server message", async () => {
    mockApi({ 'POST /api/auth/reset-password': { status: 502, text: '' } })
    const { user } = renderApp('/reset-password?token=abc&email=ada%40example.com', { user: null })
    await user.type(await screen.findByLabelText('New password'), 'new-password')
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password')
    await user.click(screen.getByRole('button', { name: 'Reset password' }))
    expect(await screen.findByText('Failed to reset password')).toBeInTheDocument()
  })

  it('sends token, email and both passwords, then goes to /auth after 3 seconds', async () => {
    const fetchMock = mockApi({
      'POST /api/auth/reset-password': { body: { message: 'Your password has been reset.' } },
    })
    const { user } = renderApp('/reset-password?token=tok123&email=ada%40example.com', { user: null })
    await user.type(await screen.findByLabelText('New password'), 'new-password')
    await user.type(screen.getByLabelText('Confirm new password'), 'new-password')
    await user.click(screen.getByRole('button', { name: 'Reset password' }))
    expect(await screen.findByText('Your password has been reset.')).toBeInTheDocument()
    const shownAt = Date.now()
    expect(JSON.parse(fetchMock.mock.calls[0]![1]!.body as string)).toEqual({
      token: 'tok123',
      email: 'ada@example.com',
      password: 'new-password',
      confirmPassword: 'new-password',
    })
    expect(location()).toBe('/reset-password?token=tok123&email=ada%40example.com')
    await waitFor(() => expect(location()).toBe('/auth'), { timeout: 5000 })
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2500)
  })
})
