import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { notificationPreferences } from '../src/db/schema/index'
import { sendNotificationMails } from '../src/features/notifications/notifications.service'
import { buildTestApp, type TestApp } from './build-test-app'
import { createMember, DEFAULT_PASSWORD, endorse } from './factories'

/** Decision 153: what the server says to people, in the reader's language. */

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

type Member = Awaited<ReturnType<typeof createMember>>
const GERMAN = { 'accept-language': 'de-DE,de;q=0.9,en;q=0.5' }
const ENGLISH = { 'accept-language': 'en-US,en;q=0.9' }

/** Quoted-printable (and RFC 2047 "Q") text to the UTF-8 text it encodes. */
const fromQuotedPrintable = (text: string) =>
  Buffer.from(
    text
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8')

/** The outbox's mails as people read them: subject decoded (encoded words), body decoded. */
async function readOutbox() {
  const dir = path.join(t.config.dataDir, 'outbox')
  const files = (await readdir(dir).catch(() => [] as string[])).sort()
  return Promise.all(
    files.map(async (file) => {
      const raw = await readFile(path.join(dir, file), 'utf8')
      const split = /\r?\n\r?\n/.exec(raw)!
      const headers = raw.slice(0, split.index).replace(/\r?\n[ \t]+/g, ' ')
      const header = (name: string) => new RegExp(`^${name}: (.*)$`, 'mi').exec(headers)?.[1] ?? ''
      const subject = header('Subject')
        .replace(/\?=\s+=\?UTF-8\?Q\?/gi, '')
        .replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_, word: string) => fromQuotedPrintable(word.replace(/_/g, ' ')))
      return {
        to: header('To'),
        subject,
        text: fromQuotedPrintable(raw.slice(split.index + split[0].length)),
      }
    }),
  )
}
const mailsTo = async (email: string) =>
  (await readOutbox()).filter((mail) => mail.to.toLowerCase() === email.toLowerCase())

describe('the locale setting', () => {
  const settings = (member: Member) => t.inject(member, { method: 'GET', url: '/api/account/settings' })
  const patch = (member: Member, payload: Record<string, unknown>, headers = {}) =>
    t.inject(member, { method: 'PATCH', url: '/api/account/settings', payload, headers })

  it('is null (follow the browser) until chosen, then kept, and null again on request', async () => {
    const ana = await createMember(t.db)
    expect((await settings(ana)).json().locale).toBeNull()
    const saved = await patch(ana, { locale: 'de' })
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toEqual({
      reviewEndorsements: false,
      colorScheme: null,
      digest: 'off',
      locale: 'de',
      federated: false,
      approveFollowers: false,
      federationAvailable: false,
    })
    expect((await settings(ana)).json().locale).toBe('de')
    // Another setting leaves it as it is.
    await patch(ana, { colorScheme: 'dark' })
    expect((await settings(ana)).json()).toEqual({
      reviewEndorsements: false,
      colorScheme: 'dark',
      digest: 'off',
      locale: 'de',
      federated: false,
      approveFollowers: false,
      federationAvailable: false,
    })
    expect((await patch(ana, { locale: null })).json().locale).toBeNull()
    expect((await settings(ana)).json().locale).toBeNull()
  })

  it('refuses a language we do not have with 400, in the language of the request', async () => {
    const ben = await createMember(t.db)
    const english = await patch(ben, { locale: 'fr' })
    expect(english.statusCode).toBe(400)
    expect(english.json()).toEqual({
      message: 'locale must be one of en, de',
      code: 'VALIDATION_ERROR',
      field: 'locale',
    })
    const german = await patch(ben, { locale: 'fr' }, GERMAN)
    expect(german.statusCode).toBe(400)
    expect(german.json()).toEqual({
      message: 'locale muss en oder de sein',
      code: 'VALIDATION_ERROR',
      field: 'locale',
    })
    expect((await settings(ben)).json().locale).toBeNull()
  })

  it('travels with the data export', async () => {
    const cleo = await createMember(t.db, { locale: 'de' })
    const archive = await t.inject(cleo, { method: 'GET', url: '/api/account/export' })
    expect(archive.json().settings.locale).toBe('de')
  })
})

