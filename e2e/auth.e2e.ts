import { PASSWORD_MESSAGES } from '@vouched/shared/password-policy'
import { describe, expect, it } from 'vitest'
import { registerViaApi, uniqueUsername, useBrowser, waitForMail } from './support/fixtures'

const b = useBrowser()

async function fillLogin(login: string, password: string) {
  await b.page.goto(b.url('/auth'))
  await b.page.getByLabel('Username or email').fill(login)
  await b.page.getByLabel('Password', { exact: true }).fill(password)
  await b.page.getByRole('button', { name: 'Log in' }).click()
}

/** A member who exists but whose browser is signed out. */
async function signedOutMember() {
  const member = await registerViaApi(b.context)
  await b.context.clearCookies()
  return member
}

describe('registration', () => {
  it('registers through the form, lands on / signed in', async () => {
    const username = uniqueUsername('reg')
    await b.page.goto(b.url('/auth'))
    await b.page.getByRole('tab', { name: 'Register' }).click()
    await b.page.getByLabel('Full name').fill('Grace Hopper')
    await b.page.getByLabel('Username', { exact: true }).fill(username)
    await b.page.getByLabel('Email', { exact: true }).fill(`${username}@example.com`)
    await b.page.getByLabel('Password', { exact: true }).fill('cobol-forever')
    await b.page.getByLabel('Confirm password').fill('cobol-forever')
    await b.page.getByRole('button', { name: 'Create account' }).click()

    await b.page.waitForURL(b.url('/'))
    await b.toast('Your account has been created successfully').waitFor()
    await b.page.getByRole('button', { name: 'Open user menu' }).click()
    await b.page.getByRole('menu').getByText(`@${username}`).waitFor()

    const me = await b.context.request.get(b.url('/api/user'))
    expect(me.status()).toBe(200)
    expect(await me.json()).toMatchObject({ username, fullName: 'Grace Hopper' })
  })

  it('measures the password and refuses a common one on its field, creating nobody', async () => {
    const username = uniqueUsername('weak')
    await b.page.goto(b.url('/auth'))
    await b.page.getByRole('tab', { name: 'Register' }).click()
    await b.page.getByLabel('Full name').fill('Weak Password')
    await b.page.getByLabel('Username', { exact: true }).fill(username)
    await b.page.getByLabel('Email', { exact: true }).fill(`${username}@example.com`)
    const password = b.page.getByLabel('Password', { exact: true })
    await password.fill('123456')
    await b.page.getByLabel('Confirm password').fill('123456')
    const meter = b.page.getByRole('meter', { name: 'Password strength' })
    await b.page.getByText('Password strength: Too weak').waitFor()
    expect(await meter.getAttribute('aria-valuenow')).toBe('0')
    await b.page.getByRole('button', { name: 'Create account' }).click()
    await b.page.getByText(PASSWORD_MESSAGES.common).waitFor()
    expect(await password.getAttribute('aria-invalid')).toBe('true')
    expect(new URL(b.page.url()).pathname).toBe('/auth')

    await password.fill('orchid-lantern-ferry')
    await b.page.getByText('Password strength: Strong').waitFor()
    const login = await b.context.request.post(b.url('/api/login'), {
      data: { username, password: '123456' },
    })
    expect(login.status()).toBe(401)
  })

  it('switches to the login tab when the email already has an account', async () => {
    const existing = await signedOutMember()
    await b.page.goto(b.url('/auth'))
    await b.page.getByRole('tab', { name: 'Register' }).click()
    await b.page.getByLabel('Full name').fill('Someone Else')
    await b.page.getByLabel('Username', { exact: true }).fill(uniqueUsername('dup'))
    await b.page.getByLabel('Email', { exact: true }).fill(existing.email)
    await b.page.getByLabel('Password', { exact: true }).fill('another-password')
    await b.page.getByLabel('Confirm password').fill('another-password')
    await b.page.getByRole('button', { name: 'Create account' }).click()

    await b.page.getByRole('heading', { level: 1, name: 'Welcome back' }).waitFor()
    expect(await b.page.getByLabel('Username or email').inputValue()).toBe(existing.email)
    await b.toast('Registration failed').waitFor()
  })
})

