import { screen, waitFor } from '@testing-library/react'
import { SECURITY_MESSAGES } from '@vouched/shared/security.constants'
import { describe, expect, it } from 'vitest'
import { makeUser, mockApi, renderApp } from '../../test/render'

const location = () => screen.getByTestId('location').textContent

async function passwordStep() {
  const view = renderApp('/auth', { user: null })
  await screen.findByRole('heading', { level: 1, name: 'Welcome back' })
  await view.user.type(screen.getByLabelText('Username or email'), 'alice')
  await view.user.type(screen.getByLabelText('Password'), 'secret-password')
  await view.user.click(screen.getByRole('button', { name: 'Log in' }))
  return view
}

describe('Auth page: two-factor second step', () => {
  it('asks for a code after the password and signs in with it', async () => {
    const sent: unknown[] = []
    mockApi({
      'POST /api/login': { body: { twoFactorRequired: true } },
      'POST /api/login/two-factor': ({ body }) => {
        sent.push(body)
        return { body: makeUser({ username: 'alice' }) }
      },
    })
    const { user } = await passwordStep()
    const code = await screen.findByLabelText('Authentication code')
    // Still on /auth: no session yet.
    expect(location()).toBe('/auth')
    await user.type(code, '123 456')
    await user.click(screen.getByRole('button', { name: 'Verify and log in' }))
    await waitFor(() => expect(location()).toBe('/'))
    expect(sent).toEqual([{ code: '123456' }])
  })

  it('checks the code before sending it, and shows a wrong code on the field', async () => {
    const fetchMock = mockApi({
      'POST /api/login': { body: { twoFactorRequired: true } },
      'POST /api/login/two-factor': {
        status: 401,
        body: { message: SECURITY_MESSAGES.wrongCode, code: 'INVALID_TWO_FACTOR_CODE', field: 'code' },
      },
    })
    const { user } = await passwordStep()
    const code = await screen.findByLabelText('Authentication code')
    await user.type(code, '12')
    await user.click(screen.getByRole('button', { name: 'Verify and log in' }))
    expect(await screen.findByText(SECURITY_MESSAGES.codeFormat)).toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledTimes(1)
    await user.clear(code)
    await user.type(code, '654321')
    await user.click(screen.getByRole('button', { name: 'Verify and log in' }))
    await waitFor(() =>
      expect(screen.getByLabelText('Authentication code')).toHaveAccessibleDescription(
        SECURITY_MESSAGES.wrongCode,
      ),
    )
    expect(location()).toBe('/auth')
  })

  it('takes a recovery code instead', async () => {
    const sent: unknown[] = []
    mockApi({
      'POST /api/login': { body: { twoFactorRequired: true } },
      'POST /api/login/two-factor': ({ body }) => {
        sent.push(body)
        return { body: makeUser({ username: 'alice' }) }
      },
    })
    const { user } = await passwordStep()
    await user.click(await screen.findByRole('button', { name: 'Use a recovery code instead' }))
    await user.type(screen.getByLabelText('Recovery code'), 'ABCDE-FGHJK')
    await user.click(screen.getByRole('button', { name: 'Verify and log in' }))
    await waitFor(() => expect(location()).toBe('/'))
    expect(sent).toEqual([{ recoveryCode: 'abcdefghjk' }])
  })

  it('goes back to the password when the pending sign-in expired', async () => {
    mockApi({
      'POST /api/login': { body: { twoFactorRequired: true } },
      'POST /api/login/two-factor': {
        status: 401,
        body: { message: SECURITY_MESSAGES.challengeExpired, code: 'TWO_FACTOR_EXPIRED' },
      },
    })
    const { user } = await passwordStep()
    await user.type(await screen.findByLabelText('Authentication code'), '123456')
    await user.click(screen.getByRole('button', { name: 'Verify and log in' }))
    expect(await screen.findByLabelText('Password')).toBeInTheDocument()
    expect(screen.queryByLabelText('Authentication code')).not.toBeInTheDocument()
    expect(await screen.findByText(SECURITY_MESSAGES.challengeExpired)).toBeInTheDocument()
  })
})
