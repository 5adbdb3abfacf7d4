import { describe, expect, it } from 'vitest'
import { initials } from './initials'

describe('initials', () => {
  it('takes the first letters of the first and last word of the name', () => {
    expect(initials('Ada Lovelace', 'ada')).toBe('AL')
    expect(initials('  maria de la cruz ', 'maria')).toBe('MC')
  })

  it('uses one letter for a one-word name', () => {
    expect(initials('Prince', 'p')).toBe('P')
  })

  it('falls back to the upper-cased first letter of the username, then U', () => {
    expect(initials(null, 'bob')).toBe('B')
    expect(initials('   ', 'zed')).toBe('Z')
    expect(initials(null, null)).toBe('U')
    expect(initials(undefined, '')).toBe('U')
  })
})
