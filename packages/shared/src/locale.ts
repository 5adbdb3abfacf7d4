import { z } from 'zod'

/** The languages of the app and of what the server sends to people; English is the spec's own. */
export const LOCALES = ['en', 'de'] as const

export const ZLocale = z.enum(LOCALES, { error: `locale must be one of ${LOCALES.join(', ')}` })

export type TLocale = z.infer<typeof ZLocale>

export const DEFAULT_LOCALE: TLocale = 'en'

/** The device's own choice (made on /auth or in /settings), in localStorage under this key. */
export const LOCALE_STORAGE_KEY = 'vouched.locale'

/** Each language named in itself, as language pickers show them. */
export const LOCALE_NAMES: Record<TLocale, string> = { en: 'English', de: 'Deutsch' }

export const isLocale = (value: unknown): value is TLocale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value)

/**
 * The first of the reader's languages that we have, by primary subtag ("de-AT" is German); English
 * when none is. `preferred` is in order of preference: navigator.languages, or an Accept-Language
 * header's ranges as `parseAcceptLanguage` orders them.
 */
export function pickLocale(preferred: readonly string[]): TLocale {
  for (const tag of preferred) {
    const primary = tag.trim().toLowerCase().split(/[-_]/)[0]
    if (isLocale(primary)) return primary
  }
  return DEFAULT_LOCALE
}

/** An Accept-Language header's language ranges, highest quality first ("*" and q=0 left out). */
export function parseAcceptLanguage(header: string | undefined): string[] {
  if (!header) return []
  return header
    .split(',')
    .map((part, index) => {
      const [range = '', ...params] = part.trim().split(';')
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      const quality = q ? Number(q.slice(2)) : 1
      return { range: range.trim(), quality: Number.isFinite(quality) ? quality : 0, index }
    })
    .filter(({ range, quality }) => range !== '' && range !== '*' && quality > 0)
    .sort((a, b) => b.quality - a.quality || a.index - b.index)
    .map(({ range }) => range)
}
