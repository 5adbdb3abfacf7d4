import { describe, expect, it } from 'vitest'
import { safeNextPath, signInPath } from './next-path'

describe('safeNextPath', () => {
  it.each([
    ['/profile/bob', '/profile/bob'],
    ['/discover?q=ada&sort=recent', '/discover?q=ada&sort=recent'],
    ['/messages/4#latest', '/messages/4#latest'],
    ['/profile/../settings', '/settings'],
  ])('keeps the same-site path %s', (next, expected) => {
    expect(safeNextPath(next)).toBe(expected)
  })

  it.each([
    null,
    '',
    'profile/bob',
    'https://evil.example/profile',
    '//evil.example',
    '/\\evil.example',
    '/\t/evil.example',
    '/%0a/evil.example'.replace('%0a', '\n'),
    'javascript:alert(1)',
    '/auth',
    '/auth?next=/x',
    '/forgot-password',
    '/reset-password?token=t',
  ])('refuses %j', (next) => {
    expect(safeNextPath(next)).toBeNull()
  })
})

describe('signInPath', () => {
  it('carries the page in next, and nothing for home', () => {
    expect(signInPath('/profile/bob?tab=x')).toBe('/auth?next=%2Fprofile%2Fbob%3Ftab%3Dx')
    expect(signInPath('/')).toBe('/auth')
  })
})
