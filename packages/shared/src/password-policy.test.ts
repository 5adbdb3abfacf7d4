import { describe, expect, it } from 'vitest'
import { changePasswordBody } from './account'
import { AUTH_MESSAGES, registerBody, resetPasswordBody } from './auth'
import { measurePassword } from './password-meter'
import {
  PASSWORD_MESSAGES,
  passwordProblem,
  passwordRuleProblem,
  type PasswordMeter,
} from './password-policy'

const register = registerBody(measurePassword)
const registration = (password: string, extra: Record<string, string> = {}) => ({
  username: 'grace_h',
  email: 'g.hopper@navy.example',
  password,
  passwordConfirm: password,
  fullName: 'Grace Hopper',
  ...extra,
})
const issuesOn = (
  result: { error?: { issues: { path: PropertyKey[]; message: string }[] } },
  field: string,
) =>
  (result.error?.issues ?? []).filter((issue) => issue.path.join('.') === field).map((issue) => issue.message)

describe('measurePassword', () => {
  it.each([
    '123456',
    'password',
    'qwerty123',
    'secret123',
    'iloveyou2',
    'zaq12wsx',
    'p4ssw0rd',
    'aaaaaa',
    'abcdef',
  ])('calls %s common', (password) => {
    expect(measurePassword(password, []).common).toBe(true)
  })

  it.each(['kq8zpx', 'vouched-demo', 'correct-horse-battery', 'brand-new-pass'])(
    'lets %s pass',
    (password) => {
      expect(measurePassword(password, []).common).toBe(false)
    },
  )

  it('scores from 0 to 4, higher for longer unrelated words', () => {
    expect(measurePassword('123456', []).score).toBe(0)
    expect(measurePassword('correct-horse-battery', []).score).toBe(4)
  })

  it('judges the first 32 characters only, so a long password costs no more than a short one', () => {
    const weakStart = 'p4ssw0rd'.repeat(4)
    expect(measurePassword(weakStart, [])).toEqual(
      measurePassword(`${weakStart}${'p4ssw0rd'.repeat(21)}`, []),
    )
    expect(measurePassword(weakStart, []).common).toBe(true)
  })

  it("counts the member's own words as easy to guess", () => {
    expect(measurePassword('zebulon77', []).common).toBe(false)
    expect(measurePassword('zebulon77', ['zebulon']).common).toBe(true)
  })
})

describe('passwordRuleProblem', () => {
  const owner = { username: 'Grace_H', email: 'G.Hopper@navy.example' }

  it.each([
    ['      ', PASSWORD_MESSAGES.blank],
    ['\t \n  ', PASSWORD_MESSAGES.blank],
    ['grace_h', PASSWORD_MESSAGES.containsUsername],
    ['my-GRACE_H-pass', PASSWORD_MESSAGES.containsUsername],
    ['g.hopper', PASSWORD_MESSAGES.containsEmail],
    ['1g.hopper2', PASSWORD_MESSAGES.containsEmail],
    ['g.hopper@navy.example', PASSWORD_MESSAGES.containsEmail],
  ])('refuses %j', (password, message) => {
    expect(passwordRuleProblem(password, owner)).toBe(message)
  })

  it('accepts an unrelated password with spaces inside', () => {
    expect(passwordRuleProblem('  cobol forever  ', owner)).toBeNull()
  })

  it('compares a very short email local part only whole', () => {
    expect(passwordRuleProblem('cobol-forever', { email: 'o@navy.example' })).toBeNull()
    expect(passwordRuleProblem('o', { email: 'o@navy.example' })).toBe(PASSWORD_MESSAGES.containsEmail)
  })
})

describe('passwordProblem', () => {
  it('does not measure a password the cheap rules refuse', () => {
    let measured = 0
    const meter: PasswordMeter = () => {
      measured += 1
      return { score: 4, common: false }
    }
    expect(passwordProblem('   ', {}, meter)).toBe(PASSWORD_MESSAGES.blank)
    expect(measured).toBe(0)
  })

  it('waits for a meter that is still loading', async () => {
    const meter: PasswordMeter = async () => ({ score: 0, common: true })
    await expect(passwordProblem('whatever-it-is', {}, meter)).resolves.toBe(PASSWORD_MESSAGES.common)
  })
})

describe('registerBody', () => {
  it('accepts a strong password', () => {
    expect(register.safeParse(registration('cobol-forever')).success).toBe(true)
  })

  it.each([
    ['123456', PASSWORD_MESSAGES.common],
    ['      ', PASSWORD_MESSAGES.blank],
    ['grace_h', PASSWORD_MESSAGES.containsUsername],
    ['grace_h-1906', PASSWORD_MESSAGES.containsUsername],
    ['g.hopper1906', PASSWORD_MESSAGES.containsEmail],
  ])('puts the problem of %j on the password field', (password, message) => {
    expect(issuesOn(register.safeParse(registration(password)), 'password')).toEqual([message])
  })

  it('keeps the spec minimum of 6 characters and its message', () => {
    const result = register.safeParse(registration('kq8zp'))
    expect(issuesOn(result, 'password')).toEqual([AUTH_MESSAGES.passwordMin])
  })

  it('checks asynchronously with a meter that loads', async () => {
    const lazy = registerBody(async (password, inputs) => measurePassword(password, inputs))
    const result = await lazy.safeParseAsync(registration('letmein1'))
    expect(issuesOn(result, 'password')).toEqual([PASSWORD_MESSAGES.common])
  })
})

describe('resetPasswordBody', () => {
  const reset = resetPasswordBody(measurePassword)
  const body = (password: string) => ({
    token: 'abc',
    email: 'g.hopper@navy.example',
    password,
    confirmPassword: password,
  })

  it('keeps the 8-character minimum and refuses common passwords and the email', () => {
    expect(issuesOn(reset.safeParse(body('kq8zpx')), 'password')).toEqual([AUTH_MESSAGES.resetPasswordMin])
    expect(issuesOn(reset.safeParse(body('password1')), 'password')).toEqual([PASSWORD_MESSAGES.common])
    expect(issuesOn(reset.safeParse(body('g.hopper-1906')), 'password')).toEqual([
      PASSWORD_MESSAGES.containsEmail,
    ])
    expect(reset.safeParse(body('brand-new-secret')).success).toBe(true)
  })
})

describe('changePasswordBody', () => {
  it('puts the problem on newPassword, with the member the client knows', () => {
    const change = changePasswordBody(measurePassword, { username: 'grace_h' })
    const body = (newPassword: string) => ({
      currentPassword: 'old-one',
      newPassword,
      confirmPassword: newPassword,
    })
    expect(issuesOn(change.safeParse(body('qwerty123')), 'newPassword')).toEqual([PASSWORD_MESSAGES.common])
    expect(issuesOn(change.safeParse(body('grace_h!!')), 'newPassword')).toEqual([
      PASSWORD_MESSAGES.containsUsername,
    ])
    expect(change.safeParse(body('cobol-forever')).success).toBe(true)
  })
})