describe('error answers', () => {
  it('speak German to a German browser, English otherwise; the code stays', async () => {
    const german = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: GERMAN })
    expect(german.statusCode).toBe(401)
    expect(german.json()).toEqual({ message: 'Du musst dich zuerst anmelden', code: 'UNAUTHENTICATED' })
    expect(german.headers['content-language']).toBe('de')
    expect(String(german.headers.vary)).toMatch(/accept-language/i)

    const english = await t.app.inject({ method: 'GET', url: '/api/notifications', headers: ENGLISH })
    expect(english.json()).toEqual({ message: 'You need to sign in first', code: 'UNAUTHENTICATED' })
    expect(english.headers['content-language']).toBe('en')

    const none = await t.app.inject({ method: 'GET', url: '/api/notifications' })
    expect(none.json().message).toBe('You need to sign in first')
    // A language we lack falls back to English.
    const french = await t.app.inject({
      method: 'GET',
      url: '/api/notifications',
      headers: { 'accept-language': 'fr' },
    })
    expect(french.json().message).toBe('You need to sign in first')
  })

  it('translate field messages of the shared schemas and zod’s own, keeping the field', async () => {
    const dora = await createMember(t.db)
    const shared = await t.inject(dora, {
      method: 'POST',
      url: '/api/vouches',
      headers: GERMAN,
      payload: { toUserId: dora.id, category: 'Leadership', note: 'x'.repeat(1001) },
    })
    expect(shared.statusCode).toBe(400)
    expect(shared.json()).toEqual({
      message: 'Die Notiz darf höchstens 1000 Zeichen lang sein',
      code: 'VALIDATION_ERROR',
      field: 'note',
    })

    // No message of ours: zod words it, in German too.
    const zods = await t.inject(dora, {
      method: 'PATCH',
      url: '/api/account/settings',
      headers: GERMAN,
      payload: { locale: 'de', favouriteColour: 'teal' },
    })
    const english = await t.inject(dora, {
      method: 'PATCH',
      url: '/api/account/settings',
      payload: { locale: 'de', favouriteColour: 'teal' },
    })
    expect(zods.statusCode).toBe(400)
    expect(english.json().message).toMatch(/^Unrecognized key/)
    expect(zods.json().code).toBe('VALIDATION_ERROR')
    expect(zods.json().message).toMatch(/^Unbekannter Schlüssel/)
  })

  it('translate messages made from parts ("Endorsement not found")', async () => {
    const eve = await createMember(t.db)
    const res = await t.inject(eve, {
      method: 'POST',
      url: '/api/vouches/2000000000/likes',
      headers: GERMAN,
    })
    expect(res.statusCode).toBe(404)
    expect(res.json()).toEqual({ message: 'Empfehlung nicht gefunden', code: 'NOT_FOUND' })
  })

  it("follow the member's saved language over the browser's", async () => {
    const [german, english] = await Promise.all([
      createMember(t.db, { locale: 'de' }),
      createMember(t.db, { locale: 'en' }),
    ])
    const self = (member: Member, headers: Record<string, string>) =>
      t.inject(member, {
        method: 'POST',
        url: '/api/vouches',
        headers,
        payload: { toUserId: member.id, category: 'Leadership', note: 'Me!' },
      })
    const inGerman = await self(german, ENGLISH)
    expect(inGerman.json()).toMatchObject({
      message: 'Du kannst dich nicht selbst empfehlen',
      code: 'SELF_ENDORSEMENT',
    })
    expect(inGerman.headers['content-language']).toBe('de')
    // The member's choice, not the header, decided: nothing to vary on.
    expect(String(inGerman.headers.vary ?? '')).not.toMatch(/accept-language/i)
    const inEnglish = await self(english, GERMAN)
    expect(inEnglish.json()).toMatchObject({
      message: 'You cannot endorse yourself',
      code: 'SELF_ENDORSEMENT',
    })

    // A choice saved now rules the very next answer.
    const frank = await createMember(t.db)
    await t.inject(frank, { method: 'PATCH', url: '/api/account/settings', payload: { locale: 'de' } })
    expect((await self(frank, ENGLISH)).json().message).toBe('Du kannst dich nicht selbst empfehlen')
  })
})

describe('success messages', () => {
  it('say the password reset request in the request’s language', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/request-password-reset',
      headers: GERMAN,
      payload: { email: 'nobody-here@example.com' },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json().message).toMatch(/^Wenn deine E-Mail-Adresse bei uns registriert ist/)
    expect(res.headers['content-language']).toBe('de')
  })
})

