import { DEFAULT_LOCALE, type TLocale } from '@vouched/shared/locale'
import type { TNotificationType } from '@vouched/shared/notifications.constants'
import { VERIFICATION_CODE_TTL_MINUTES } from '@vouched/shared/profiles.constants'
import type { TDigestFrequency as DigestFrequency } from '@vouched/shared/digest'

export type SecurityMailKind =
  'new-device' | 'password-changed' | 'two-factor-on' | 'two-factor-off' | 'passkey-added' | 'passkey-removed'

/**
 * Every mail the server writes, in each language (decision 153). A mail goes out in its recipient's
 * saved language, English when they saved none: the mail has no browser to ask. The German catalogue
 * is typed as the English one, so a missing text fails the typecheck.
 */
export type MailTexts = {
  greeting: string
  passwordReset: { subject: string; lines: (link: string) => string[] }
  workEmailCode: { subject: string; lines: (code: string) => string[] }
  security: {
    subjects: Record<SecurityMailKind, string>
    newDevice: (device: string) => string
    passwordChanged: string
    twoFactorOn: string
    twoFactorOff: string
    passkeyAdded: (name: string) => string
    passkeyRemoved: (name: string) => string
    unknownDevice: string
    browserOn: (browser: string, os: string) => string
    footer: (settingsUrl: string) => string[]
  }
  notification: {
    /** What happened, never who did it or what they wrote (the address was never proven theirs). */
    what: Record<TNotificationType, string>
    subject: (what: string) => string
    footer: (homeUrl: string, settingsUrl: string) => string[]
  }
  digest: {
    /** How a count of each type reads: 1 like, 3 likes. */
    counted: Record<TNotificationType, [one: string, many: string]>
    unread: (total: number) => string
    subject: (frequency: DigestFrequency, unread: string) => string
    intro: (unread: string) => string
    newestFirst: string
    latest: (count: number) => string
    seeAll: (url: string) => string
    footer: (frequency: DigestFrequency, settingsUrl: string) => string[]
  }
}

const en: MailTexts = {
  greeting: 'Hello,',
  passwordReset: {
    subject: 'Reset your Vouched password',
    lines: (link) => [
      'Someone asked to reset the password of your Vouched account. If it was you, open this link within the hour:',
      '',
      link,
      '',
      'If it was not you, ignore this mail: your password stays as it is.',
    ],
  },
  workEmailCode: {
    subject: 'Your Vouched verification code',
    lines: (code) => [
      `Your Vouched verification code is ${code}.`,
      '',
      `Enter it on your profile within ${VERIFICATION_CODE_TTL_MINUTES} minutes to verify this work email.`,
      'If you did not ask for it, ignore this mail.',
    ],
  },
  security: {
    subjects: {
      'new-device': 'Vouched: a new sign-in to your account',
      'password-changed': 'Vouched: your password was changed',
      'two-factor-on': 'Vouched: two-factor sign-in is on',
      'two-factor-off': 'Vouched: two-factor sign-in is off',
      'passkey-added': 'Vouched: a passkey was added',
      'passkey-removed': 'Vouched: a passkey was removed',
    },
    newDevice: (device) =>
      `Your Vouched account was just signed in to from a device it had not been used on before: ${device}.`,
    passwordChanged: 'The password of your Vouched account was just changed.',
    twoFactorOn: 'Two-factor sign-in was just turned on for your Vouched account.',
    twoFactorOff: 'Two-factor sign-in was just turned off for your Vouched account.',
    passkeyAdded: (name) =>
      `A passkey named "${name}" was just added to your Vouched account. It signs in without your password.`,
    passkeyRemoved: (name) => `The passkey named "${name}" was just removed from your Vouched account.`,
    unknownDevice: 'An unknown device',
    browserOn: (browser, os) => `${browser} on ${os}`,
    footer: (settingsUrl) => [
      'If this was you, there is nothing to do.',
      `If it was not, change your password now and sign out your other devices in Settings: ${settingsUrl}`,
    ],
  },
  notification: {
    what: {
      endorsement: 'You received a new endorsement',
      like: 'Someone liked an endorsement you gave or received',
      comment: 'Someone commented on an endorsement you gave or received',
      connection: 'There is news about one of your connection requests',
      message: 'You have a new message',
      announcement: 'There is a new announcement',
      'endorsement-request': 'A connection asked you to vouch for them',
      'follow-request': 'Someone on the fediverse asked to follow you',
      'remote-vouch': 'Someone on another Vouched server vouched for you',
    },
    subject: (what) => `Vouched: ${what}`,
    footer: (homeUrl, settingsUrl) => [
      `Open Vouched: ${homeUrl}`,
      `You receive this email because you turned it on. Change it in Settings: ${settingsUrl}`,
    ],
  },
  digest: {
    counted: {
      endorsement: ['new endorsement', 'new endorsements'],
      like: ['like', 'likes'],
      comment: ['comment', 'comments'],
      connection: ['connection update', 'connection updates'],
      message: ['new message', 'new messages'],
      announcement: ['announcement', 'announcements'],
      'endorsement-request': ['request to vouch', 'requests to vouch'],
      'follow-request': ['request to follow you', 'requests to follow you'],
      'remote-vouch': ['vouch from another server', 'vouches from other servers'],
    },
    unread: (total) => `${total} unread notification${total === 1 ? '' : 's'}`,
    subject: (frequency, unread) => `Vouched: your ${frequency} digest, ${unread}`,
    intro: (unread) => `You have ${unread} on Vouched since your last digest:`,
    newestFirst: 'Newest first:',
    latest: (count) => `The latest ${count}, newest first:`,
    seeAll: (url) => `See all your notifications: ${url}`,
    footer: (frequency, settingsUrl) => [
      `You receive this ${frequency} digest because you turned it on.`,
      `To change or stop it, go to Settings: ${settingsUrl}`,
    ],
  },
}

