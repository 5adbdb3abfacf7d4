import {
  DEFAULT_LOCALE,
  isLocale,
  LOCALE_STORAGE_KEY,
  pickLocale,
  type TLocale,
} from '@vouched/shared/locale'
import i18next, { type Resource, type ResourceLanguage } from 'i18next'
import { initReactI18next } from 'react-i18next'

/*
 * The app's language. Which one: the member's saved choice (applied by the account feature once the
 * settings arrive), else this device's choice (made on /auth or in /settings, kept in localStorage),
 * else the browser's languages. English is in the first chunk; another language is one chunk loaded
 * before the first render that needs it, so no page ever paints in the wrong language.
 */

/** The one i18next instance; react-i18next's hooks use it. */
export const i18n = i18next.createInstance()

/** By language: the app's (TLocale) and the tests' pseudo-locale. */
type LanguageLoaders = Partial<Record<string, () => Promise<ResourceLanguage>>>

let loaders: LanguageLoaders = {}
const loading = new Map<string, Promise<void>>()

function readStoredLocale(): TLocale | undefined {
  try {
    const stored = window.localStorage.getItem(LOCALE_STORAGE_KEY)
    return isLocale(stored) ? stored : undefined
  } catch {
    // Storage refused (private mode, a blocked site): the browser's languages decide.
    return undefined
  }
}

/** This device's language before any member setting: its stored choice, else the browser's. */
export function detectLocale(): TLocale {
  if (typeof window === 'undefined') return DEFAULT_LOCALE
  return readStoredLocale() ?? pickLocale(window.navigator.languages ?? [window.navigator.language])
}

/** Loads a language's texts once; English (and any language given at start) is there already. */
function ensureLoaded(language: string): Promise<void> {
  if (i18n.hasResourceBundle(language, 'common')) return Promise.resolve()
  const load = loaders[language]
  if (!load) return Promise.resolve()
  let pending = loading.get(language)
  if (!pending) {
    pending = load().then((bundle) => {
      for (const [ns, texts] of Object.entries(bundle))
        i18n.addResourceBundle(language, ns, texts, true, true)
    })
    // A failed load (offline) may be tried again on the next switch.
    pending.catch(() => loading.delete(language))
    loading.set(language, pending)
  }
  return pending
}

function applyToDocument(language: string) {
  if (typeof document !== 'undefined') document.documentElement.lang = language
}

/**
 * Starts i18next with the languages at hand (`resources`, English at least) and loaders for the
 * others. Resolves once `language`'s texts are in: the first render waits for it.
 */
export async function startI18n(options: {
  resources: Resource
  loaders?: LanguageLoaders
  language?: string
}): Promise<void> {
  loaders = options.loaders ?? {}
  const language = options.language ?? detectLocale()
  await i18n.use(initReactI18next).init({
    resources: options.resources,
    lng: DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    defaultNS: 'common',
    ns: Object.keys(options.resources[DEFAULT_LOCALE] ?? {}),
    // React escapes what it renders; escaping here as well would show "&amp;" in names.
    interpolation: { escapeValue: false },
    // English resources are in memory: init finishes synchronously and the first render has them.
    initAsync: false,
    returnNull: false,
  })
  i18n.on('languageChanged', applyToDocument)
  await changeLocale(language)
  applyToDocument(i18n.language)
}

/** Switches the app's language (loading its texts first); `remember` keeps it on this device. */
export async function changeLocale(language: string, { remember = false } = {}): Promise<void> {
  await ensureLoaded(language)
  await i18n.changeLanguage(language)
  if (!remember || !isLocale(language)) return
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, language)
  } catch {
    // Not kept across visits, but this page shows it.
  }
}

/** The language the app shows now (one of LOCALES outside tests). */
export const currentLocale = (): TLocale => (isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE)