describe('mails', () => {
  const waitForMail = async (email: string, count = 1) => {
    for (let i = 0; i < 100; i++) {
      const mails = await mailsTo(email)
      if (mails.length >= count) return mails
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    throw new Error(`no mail to ${email}`)
  }
  const requestReset = (email: string, headers = {}) =>
    t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', headers, payload: { email } })

  it("go out in the recipient's saved language, whatever browser asked", async () => {
    const [german, english] = await Promise.all([createMember(t.db, { locale: 'de' }), createMember(t.db)])
    await requestReset(german.email, ENGLISH)
    await requestReset(english.email, GERMAN)
    const [inGerman] = await waitForMail(german.email)
    expect(inGerman!.subject).toBe('Setze dein Vouched-Passwort zurück')
    expect(inGerman!.text).toMatch(/^Hallo,/)
    expect(inGerman!.text).toContain('öffne diesen Link innerhalb einer Stunde')
    // No saved language: English, the mail has no browser to ask.
    const [inEnglish] = await waitForMail(english.email)
    expect(inEnglish!.subject).toBe('Reset your Vouched password')
    expect(inEnglish!.text).toContain('open this link within the hour')
  })

  it('send the work-email code in German, and say so in German', async () => {
    const jana = await createMember(t.db, { locale: 'de' })
    const address = `jana-${jana.id}@acme-works.example`
    const res = await t.inject(jana, {
      method: 'POST',
      url: '/api/users/add-work-email',
      headers: ENGLISH,
      payload: { email: address },
    })
    expect(res.statusCode, res.body).toBe(200)
    expect(res.json().message).toBe(`Wir haben einen 6-stelligen Bestätigungscode an ${address} gesendet.`)
    expect(res.headers['content-language']).toBe('de')
    const [mail] = await waitForMail(address)
    expect(mail!.subject).toBe('Dein Vouched-Bestätigungscode')
    expect(mail!.text).toMatch(/Dein Vouched-Bestätigungscode lautet \d{6}\./)
  })

  it('tell of security events in German', async () => {
    const gina = await createMember(t.db, { locale: 'de' })
    const changed = await t.inject(gina, {
      method: 'POST',
      url: '/api/account/password',
      payload: {
        currentPassword: DEFAULT_PASSWORD,
        newPassword: 'a-whole-new-secret-91',
        confirmPassword: 'a-whole-new-secret-91',
      },
    })
    expect(changed.statusCode, changed.body).toBe(200)
    expect(changed.json().message).toBe('Passwort geändert. Deine anderen Sitzungen wurden abgemeldet.')
    const [mail] = await waitForMail(gina.email)
    expect(mail!.subject).toBe('Vouched: Dein Passwort wurde geändert')
    expect(mail!.text).toContain('Das Passwort deines Vouched-Kontos wurde gerade geändert.')
    expect(mail!.text).toContain('melde deine anderen Geräte in den Einstellungen ab')
  })

  it('send notification mails in the recipient’s language', async () => {
    const [hans, ivy, fan] = await Promise.all([
      createMember(t.db, { locale: 'de' }),
      createMember(t.db),
      createMember(t.db),
    ])
    await t.db.insert(notificationPreferences).values([
      { userId: hans.id, type: 'endorsement', inApp: true, email: true },
      { userId: ivy.id, type: 'endorsement', inApp: true, email: true },
    ])
    await endorse(t, fan, hans, { category: 'Leadership' })
    await endorse(t, fan, ivy, { category: 'Leadership' })
    await sendNotificationMails(t.db, t.app.mailer, t.config)
    const [german] = await waitForMail(hans.email)
    expect(german!.subject).toBe('Vouched: Du hast eine neue Empfehlung erhalten')
    expect(german!.text).toContain('Du hast eine neue Empfehlung erhalten.')
    expect(german!.text).toContain('Vouched öffnen: http://localhost:3000/')
    const [english] = await waitForMail(ivy.email)
    expect(english!.subject).toBe('Vouched: You received a new endorsement')

    // The in-app text stays as written (the web reads it); the catalogue has its German.
    const list = await t.inject(hans, { method: 'GET', url: '/api/notifications', headers: GERMAN })
    expect(list.json().notifications[0].message).toBe(`${fan.fullName} endorsed you for Leadership`)
  })
})

describe('badges', () => {
  const badge = (username: string, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/badge/${username}${query}`, headers: GERMAN })

  it("draw in the owner's saved language, or the one the URL names, never the viewer's", async () => {
    const [german, english] = await Promise.all([createMember(t.db, { locale: 'de' }), createMember(t.db)])
    const inGerman = await badge(german.username)
    expect(inGerman.statusCode).toBe(200)
    expect(inGerman.headers['content-language']).toBe('de')
    expect(inGerman.body).toContain('EMPFEHLUNGEN')
    expect(inGerman.body).toContain('Noch keine empfohlenen Fähigkeiten')
    expect(inGerman.body).toContain('auf Vouched</title>')
    expect(inGerman.body).not.toContain('ENDORSEMENTS')

    // The viewer's German browser does not change an English owner's badge.
    const inEnglish = await badge(english.username)
    expect(inEnglish.headers['content-language']).toBe('en')
    expect(inEnglish.body).toContain('ENDORSEMENTS')
    expect(inEnglish.body).toContain('The Proof Is in the People')

    const asked = await badge(english.username, '?lang=de')
    expect(asked.body).toContain('Der Beweis sind die Menschen')
    expect(asked.headers.etag).not.toBe(inEnglish.headers.etag)
    expect((await badge(german.username, '?lang=en')).body).toContain('ENDORSEMENTS')

    const png = await badge(german.username, '?format=png&lang=de')
    expect(png.statusCode).toBe(200)
    expect(png.headers['content-type']).toBe('image/png')

    const refused = await badge(german.username, '?lang=fr')
    expect(refused.statusCode).toBe(400)
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_ERROR',
      field: 'lang',
      message: 'locale muss en oder de sein',
    })
  })

  it('carry the language into the embed code', async () => {
    const owner = await createMember(t.db)
    const embed = await t.app.inject({ method: 'GET', url: `/api/badge/${owner.username}/embed?lang=de` })
    expect(embed.statusCode).toBe(200)
    expect(embed.json().badgeUrl).toContain('lang=de')
    expect(embed.json().embedCode).toContain(`alt="Vouched-Reputations-Badge von ${owner.username}"`)
    const plain = await t.app.inject({ method: 'GET', url: `/api/badge/${owner.username}/embed` })
    expect(plain.json().badgeUrl).not.toContain('lang=')
    expect(plain.json().embedCode).toContain(`alt="${owner.username}&#39;s Vouched reputation badge"`)
  })
})
