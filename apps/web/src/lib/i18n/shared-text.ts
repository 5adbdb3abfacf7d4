import type { TMessageCatalogue } from '@vouched/shared/i18n/messages.en'
import type { TLocale } from '@vouched/shared/locale'
import { useTranslation } from 'react-i18next'
import { currentLocale, i18n } from './i18n'
import { PSEUDO_LOCALE, pseudoText } from './pseudo'

/*
 * Texts from packages/shared (the `*_MESSAGES` and `*_LABELS` constants, and zod's messages made of
 * them) are English; the server and the forms share them. Shown to a person, they go through
 * sharedText, which finds them in the shared German catalogue. The catalogue arrives with the German
 * chunk (app/i18n/start-i18n.ts), so English pages never load it.
 */

type Localizer = (text: string, locale: TLocale) => string

let localizer: Localizer | undefined

const catalogues: Partial<Record<TLocale, TMessageCatalogue>> = {}

/** Called by the German chunk's loader with the shared catalogue's lookup (and the catalogue itself). */
export function setSharedLocalizer(
  next: Localizer,
  catalogue?: { locale: TLocale; messages: TMessageCatalogue },
) {
  localizer = next
  if (catalogue) catalogues[catalogue.locale] = catalogue.messages
}

/** A shared English text in the app's language (unchanged in English, or when it is not a shared text). */
export function sharedText(text: string): string {
  if (i18n.language === PSEUDO_LOCALE) return pseudoText(text)
  const locale = currentLocale()
  if (locale === 'en' || !localizer) return text
  return localizer(text, locale)
}

/** sharedText for a component: it renders again when the language changes. */
export function useSharedText(): (text: string) => string {
  useTranslation()
  return sharedText
}

/**
 * A shared function text with no single English shape to recognise (a plural, a branch on a number:
 * DISCOVERY_MESSAGES.resultCount): the same function of the language's catalogue, called by `pick`.
 */
export function sharedTextOf(english: string, pick: (catalogue: TMessageCatalogue) => string): string {
  if (i18n.language === PSEUDO_LOCALE) return pseudoText(english)
  const catalogue = catalogues[currentLocale()]
  return catalogue ? pick(catalogue) : english
}
