import { i18n } from '../../lib/i18n/i18n'

/**
 * The texts the My Network page (app/routes/connections.tsx) shows around this feature's tabs, read
 * from the 'connections' namespace when used, so they follow the app's language.
 */
export const CONNECTION_TEXTS = {
  get errorTitle() {
    return i18n.t('connections:page.errorTitle')
  },
  get errorText() {
    return i18n.t('connections:page.errorText')
  },
  get refreshPage() {
    return i18n.t('connections:page.refreshPage')
  },
}
