// German, loaded on demand as one chunk. Typed as Resources, so a key missing here fails the typecheck.
import type { Resources } from './resources.en'
import app from '../locales/de.json'
import common from '../../components/locales/de.json'
import account from '../../features/account/locales/de.json'
import admin from '../../features/admin/locales/de.json'
import announcements from '../../features/announcements/locales/de.json'
import auth from '../../features/auth/locales/de.json'
import badges from '../../features/badges/locales/de.json'
import blocks from '../../features/blocks/locales/de.json'
import connections from '../../features/connections/locales/de.json'
import credentials from '../../features/credentials/locales/de.json'
import discovery from '../../features/discovery/locales/de.json'
import endorsementRequests from '../../features/endorsement-requests/locales/de.json'
import endorsements from '../../features/endorsements/locales/de.json'
import events from '../../features/events/locales/de.json'
import fediverse from '../../features/fediverse/locales/de.json'
import fediverseFeed from '../../features/fediverse-feed/locales/de.json'
import messaging from '../../features/messaging/locales/de.json'
import notifications from '../../features/notifications/locales/de.json'
import onboarding from '../../features/onboarding/locales/de.json'
import profiles from '../../features/profiles/locales/de.json'
import push from '../../features/push/locales/de.json'
import reports from '../../features/reports/locales/de.json'
import remoteVouches from '../../features/remote-vouches/locales/de.json'
import reputation from '../../features/reputation/locales/de.json'
import security from '../../features/security/locales/de.json'
import trust from '../../features/trust/locales/de.json'

export const de: Resources = {
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
