import { startI18n } from '../../lib/i18n/i18n'
import { PSEUDO_LOCALE, pseudoResources, wantsPseudoLocale } from '../../lib/i18n/pseudo'
import { setSharedLocalizer } from '../../lib/i18n/shared-text'
import { en } from './resources.en'

/** The pseudo-locale when the browser's first language asks for it (lib/i18n/pseudo.ts), for tests. */
const pseudoRequested = () =>
  typeof window !== 'undefined' &&
  wantsPseudoLocale(window.navigator.languages ?? [window.navigator.language])

/**
 * Starts the app's i18n: English at hand; German as one chunk fetched when it is needed, with the
 * German of the shared messages (packages/shared) beside it. The pseudo-locale is made from English
 * when a browser asks for it (en-XA).
 */
export const startAppI18n = (language?: string) =>
  startI18n({
    resources: { en },
    loaders: {
      de: async () => {
        const [texts, shared, messages] = await Promise.all([
          import('./resources.de'),
          import('@vouched/shared/i18n/localize'),
          import('@vouched/shared/i18n/messages.de'),
        ])
        setSharedLocalizer(shared.localizeMessage, { locale: 'de', messages: messages.MESSAGES_DE })
        return texts.de
      },
      [PSEUDO_LOCALE]: async () => pseudoResources(en),
    },
    language: language ?? (pseudoRequested() ? PSEUDO_LOCALE : undefined),
  })
