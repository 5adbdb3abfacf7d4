import Bowser from 'bowser'
import { eq } from 'drizzle-orm'
import type { Config } from '../../config'
import type { BackgroundMail } from '../../core/mail'
import type { Db } from '../../db/client'
import { users } from '../../db/schema/index'

/** A short description of a browser for people: "Firefox 128 on Linux". */
export function describeDevice(userAgent: string | null): string {
  if (!userAgent) return 'An unknown device'
  const parsed = Bowser.parse(userAgent)
  const browser = [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ')
  const os = parsed.os.name
  if (browser && os) return `${browser} on ${os}`
  return browser || os || 'An unknown device'
}

export type SecurityEvent =
  | { kind: 'new-device'; userAgent: string | null }
  | { kind: 'password-changed' }
  | { kind: 'two-factor-on' }
  | { kind: 'two-factor-off' }
  | { kind: 'passkey-added'; name: string }
  | { kind: 'passkey-removed'; name: string }

const passkeyName = (event: SecurityEvent) =>
  event.kind === 'passkey-added' || event.kind === 'passkey-removed' ? `"${event.name}"` : 'A passkey'

const MAILS: Record<SecurityEvent['kind'], { subject: string; body: (event: SecurityEvent) => string }> = {
  'new-device': {
    subject: 'Vouched: a new sign-in to your account',
    body: (event) =>
      `Your Vouched account was just signed in to from a device it had not been used on before: ${describeDevice(
        event.kind === 'new-device' ? event.userAgent : null,
      )}.`,
  },
  'password-changed': {
    subject: 'Vouched: your password was changed',
    body: () => 'The password of your Vouched account was just changed.',
  },
  'two-factor-on': {
    subject: 'Vouched: two-factor sign-in is on',
    body: () => 'Two-factor sign-in was just turned on for your Vouched account.',
  },
  'two-factor-off': {
    subject: 'Vouched: two-factor sign-in is off',
    body: () => 'Two-factor sign-in was just turned off for your Vouched account.',
  },
  'passkey-added': {
    subject: 'Vouched: a passkey was added',
    body: (event) =>
      `A passkey named ${passkeyName(event)} was just added to your Vouched account. It signs in without your password.`,
  },
  'passkey-removed': {
    subject: 'Vouched: a passkey was removed',
    body: (event) => `The passkey named ${passkeyName(event)} was just removed from your Vouched account.`,
  },
}

/**
 * Tells the member, by mail, of a change to how their account is reached. Sent beside the answer; the
 * text names the device and the event, never a code, a secret or what anyone else wrote.
 */
export function mailSecurityEvent(
  db: Db,
  mail: BackgroundMail,
  config: Config,
  userId: number,
  event: SecurityEvent,
) {
  mail.send(async () => {
    const [user] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId))
    if (!user) return null
    const { subject, body } = MAILS[event.kind]
    return {
      to: user.email,
      subject,
      text: [
        'Hello,',
        '',
        body(event),
        '',
        'If this was you, there is nothing to do.',
        `If it was not, change your password now and sign out your other devices in Settings: ${config.publicUrl}/settings`,
      ].join('\n'),
    }
  })
}
