import { startI18n } from '../../lib/i18n/i18n'
import { en } from './resources.en'

/** Starts the app's i18n: English at hand, German as one chunk fetched when it is needed. */
export const startAppI18n = (language?: string) =>
  startI18n({
    resources: { en },
    loaders: { de: () => import('./resources.de').then((module) => module.de) },
    language,
  })
