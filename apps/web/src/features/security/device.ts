import { i18n } from '../../lib/i18n/i18n'
import Bowser from 'bowser'

export type DeviceDescription = { name: string; kind: 'desktop' | 'mobile' | 'tablet' | 'unknown' }

/** "Firefox 128 on Linux" and the kind of device, from a session's User-Agent (in the app's language now). */
export function describeDevice(userAgent: string | null): DeviceDescription {
  if (!userAgent) return { name: i18n.t('security:device.unknown'), kind: 'unknown' }
  const parsed = Bowser.parse(userAgent)
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ')
  const os = [parsed.os.name, parsed.os.name === 'macOS' ? undefined : parsed.os.versionName]
    .filter(Boolean)
    .join(' ')
  const name =
    browser && os
      ? i18n.t('security:device.on', { browser, os })
      : browser || os || i18n.t('security:device.unknown')
  const type = parsed.platform.type
  const kind = type === 'mobile' || type === 'tablet' || type === 'desktop' ? type : 'unknown'
  return { name, kind }
}
