import { describe, expect, it } from 'vitest'
import { parseAcceptLanguage, pickLocale } from './locale'

describe('pickLocale', () => {
  it('takes the first language we have, by its primary subtag', () => {
    expect(pickLocale(['fr-FR', 'de-AT', 'en'])).toBe('de')
    expect(pickLocale(['en-GB', 'de'])).toBe('en')
    expect(pickLocale(['DE_ch'])).toBe('de')
  })

  it('falls back to English when none is ours', () => {
    expect(pickLocale(['fr', 'es-ES'])).toBe('en')
    expect(pickLocale([])).toBe('en')
  })
})

describe('parseAcceptLanguage', () => {
  it('orders ranges by quality, keeping the header order for equal ones', () => {
    expect(parseAcceptLanguage('fr;q=0.5, de-DE, en;q=0.8, it')).toEqual(['de-DE', 'it', 'en', 'fr'])
  })

  it('leaves out the wildcard, refused ranges and garbage', () => {
    expect(parseAcceptLanguage('*, de;q=0, en;q=abc, fr')).toEqual(['fr'])
    expect(parseAcceptLanguage(undefined)).toEqual([])
    expect(parseAcceptLanguage('')).toEqual([])
  })

  it('feeds pickLocale', () => {
    expect(pickLocale(parseAcceptLanguage('en;q=0.7, de-CH;q=0.9'))).toBe('de')
  })
})
