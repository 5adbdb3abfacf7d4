import { PROFILE_MESSAGES } from '@vouched/shared/profiles'
import { eq } from 'drizzle-orm'
import type { FastifyInstance } from 'fastify'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../db/schema/index'
import type { Mailer } from '../../core/mail'
import { buildTestApp, testConfig, type TestApp } from '../../../test/build-test-app'
import { createMember, uniqueSuffix } from '../../../test/factories'
import { addWorkEmail } from './profiles.service'

/**
 * Issue 21, findings 6 and 8: the code never comes back outside development and demo runs, and the mail
 * to a not yet proven address carries nothing the member wrote and goes out a few times an hour at most.
 */
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

type Member = Awaited<ReturnType<typeof createMember>>

const addEmail = async (app: FastifyInstance, member: Member, email: string) =>
  app.inject({
    method: 'POST',
    url: '/api/users/add-work-email',
    payload: { email },
    headers: { cookie: await t.cookieFor(member) },
  })

/** Mails to the address, whatever case it was typed in. */
const mailsTo = async (email: string) =>
  (await t.outbox()).filter((mail) => mail.toLowerCase().includes(`to: ${email.toLowerCase()}`))

describe('the code in the answer', () => {
  it('is given in development and test runs without SMTP (the demo hint)', async () => {
    const alice = await createMember(t.db)
    const development = await t.otherInstance({ env: 'development' })
    const res = await addEmail(development, alice, `alice.${uniqueSuffix()}@acme-corp.io`)
    expect(res.statusCode).toBe(200)
    expect(res.json().verificationCode).toMatch(/^\d{6}$/)
  })

  it('answers 503 in production without SMTP, storing no code and mailing nothing', async () => {
    const alice = await createMember(t.db)
    const production = await t.otherInstance({ env: 'production' })
    const email = `alice.${uniqueSuffix()}@acme-corp.io`
    const res = await addEmail(production, alice, email)
    expect(res.statusCode).toBe(503)
    expect(res.json()).toEqual({ code: 'MAIL_UNAVAILABLE', message: PROFILE_MESSAGES.mailUnavailable })
    const [row] = await t.db.select().from(users).where(eq(users.id, alice.id))
    expect(row).toMatchObject({ workEmail: null, verificationCode: null, isEmailVerified: false })
    expect(await mailsTo(email)).toEqual([])
  })

  it('is never given in production with SMTP, where the mail carries it', async () => {
    const alice = await createMember(t.db)
    const sent: string[] = []
    const mailer: Mailer = { outboxDir: undefined, send: async (mail) => void sent.push(mail.text) }
    const config = testConfig(t.config.dataDir, { env: 'production', smtpUrl: 'smtp://mail.example.com' })
    const res = await addWorkEmail(t.db, mailer, config, alice, 'alice@acme.io')
    expect(res).not.toHaveProperty('verificationCode')
    expect(sent[0]).toMatch(/code is \d{6}/)
  })
})

describe('the verification mail', () => {
  it('carries the code and nothing the member wrote', async () => {
    const alice = await createMember(t.db, {
      fullName: 'Urgent: wire 5000 EUR\nto evil.example',
      title: 'Security team',
    })
    const email = `alice.${uniqueSuffix()}@acme-corp.io`
    const res = await addEmail(t.app, alice, email)
    const [mail] = await mailsTo(email)
    expect(mail).toContain(res.json().verificationCode)
    expect(mail).not.toMatch(/Urgent|evil\.example|Security team/)
    expect(mail).not.toContain(alice.username)
  })

  it('goes to one address at most 3 times an hour, whichever members ask', async () => {
    const limited = await t.otherInstance({ rateLimit: true })
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    const email = `target.${uniqueSuffix()}@acme-corp.io`
    expect((await addEmail(limited, alice, email)).statusCode).toBe(200)
    expect((await addEmail(limited, bob, email.toUpperCase())).statusCode).toBe(200)
    expect((await addEmail(limited, alice, ` ${email}`)).statusCode).toBe(200)
    const refused = await addEmail(limited, bob, email)
    expect(refused.statusCode).toBe(429)
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0)
    expect(refused.json()).toEqual({ code: 'RATE_LIMITED', message: PROFILE_MESSAGES.tooManyCodeMails })
    expect(await mailsTo(email)).toHaveLength(3)
    // Another address is not affected.
    expect((await addEmail(limited, bob, `other.${uniqueSuffix()}@acme-corp.io`)).statusCode).toBe(200)
  })
})
