import { screen, waitFor } from '@testing-library/react'
import { AUTH_MESSAGES } from '@vouched/shared/auth.constants'
import { PASSWORD_MESSAGES } from '@vouched/shared/password-policy'
import { describe, expect, it } from 'vitest'
import { makeUser, mockApi, renderApp } from '../../test/render'

const location = () => screen.getByTestId('location').textContent

async function openAuth(route = '/auth') {
  const view = renderApp(route, { user: null })
  await screen.findByRole('heading', { level: 1, name: 'Welcome back' })
  return view
}

describe('Auth page: login', () => {
  it('asks for empty fields without calling the server', async () => {
    const fetchMock = mockApi({})
    const { user } = await openAuth()
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    expect(await screen.findByText(AUTH_MESSAGES.loginUsernameRequired)).toBeInTheDocument()
    expect(screen.getByText(AUTH_MESSAGES.loginPasswordRequired)).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('gives a 5-character password the sign-in failure message, never a length rule', async () => {
    const fetchMock = mockApi({
      'POST /api/login': {
        status: 401,
        body: { message: AUTH_MESSAGES.invalidLogin, code: 'INVALID_CREDENTIALS', field: 'username' },
      },
    })
    const { user } = await openAuth()
    await user.type(screen.getByLabelText('Username or email'), 'ab')
    await user.type(screen.getByLabelText('Password'), '12345')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    const usernameInput = screen.getByLabelText('Username or email')
    await waitFor(() => expect(usernameInput).toHaveAccessibleDescription(AUTH_MESSAGES.invalidLogin))
    expect(screen.queryByText(AUTH_MESSAGES.passwordMin)).not.toBeInTheDocument()
    expect(screen.queryByText(AUTH_MESSAGES.usernameMin)).not.toBeInTheDocument()
    expect(fetchMock).toHaveBeenCalledTimes(1)
  })

  it('links to the forgot password page', async () => {
    await openAuth()
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    )
  })

  it('puts a login failure on the username field and toasts "Login failed"', async () => {
    mockApi({
      'POST /api/login': {
        status: 401,
        body: { message: AUTH_MESSAGES.invalidLogin, code: 'INVALID_CREDENTIALS' },
      },
    })
    const { user } = await openAuth()
    await user.type(screen.getByLabelText('Username or email'), 'alice')
    await user.type(screen.getByLabelText('Password'), 'wrong-password')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    const usernameInput = screen.getByLabelText('Username or email')
    await waitFor(() => expect(usernameInput).toHaveAttribute('aria-invalid', 'true'))
    expect(usernameInput).toHaveAccessibleDescription(AUTH_MESSAGES.invalidLogin)
    expect(await screen.findByText('Login failed')).toBeInTheDocument()
    expect(location()).toBe('/auth')
  })

  it('goes back to the page named by next after signing in', async () => {
    mockApi({ 'POST /api/login': { body: makeUser({ username: 'alice' }) } })
    const { user } = await openAuth('/auth?next=%2Fprofile%2Fbob')
    await user.type(screen.getByLabelText('Username or email'), 'alice')
    await user.type(screen.getByLabelText('Password'), 'secret-password')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    await waitFor(() => expect(location()).toBe('/profile/bob'))
  })

  it('ignores a next that leaves the site', async () => {
    mockApi({ 'POST /api/login': { body: makeUser({ username: 'alice' }) } })
    const { user } = await openAuth(`/auth?next=${encodeURIComponent('https://evil.example/phish')}`)
    await user.type(screen.getByLabelText('Username or email'), 'alice')
    await user.type(screen.getByLabelText('Password'), 'secret-password')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    await waitFor(() => expect(location()).toBe('/'))
  })

  it('signs in, toasts the welcome and goes to /', async () => {
    const fetchMock = mockApi({ 'POST /api/login': { body: makeUser({ username: 'alice' }) } })
    const { user } = await openAuth()
    await user.type(screen.getByLabelText('Username or email'), '  alice@example.com ')
    await user.type(screen.getByLabelText('Password'), 'secret-password')
    await user.click(screen.getByRole('button', { name: 'Log in' }))
    await waitFor(() => expect(location()).toBe('/'))
    expect(await screen.findByText('Welcome back!')).toBeInTheDocument()
    expect(screen.getByText('You are now logged in as alice')).toBeInTheDocument()
    const [, init] = fetchMock.mock.calls[0]!
    expect(JSON.parse(init!.body as string)).toEqual({
      username: 'alice@example.com',
      password: 'secret-password',
    })
  })
})

describe('Auth page: register', () => {
  async function openRegister() {
    const view = await openAuth()
    await view.user.click(screen.getByRole('tab', { name: 'Register' }))
    await screen.findByRole('heading', { level: 1, name: 'Create your account' })
    return view
  }

  it('shows every validation message of SPEC §5', async () => {
    const fetchMock = mockApi({})
    const { user } = await openRegister()
    await user.type(screen.getByLabelText('Username'), 'ab')
    await user.type(screen.getByLabelText('Email'), 'not-an-email')
    await user.type(screen.getByLabelText('Password'), '123')
    await user.type(screen.getByLabelText('Full name'), 'A')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText('Username must be at least 3 characters')).toBeInTheDocument()
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument()
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument()
    expect(screen.getByText('Password confirmation is required')).toBeInTheDocument()
    expect(screen.getByText('Full name is required')).toBeInTheDocument()
    expect(fetchMock).not.toHaveBeenCalled()
  })

  it('says "Passwords don\'t match" on the confirmation', async () => {
    mockApi({})
    const { user } = await openRegister()
    await user.type(screen.getByLabelText('Password'), 'secret-one')
    await user.type(screen.getByLabelText('Confirm password'), 'secret-two')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByText("Passwords don't match")).toBeInTheDocument()
    expect(screen.getByLabelText('Confirm password')).toHaveAccessibleDescription("Passwords don't match")
  })

  it('measures the password as it is typed', async () => {
    mockApi({})
    const { user } = await openRegister()
    expect(screen.queryByRole('meter', { name: 'Password strength' })).not.toBeInTheDocument()
    await user.type(screen.getByLabelText('Password'), '123456')
    const meter = await screen.findByRole('meter', { name: 'Password strength' })
    await waitFor(() => expect(meter).toHaveAttribute('aria-valuetext', 'Too weak'))
    expect(screen.getByText('Password strength: Too weak')).toBeInTheDocument()
    await user.clear(screen.getByLabelText('Password'))
    expect(screen.queryByRole('meter', { name: 'Password strength' })).not.toBeInTheDocument()
    await user.type(screen.getByLabelText('Password'), 'orchid-lantern-ferry')
    const strong = screen.getByRole('meter', { name: 'Password strength' })
    await waitFor(() => expect(strong).toHaveAttribute('aria-valuetext', 'Strong'))
    expect(strong).toHaveAttribute('aria-valuenow', '4')
  })

  it.each([
    ['123456', PASSWORD_MESSAGES.common],
    ['      ', PASSWORD_MESSAGES.blank],
    ['ada_l-1815', PASSWORD_MESSAGES.containsUsername],
  ])(
    'refuses the weak password %j on the password field without calling the server',
    async (password, message) => {
      const fetchMock = mockApi({})
      const { user } = await openRegister()
      await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace')
      await user.type(screen.getByLabelText('Username'), 'ada_l')
      await user.type(screen.getByLabelText('Email'), 'ada@example.com')
      await user.type(screen.getByLabelText('Password'), password)
      await user.type(screen.getByLabelText('Confirm password'), password)
      await user.click(screen.getByRole('button', { name: 'Create account' }))
      await waitFor(() => expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(message))
      expect(screen.getByRole('meter', { name: 'Password strength' })).toHaveAttribute(
        'aria-valuetext',
        'Too weak',
      )
      expect(fetchMock).not.toHaveBeenCalled()
    },
  )

  async function fillValid(user: Awaited<ReturnType<typeof openRegister>>['user']) {
    await user.type(screen.getByLabelText('Full name'), 'Ada Lovelace')
    await user.type(screen.getByLabelText('Username'), 'ada')
    await user.type(screen.getByLabelText('Email'), 'ada@example.com')
    await user.type(screen.getByLabelText('Password'), 'analytical')
    await user.type(screen.getByLabelText('Confirm password'), 'analytical')
  }

  it('places a server field error on that field and toasts "Registration failed"', async () => {
    mockApi({
      'POST /api/register': {
        status: 409,
        body: { message: 'This username is already taken', code: 'USERNAME_TAKEN', field: 'username' },
      },
    })
    const { user } = await openRegister()
    await fillValid(user)
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    await waitFor(() =>
      expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('This username is already taken'),
    )
    expect(await screen.findByText('Registration failed')).toBeInTheDocument()
  })

  it('switches to the login tab when the email already has an account', async () => {
    mockApi({
      'POST /api/register': {
        status: 409,
        body: { message: AUTH_MESSAGES.emailTaken, code: 'EMAIL_TAKEN', field: 'email' },
      },
    })
    const { user } = await openRegister()
    await fillValid(user)
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back' })).toBeInTheDocument()
    expect(screen.getByRole('tab', { name: 'Login' })).toHaveAttribute('aria-selected', 'true')
    expect(screen.getByLabelText('Username or email')).toHaveValue('ada@example.com')
  })

  it('creates the account and goes back to the page named by next', async () => {
    mockApi({ 'POST /api/register': { status: 201, body: makeUser({ username: 'ada' }) } })
    const { user } = renderApp('/auth?tab=register&next=%2Fprofile%2Fbob', { user: null })
    await screen.findByRole('heading', { level: 1, name: 'Create your account' })
    await fillValid(user)
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    await waitFor(() => expect(location()).toBe('/profile/bob'))
  })

  it('creates the account, toasts and goes to /', async () => {
    const fetchMock = mockApi({ 'POST /api/register': { status: 201, body: makeUser({ username: 'ada' }) } })
    const { user } = await openRegister()
    await fillValid(user)
    await user.click(screen.getByRole('button', { name: 'Add title, location and bio (optional)' }))
    await user.type(screen.getByLabelText('Title'), 'Mathematician')
    await user.click(screen.getByRole('button', { name: 'Create account' }))
    await waitFor(() => expect(location()).toBe('/'))
    expect(await screen.findByText('Account created')).toBeInTheDocument()
    expect(screen.getByText('Your account has been created successfully')).toBeInTheDocument()
    const [url, init] = fetchMock.mock.calls[0]!
    expect(url).toBe('/api/register')
    expect(JSON.parse(init!.body as string)).toMatchObject({
      username: 'ada',
      email: 'ada@example.com',
      fullName: 'Ada Lovelace',
      title: 'Mathematician',
    })
  })
})
