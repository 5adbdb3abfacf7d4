import type { TLocale } from '@vouched/shared/locale'
import Bowser from 'bowser'
import { eq } from 'drizzle-orm'
import type { Config } from '../../config'
import type { BackgroundMail } from '../../core/mail'
import { mailTexts } from '../../core/mail-texts'
import type { Db } from '../../db/client'
import { users } from '../../db/schema/index'

/** A short description of a browser for people: "Firefox 128 on Linux" ("… unter Linux"). */
export function describeDevice(userAgent: string | null, locale: TLocale | null = null): string {
  const texts = mailTexts(locale).security
  if (!userAgent) return texts.unknownDevice
  const parsed = Bowser.parse(userAgent)
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ')
  const os = parsed.os.name
  if (browser && os) return texts.browserOn(browser, os)
  return browser || os || texts.unknownDevice
}

export type SecurityEvent =
  | { kind: 'new-device'; userAgent: string | null }
  | { kind: 'password-changed' }
  | { kind: 'two-factor-on' }
  | { kind: 'two-factor-off' }
  | { kind: 'passkey-added'; name: string }
  | { kind: 'passkey-removed'; name: string }

function body(event: SecurityEvent, locale: TLocale | null) {
  const texts = mailTexts(locale).security
  switch (event.kind) {
    case 'new-device':
      return texts.newDevice(describeDevice(event.userAgent, locale))
    case 'password-changed':
      return texts.passwordChanged
    case 'two-factor-on':
      return texts.twoFactorOn
    case 'two-factor-off':
      return texts.twoFactorOff
    case 'passkey-added':
      return texts.passkeyAdded(event.name)
    case 'passkey-removed':
      return texts.passkeyRemoved(event.name)
  }
}

/**
 * Tells the member, by mail, of a change to how their account is reached, in their saved language.
 * Sent beside the answer; the text names the device and the event, never a code, a secret or what
 * anyone else wrote.
 */
export function mailSecurityEvent(
  db: Db,
  mail: BackgroundMail,
  config: Config,
  userId: number,
  event: SecurityEvent,
) {
  mail.send(async () => {
    const [user] = await db
      .select({ email: users.email, locale: users.locale })
      .from(users)
      .where(eq(users.id, userId))
    if (!user) return null
    const texts = mailTexts(user.locale)
    return {
      to: user.email,
      subject: texts.security.subjects[event.kind],
      text: [
        texts.greeting,
        '',
        body(event, user.locale),
        '',
        ...texts.security.footer(`${config.publicUrl}/settings`),
      ].join('\n'),
    }
  })
}
