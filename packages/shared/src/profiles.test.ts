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
