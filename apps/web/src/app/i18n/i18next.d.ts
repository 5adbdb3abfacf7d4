import 'i18next'
import type { Resources } from './resources.en'

// Keys are checked by the typecheck: `t('missing.key')` and a German file lacking a key fail it.
declare module 'i18next' {
  // An interface, as augmenting i18next's own one needs declaration merging.
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions
  interface CustomTypeOptions {
    defaultNS: 'common'
    resources: Resources
    returnNull: false
  }
}
