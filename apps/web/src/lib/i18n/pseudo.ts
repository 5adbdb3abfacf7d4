import type { ResourceLanguage } from 'i18next'

/*
 * A pseudo-locale for tests: every English text, accented and bracketed ("Send" → "⟦Šéñð⟧"), its
 * {{placeholders}}, <0>tags</0> and $t(nesting) kept as they are. A page rendered in it shows any
 * text left hard-coded in plain ASCII, where a test can find it.
 */

export const PSEUDO_LOCALE = 'pseudo'
/**
 * The language tag that asks for it: en-XA, the tag Android and Chromium give their accented
 * pseudo-locale. A browser (or a test's browser context) whose first language is en-XA gets the app
 * in the pseudo-locale; no person's browser says so by accident.
 */
export const PSEUDO_TAG = 'en-XA'

/** Whether the browser's first language asks for the pseudo-locale. */
export const wantsPseudoLocale = (languages: readonly string[]) =>
  languages[0]?.toLowerCase() === PSEUDO_TAG.toLowerCase()
export const PSEUDO_OPEN = '⟦'
export const PSEUDO_CLOSE = '⟧'

const ACCENTED: Record<string, string> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ļ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ó',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ļ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ó',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
}

// What i18next reads rather than shows: interpolations, nesting and Trans component tags.
const MARKUP = /(\{\{[^}]*\}\}|\$t\([^)]*\)|<\/?\d+\/?>|<\/?[a-z]+\/?>)/g

export function pseudoText(text: string): string {
  if (text === '') return text
  const accented = text
    .split(MARKUP)
    .map((part, index) => (index % 2 === 1 ? part : part.replace(/[A-Za-z]/g, (c) => ACCENTED[c] ?? c)))
    .join('')
  return `${PSEUDO_OPEN}${accented}${PSEUDO_CLOSE}`
}

function pseudoTree(value: unknown): unknown {
  if (typeof value === 'string') return pseudoText(value)
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, pseudoTree(inner)]))
  }
  return value
}

/** The pseudo-locale's texts, made from a language's (English's). */
export const pseudoResources = (language: ResourceLanguage): ResourceLanguage =>
  pseudoTree(language) as ResourceLanguage
