import { describe, expect, it } from 'vitest'
import { PROFILE_MESSAGES, ZAddWorkEmailBody, ZUpdateProfileBody, isPersonalEmail } from './profiles'

describe('isPersonalEmail', () => {
  it.each([
    ['a@gmail.com', true],
    ['a@yahoo.co.uk', true],
    ['a@HOTMAIL.fr', true],
    ['a@mail.protonmail.ch', true],
    ['a@att.net', true],
    ['a@acme.com', false],
    ['a@attic.io', false],
    ['a@gmail-consulting.com', false],
  ])('%s → %s', (email, personal) => {
    expect(isPersonalEmail(email)).toBe(personal)
  })

  it('gives the SPEC message', () => {
    expect(ZAddWorkEmailBody.safeParse({ email: 'me@gmail.com' }).error?.issues[0]?.message).toBe(
      PROFILE_MESSAGES.personalEmail,
    )
  })
})

describe('ZUpdateProfileBody', () => {
  it('clears emptied fields and leaves missing ones', () => {
    expect(ZUpdateProfileBody.parse({ fullName: ' Ann Lee ', title: '', bio: 'x' })).toEqual({
      fullName: 'Ann Lee',
      title: null,
      bio: 'x',
    })
  })

  it('enforces SPEC.md §5 limits', () => {
    expect(ZUpdateProfileBody.safeParse({ fullName: 'A' }).error?.issues[0]?.message).toBe(
      'Full name must be at least 2 characters',
    )
    expect(ZUpdateProfileBody.safeParse({ bio: 'b'.repeat(501) }).success).toBe(false)
    expect(ZUpdateProfileBody.safeParse({ bio: 'b'.repeat(500) }).success).toBe(true)
  })
})

describe('printable names', () => {
  const refused = (body: Record<string, string>) => ZUpdateProfileBody.safeParse(body).error?.issues[0]
  it.each([
    ['a line break', 'Ann\nLee'],
    ['a carriage return', 'Ann\rLee'],
    ['a tab', 'Ann\tLee'],
    ['a bell', 'Ann\u0007Lee'],
    ['a C1 control', 'Ann\u0085Lee'],
    ['a line separator', 'Ann\u2028Lee'],
    ['a right-to-left override', 'Ann \u202Eeel'],
    ['a right-to-left isolate', 'Ann \u2067Lee\u2069'],
  ])('refuse %s in a full name, title and location, on the field', (_name, value) => {
    expect(refused({ fullName: value })).toMatchObject({
      path: ['fullName'],
      message: 'Full name cannot contain line breaks, control or text-direction characters',
    })
    expect(refused({ title: value })?.path).toEqual(['title'])
    expect(refused({ location: value })?.path).toEqual(['location'])
  })

  it('let a bio keep its line breaks but nothing else of the kind', () => {
    expect(ZUpdateProfileBody.parse({ bio: 'First line\nSecond\r\nThird' }).bio).toBe(
      'First line\nSecond\r\nThird',
    )
    expect(refused({ bio: 'Tab\there' })).toMatchObject({
      path: ['bio'],
      message: 'Bio cannot contain control or text-direction characters',
    })
    expect(refused({ bio: 'Sneaky \u202Etxt.exe' })?.path).toEqual(['bio'])
  })

  it('accept names of every script, accents and emoji joined by ZWJ', () => {
    for (const fullName of ['Zoë Ångström', 'محمد علي', '李小龙', 'Ann 👩‍💻', 'नमस्ते']) {
      expect(ZUpdateProfileBody.parse({ fullName }).fullName).toBe(fullName)
    }
  })
})
