import { startI18n } from '../../lib/i18n/i18n'
import { setSharedLocalizer } from '../../lib/i18n/shared-text'
import { en } from './resources.en'

/**
 * Starts the app's i18n: English at hand; German as one chunk fetched when it is needed, with the
 * German of the shared messages (packages/shared) beside it.
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
    },
    language,
  })
