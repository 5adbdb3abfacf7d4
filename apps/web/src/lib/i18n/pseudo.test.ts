import { describe, expect, it } from 'vitest'
import { pseudoResources, pseudoText, wantsPseudoLocale } from './pseudo'

describe('pseudoText', () => {
  it('accents and brackets the words, keeping placeholders, nesting and tags', () => {
    expect(pseudoText('Send')).toBe('⟦Šéñð⟧')
    expect(pseudoText('Hi {{name}}, see <0>{{count}} vouches</0>')).toBe(
      '⟦Ĥí {{name}}, šéé <0>{{count}} ṽóúçĥéš</0>⟧',
    )
    expect(pseudoText('$t(common:save) now')).toBe('⟦$t(common:save) ñóŵ⟧')
  })

  it('leaves empty texts empty and walks nested namespaces', () => {
    expect(pseudoResources({ ns: { a: { b: 'Ok', c: '' } } })).toEqual({ ns: { a: { b: '⟦Óķ⟧', c: '' } } })
  })
})

describe('wantsPseudoLocale', () => {
  it('is asked for by en-XA as the first language only', () => {
    expect(wantsPseudoLocale(['en-XA', 'en'])).toBe(true)
    expect(wantsPseudoLocale(['en-xa'])).toBe(true)
    expect(wantsPseudoLocale(['en-US', 'en-XA'])).toBe(false)
    expect(wantsPseudoLocale([])).toBe(false)
  })
})