const de: MailTexts = {
  greeting: 'Hallo,',
  passwordReset: {
    subject: 'Setze dein Vouched-Passwort zurück',
    lines: (link) => [
      'Jemand möchte das Passwort deines Vouched-Kontos zurücksetzen. Wenn du das warst, öffne diesen Link innerhalb einer Stunde:',
      '',
      link,
      '',
      'Wenn du es nicht warst, ignoriere diese E-Mail: Dein Passwort bleibt, wie es ist.',
    ],
  },
  workEmailCode: {
    subject: 'Dein Vouched-Bestätigungscode',
    lines: (code) => [
      `Dein Vouched-Bestätigungscode lautet ${code}.`,
      '',
      `Gib ihn innerhalb von ${VERIFICATION_CODE_TTL_MINUTES} Minuten in deinem Profil ein, um diese Arbeits-E-Mail-Adresse zu verifizieren.`,
      'Wenn du ihn nicht angefordert hast, ignoriere diese E-Mail.',
    ],
  },
  security: {
    subjects: {
      'new-device': 'Vouched: eine neue Anmeldung bei deinem Konto',
      'password-changed': 'Vouched: Dein Passwort wurde geändert',
      'two-factor-on': 'Vouched: Die Zwei-Faktor-Anmeldung ist eingeschaltet',
      'two-factor-off': 'Vouched: Die Zwei-Faktor-Anmeldung ist ausgeschaltet',
      'passkey-added': 'Vouched: Ein Passkey wurde hinzugefügt',
      'passkey-removed': 'Vouched: Ein Passkey wurde entfernt',
    },
    newDevice: (device) =>
      `Bei deinem Vouched-Konto hat sich gerade jemand von einem Gerät angemeldet, das dafür noch nie verwendet wurde: ${device}.`,
    passwordChanged: 'Das Passwort deines Vouched-Kontos wurde gerade geändert.',
    twoFactorOn: 'Für dein Vouched-Konto wurde gerade die Zwei-Faktor-Anmeldung eingeschaltet.',
    twoFactorOff: 'Für dein Vouched-Konto wurde gerade die Zwei-Faktor-Anmeldung ausgeschaltet.',
    passkeyAdded: (name) =>
      `Deinem Vouched-Konto wurde gerade ein Passkey namens „${name}“ hinzugefügt. Mit ihm meldest du dich ohne Passwort an.`,
    passkeyRemoved: (name) => `Der Passkey namens „${name}“ wurde gerade aus deinem Vouched-Konto entfernt.`,
    unknownDevice: 'Ein unbekanntes Gerät',
    browserOn: (browser, os) => `${browser} unter ${os}`,
    footer: (settingsUrl) => [
      'Wenn du das warst, musst du nichts tun.',
      `Wenn nicht, ändere jetzt dein Passwort und melde deine anderen Geräte in den Einstellungen ab: ${settingsUrl}`,
    ],
  },
  notification: {
    what: {
      endorsement: 'Du hast eine neue Empfehlung erhalten',
      like: 'Jemandem gefällt eine Empfehlung, die du gegeben oder erhalten hast',
      comment: 'Jemand hat eine Empfehlung kommentiert, die du gegeben oder erhalten hast',
      connection: 'Es gibt Neuigkeiten zu einer deiner Kontaktanfragen',
      message: 'Du hast eine neue Nachricht',
      announcement: 'Es gibt eine neue Ankündigung',
      'endorsement-request': 'Ein Kontakt bittet dich um eine Empfehlung',
      'follow-request': 'Jemand im Fediverse möchte dir folgen',
      'remote-vouch': 'Jemand auf einem anderen Vouched-Server hat dich empfohlen',
    },
    subject: (what) => `Vouched: ${what}`,
    footer: (homeUrl, settingsUrl) => [
      `Vouched öffnen: ${homeUrl}`,
      `Du bekommst diese E-Mail, weil du sie eingeschaltet hast. Ändere das in den Einstellungen: ${settingsUrl}`,
    ],
  },
  digest: {
    counted: {
      endorsement: ['neue Empfehlung', 'neue Empfehlungen'],
      like: ['Like', 'Likes'],
      comment: ['Kommentar', 'Kommentare'],
      connection: ['Neuigkeit zu Kontakten', 'Neuigkeiten zu Kontakten'],
      message: ['neue Nachricht', 'neue Nachrichten'],
      announcement: ['Ankündigung', 'Ankündigungen'],
      'endorsement-request': ['Bitte um eine Empfehlung', 'Bitten um eine Empfehlung'],
      'follow-request': ['Anfrage, dir zu folgen', 'Anfragen, dir zu folgen'],
      'remote-vouch': ['Empfehlung von einem anderen Server', 'Empfehlungen von anderen Servern'],
    },
    unread: (total) => `${total} ungelesene Benachrichtigung${total === 1 ? '' : 'en'}`,
    subject: (frequency, unread) =>
      `Vouched: deine ${frequency === 'daily' ? 'tägliche' : 'wöchentliche'} Zusammenfassung, ${unread}`,
    intro: (unread) => `Du hast seit deiner letzten Zusammenfassung ${unread} auf Vouched:`,
    newestFirst: 'Die neuesten zuerst:',
    latest: (count) => `Die letzten ${count}, die neuesten zuerst:`,
    seeAll: (url) => `Alle deine Benachrichtigungen: ${url}`,
    footer: (frequency, settingsUrl) => [
      `Du bekommst diese ${frequency === 'daily' ? 'tägliche' : 'wöchentliche'} Zusammenfassung, weil du sie eingeschaltet hast.`,
      `Ändern oder abbestellen kannst du sie in den Einstellungen: ${settingsUrl}`,
    ],
  },
}

const MAIL_TEXTS: Record<TLocale, MailTexts> = { en, de }

/** The mail texts for a recipient's saved language (null: they saved none, so English). */
export const mailTexts = (locale: TLocale | null | undefined): MailTexts =>
  MAIL_TEXTS[locale ?? DEFAULT_LOCALE]
