// English, the spec's own texts: in the first chunk, so an English page never waits for them.
import app from '../locales/en.json'
import common from '../../components/locales/en.json'
import account from '../../features/account/locales/en.json'
import admin from '../../features/admin/locales/en.json'
import announcements from '../../features/announcements/locales/en.json'
import auth from '../../features/auth/locales/en.json'
import badges from '../../features/badges/locales/en.json'
import blocks from '../../features/blocks/locales/en.json'
import connections from '../../features/connections/locales/en.json'
import credentials from '../../features/credentials/locales/en.json'
import discovery from '../../features/discovery/locales/en.json'
import endorsementRequests from '../../features/endorsement-requests/locales/en.json'
import endorsements from '../../features/endorsements/locales/en.json'
import events from '../../features/events/locales/en.json'
import fediverse from '../../features/fediverse/locales/en.json'
import fediverseFeed from '../../features/fediverse-feed/locales/en.json'
import messaging from '../../features/messaging/locales/en.json'
import notifications from '../../features/notifications/locales/en.json'
import onboarding from '../../features/onboarding/locales/en.json'
import profiles from '../../features/profiles/locales/en.json'
import push from '../../features/push/locales/en.json'
import reports from '../../features/reports/locales/en.json'
import remoteVouches from '../../features/remote-vouches/locales/en.json'
import reputation from '../../features/reputation/locales/en.json'
import security from '../../features/security/locales/en.json'
import trust from '../../features/trust/locales/en.json'

/** One namespace per feature folder, plus `app` (app/) and `common` (components/ and lib/). */
export const en = {
  app,
  common,
  account,
  admin,
  announcements,
  auth,
  badges,
  blocks,
  connections,
  credentials,
  discovery,
  'endorsement-requests': endorsementRequests,
  endorsements,
  events,
  fediverse,
  'fediverse-feed': fediverseFeed,
  messaging,
  notifications,
  onboarding,
  profiles,
  push,
  reports,
  'remote-vouches': remoteVouches,
  reputation,
  security,
  trust,
}

export type Resources = typeof en
export type Namespace = keyof Resources
