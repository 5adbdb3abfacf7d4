import Bowser from 'bowser'

export type DeviceDescription = { name: string; kind: 'desktop' | 'mobile' | 'tablet' | 'unknown' }

/** "Firefox 128 on Linux" and the kind of device, from a session's User-Agent. */
export function describeDevice(userAgent: string | null): DeviceDescription {
  if (!userAgent) return { name: 'Unknown device', kind: 'unknown' }
  const parsed = Bowser.parse(userAgent)
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ')
  const os = [parsed.os.name, parsed.os.name === 'macOS' ? undefined : parsed.os.versionName]
    .filter(Boolean)
    .join(' ')
  const name = browser && os ? `${browser} on ${os}` : browser || os || 'Unknown device'
  const type = parsed.platform.type
  const kind = type === 'mobile' || type === 'tablet' || type === 'desktop' ? type : 'unknown'
  return { name, kind }
}