describe('login', () => {
  it('logs in by username', async () => {
    const member = await signedOutMember()
    await fillLogin(member.username, member.password)
    await b.page.waitForURL(b.url('/'))
    await b.toast('Welcome back!').waitFor()
    await b.toast(`You are now logged in as ${member.username}`).waitFor()
    await b.page.getByRole('navigation', { name: 'Main' }).waitFor()
  })

  it('logs in by email, ignoring case', async () => {
    const member = await signedOutMember()
    await fillLogin(member.email.toUpperCase(), member.password)
    await b.page.waitForURL(b.url('/'))
    await b.toast(`You are now logged in as ${member.username}`).waitFor()
  })

  it('shows the wrong-password message on the username field and stays on /auth', async () => {
    const member = await signedOutMember()
    await fillLogin(member.username, 'not-the-password')
    const field = b.page.getByLabel('Username or email')
    await b.page
      .getByRole('tabpanel', { name: 'Login' })
      .getByText('Invalid username/email or password. Please try again.')
      .waitFor()
    expect(await field.getAttribute('aria-invalid')).toBe('true')
    await b.toast('Login failed').waitFor()
    expect(new URL(b.page.url()).pathname).toBe('/auth')
    expect((await b.context.request.get(b.url('/api/user'))).status()).toBe(401)
  })
})

describe('logout', () => {
  it('signs out from the avatar menu and goes to /auth', async () => {
    await registerViaApi(b.context)
    await b.page.goto(b.url('/'))
    await b.page.getByRole('button', { name: 'Open user menu' }).click()
    await b.page.getByRole('menuitem', { name: 'Sign out' }).click()
    await b.page.waitForURL(b.url('/auth'))
    await b.toast('You have been successfully logged out').waitFor()
    expect((await b.context.request.get(b.url('/api/user'))).status()).toBe(401)

    await b.page.goto(b.url('/connections'))
    await b.page.waitForURL(b.url('/auth?next=%2Fconnections'))
  })

  it('signs out from the mobile side menu', async () => {
    await registerViaApi(b.context)
    await b.page.setViewportSize({ width: 390, height: 844 })
    await b.page.goto(b.url('/'))
    await b.page.getByRole('button', { name: 'Open menu' }).click()
    await b.page.getByRole('dialog').getByRole('button', { name: 'Sign out' }).click()
    await b.page.waitForURL(b.url('/auth'))
    await b.toast('Logged out').waitFor()
  })
})

describe('forgot and reset password', () => {
  it('mails a link that sets a new password, then redirects to /auth', async () => {
    const member = await signedOutMember()
    await b.page.goto(b.url('/auth'))
    await b.page.getByRole('link', { name: 'Forgot your password?' }).click()
    await b.page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor()
    await b.page.getByLabel('Email', { exact: true }).fill(member.email)
    await b.page.getByRole('button', { name: 'Send reset link' }).click()
    await b.page
      .getByText(
        'If your email is registered with us, you will receive password reset instructions shortly.',
        {
          exact: false,
        },
      )
      .waitFor()

    const mail = await waitForMail(member.email)
    const link = /https?:\/\/\S+\/reset-password\?\S+/.exec(mail.text)?.[0]
    expect(link, mail.text).toBeTruthy()
    expect(link!.startsWith(b.url('/reset-password?'))).toBe(true)

    await b.page.goto(link!)
    await b.page.getByLabel('New password', { exact: true }).fill('brand-new-secret')
    await b.page.getByRole('meter', { name: 'Password strength' }).waitFor()
    await b.page.getByText('Password strength: Strong').waitFor()
    await b.page.getByLabel('Confirm new password').fill('brand-new-secret')
    await b.page.getByRole('button', { name: 'Reset password' }).click()
    await b.page.getByText('Redirecting you to the login page in 3 seconds...').waitFor()
    await b.page.waitForURL(b.url('/auth'), { timeout: 10_000 })

    // The link works once.
    await b.page.goto(link!)
    await b.page.getByLabel('New password', { exact: true }).fill('another-secret-1')
    await b.page.getByLabel('Confirm new password').fill('another-secret-1')
    await b.page.getByRole('button', { name: 'Reset password' }).click()
    await b.page.getByRole('alert').filter({ hasText: 'invalid or has expired' }).waitFor()

    await fillLogin(member.username, member.password)
    await b.toast('Login failed').waitFor()
    await fillLogin(member.username, 'brand-new-secret')
    await b.page.waitForURL(b.url('/'))
  })

  it('shows the same neutral message for an unknown address', async () => {
    await b.page.goto(b.url('/forgot-password'))
    await b.page.getByLabel('Email', { exact: true }).fill(`${uniqueUsername('nobody')}@example.com`)
    await b.page.getByRole('button', { name: 'Send reset link' }).click()
    await b.page.getByText('Please check your inbox (and spam folder).', { exact: false }).waitFor()
  })

  it('explains a link without token or email and disables the form', async () => {
    await b.page.goto(b.url('/reset-password?email=someone%40example.com'))
    await b.page.getByText('Invalid or missing password reset link. Please request a new one.').waitFor()
    expect(await b.page.getByRole('button', { name: 'Reset password' }).isDisabled()).toBe(true)
  })
})
