import type { TLocale } from '../locale'
import { MESSAGES_DE } from './messages.de'
import { MESSAGES_EN, type TMessageCatalogue } from './messages.en'

type TextFunction = (...args: string[]) => string

/** An English function text as a pattern: its holes become captures, in the order they appear. */
type Pattern = { regex: RegExp; argIndex: number[]; literalLength: number; translate: TextFunction }

type Localizer = { exact: Map<string, string>; patterns: Pattern[] }

const CATALOGUES: Record<Exclude<TLocale, 'en'>, TMessageCatalogue> = { de: MESSAGES_DE }

// Private-use characters: no message holds them, so they mark the holes unambiguously.
const hole = (index: number) => `\uE000${index}\uE001`
const HOLE = /\uE000(\d+)\uE001/g
const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The pattern of a function text, or null when the function does more than splice its arguments
 * into one template (a plural, a branch on a number, a list it joins): those have no single English
 * shape to recognise, and callers translate them from their arguments instead.
 */
export function textPattern(english: TextFunction): Omit<Pattern, 'translate'> | null {
  const arity = english.length
  let template: string
  try {
    template = english(...Array.from({ length: arity }, (_, i) => hole(i)))
  } catch {
    return null
  }
  const argIndex = [...template.matchAll(HOLE)].map((match) => Number(match[1]))
  if (new Set(argIndex).size !== arity || argIndex.length !== arity) return null
  const fill = (args: readonly unknown[]) => template.replace(HOLE, (_, i: string) => String(args[Number(i)]))
  for (const sample of ['x', 1, 50, 0]) {
    const args = Array.from({ length: arity }, (_, i) =>
      typeof sample === 'number' ? sample + i : `${sample}${i}`,
    )
    try {
      if ((english as (...a: unknown[]) => string)(...args) !== fill(args)) return null
    } catch {
      return null
    }
  }
  const literals = template.split(HOLE).filter((_, i) => i % 2 === 0)
  const regex = new RegExp(`^${literals.map(escapeRegex).join('(.+)')}$`, 's')
  return { regex, argIndex, literalLength: literals.join('').length }
}

function buildLocalizer(catalogue: TMessageCatalogue): Localizer {
  const exact = new Map<string, string>()
  const patterns: Pattern[] = []
  for (const [group, texts] of Object.entries(MESSAGES_EN)) {
    const translated = catalogue[group as keyof TMessageCatalogue] as Record<string, unknown>
    for (const [key, english] of Object.entries(texts as Record<string, unknown>)) {
      const target = translated[key]
      if (typeof english === 'string' && typeof target === 'string') {
        if (!exact.has(english)) exact.set(english, target)
      } else if (typeof english === 'function' && typeof target === 'function') {
        const pattern = textPattern(english as TextFunction)
        if (pattern) patterns.push({ ...pattern, translate: target as TextFunction })
      }
    }
  }
  // The most specific shape first: "… not found" must not swallow a longer text ending so.
  patterns.sort((a, b) => b.literalLength - a.literalLength)
  return { exact, patterns }
}

const localizers = new Map<TLocale, Localizer>()

function localizerFor(locale: Exclude<TLocale, 'en'>) {
  let localizer = localizers.get(locale)
  if (!localizer) {
    localizer = buildLocalizer(CATALOGUES[locale])
    localizers.set(locale, localizer)
  }
  return localizer
}

function translate(localizer: Localizer, text: string): string | undefined {
  const known = localizer.exact.get(text)
  if (known !== undefined) return known
  for (const pattern of localizer.patterns) {
    const match = pattern.regex.exec(text)
    if (!match) continue
    // Each captured part in the language too ("User not found": the noun; a retry "in 5 minutes").
    const captured = match.slice(1).map((part) => translate(localizer, part) ?? part)
    const args: string[] = []
    pattern.argIndex.forEach((argument, position) => {
      args[argument] = captured[position]!
    })
    return pattern.translate(...args)
  }
  return undefined
}

/**
 * An English text of the shared catalogue (as zod or the server produce it, function texts included,
 * recognised by their shape) in `locale`; any other text unchanged. The first call per language
 * builds its lookup (a Map and the patterns); later calls are a map lookup.
 */
export function localizeMessage(text: string, locale: TLocale): string {
  if (locale === 'en') return text
  return translate(localizerFor(locale), text) ?? text
}
