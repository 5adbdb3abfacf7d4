import { and, asc, eq } from 'drizzle-orm'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { blocks, memberDigests, notificationMails, notifications, users } from '../../db/schema/index'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createMember } from '../../../test/factories'
import { sendNotificationMails } from '../notifications/notifications.service'
import { runDigests } from './digest.service'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

type Member = Awaited<ReturnType<typeof createMember>>
type NotificationType = (typeof notifications.$inferInsert)['type']

const DAY = 86_400_000
let years = 0
/**
 * A Monday (UTC) no other test runs at: 2100-01-04, then 52 weeks on for each test. Every test its own
 * periods, so a run in one test never takes a period another test expects to be free.
 */
const freshMonday = () => new Date(Date.UTC(2100, 0, 4) + 364 * DAY * years++)
const later = (start: Date, days: number, hours = 0) =>
  new Date(start.getTime() + days * DAY + hours * 3_600_000)

const run = (now: Date) => runDigests(t.db, t.config, now)

const settings = (member: Member) => t.inject(member, { method: 'GET', url: '/api/account/settings' })
const patch = (member: Member, payload: Record<string, unknown>) =>
  t.inject(member, { method: 'PATCH', url: '/api/account/settings', payload })

/** A notification as the app writes it, unread unless told. */
async function notify(
  member: Member,
  {
    type = 'endorsement',
    from = null,
    entityId = null,
    isRead = false,
  }: {
    type?: NotificationType
    from?: Member | null
    entityId?: number | null
    isRead?: boolean
  } = {},
) {
  const [row] = await t.db
    .insert(notifications)
    .values({
      userId: member.id,
      type,
      fromUserId: from?.id ?? null,
      entityId,
      message: from ? `${from.fullName} did something (${type})` : `Something happened (${type})`,
      isRead,
    })
    .returning()
  return row!
}

/** The digest mails queued for the member, oldest first. */
const digestsOf = async (member: Member) =>
  t.db
    .select()
    .from(notificationMails)
    .where(and(eq(notificationMails.userId, member.id), eq(notificationMails.kind, 'digest')))
    .orderBy(asc(notificationMails.id))

describe('the digest setting', () => {
  it('is off until the member picks daily or weekly, and kept per member', async () => {
    const [ana, ben] = await Promise.all([createMember(t.db), createMember(t.db)])
    expect((await settings(ana)).json()).toEqual({
      reviewEndorsements: false,
      colorScheme: null,
      digest: 'off',
      locale: null,
      federated: false,
      approveFollowers: false,
      federationAvailable: false,
    })

    const saved = await patch(ana, { digest: 'daily', locale: null })
    expect(saved.statusCode).toBe(200)
    expect(saved.json()).toEqual({
      reviewEndorsements: false,
      colorScheme: null,
      digest: 'daily',
      locale: null,
      federated: false,
      approveFollowers: false,
      federationAvailable: false,
    })
    expect((await settings(ana)).json().digest).toBe('daily')
    expect((await settings(ben)).json().digest).toBe('off')

    // Other settings leave it as it is, and it leaves them.
    await patch(ana, { colorScheme: 'dark', reviewEndorsements: true })
    expect((await settings(ana)).json()).toEqual({
      reviewEndorsements: true,
      colorScheme: 'dark',
      digest: 'daily',
      locale: null,
      federated: false,
      approveFollowers: false,
      federationAvailable: false,
    })
    expect((await patch(ana, { digest: 'weekly', locale: null })).json()).toEqual({
      reviewEndorsements: true,
      colorScheme: 'dark',
      digest: 'weekly',
      locale: null,
      federated: false,
      approveFollowers: false,
      federationAvailable: false,
    })
    expect((await patch(ana, { digest: 'off', locale: null })).json().digest).toBe('off')
    const [row] = await t.db.select({ digest: users.digest }).from(users).where(eq(users.id, ana.id))
    expect(row?.digest).toBe('off')
  })

  it.each([['hourly'], [''], [null], [1], [true], ['DAILY'], [['daily']]])(
    'refuses digest %j with 400 naming the field',
    async (value) => {
      const ana = await createMember(t.db, { digest: 'weekly', locale: null })
      const res = await patch(ana, { digest: value as unknown })
      expect(res.statusCode).toBe(400)
      expect(res.json()).toMatchObject({
        code: 'VALIDATION_ERROR',
        field: 'digest',
        message: 'digest must be one of off, daily, weekly',
      })
      expect((await settings(ana)).json().digest).toBe('weekly')
    },
  )

  it('answers 401 without a session, and travels in the data export', async () => {
    expect(
      (await t.app.inject({ method: 'PATCH', url: '/api/account/settings', payload: { digest: 'daily' } }))
        .statusCode,
    ).toBe(401)
    const ana = await createMember(t.db)
    await patch(ana, { digest: 'weekly', locale: null })
    const archive = (await t.inject(ana, { method: 'GET', url: '/api/account/export' })).json()
    expect(archive.settings).toEqual({
      reviewEndorsements: false,
      colorScheme: null,
      digest: 'weekly',
      locale: null,
      federated: false,
      approveFollowers: false,
      federationAvailable: false,
    })
  })
})

describe('the digest job', () => {
  it('sends nothing in the period the digest was turned on, then one digest of what came since', async () => {
    const ana = await createMember(t.db)
    await notify(ana) // unread already: Ana sees it in the app as she turns the digest on
    await patch(ana, { digest: 'daily', locale: null })
    const today = new Date()
    await run(today)
    expect(await digestsOf(ana)).toEqual([])

    await notify(ana, { type: 'like' })
    await run(later(today, 0, 0.001))
    expect(await digestsOf(ana)).toEqual([])

    await run(later(today, 1))
    const [mail, ...more] = await digestsOf(ana)
    expect(more).toEqual([])
    expect(mail!.subject).toBe('Vouched: your daily digest, 1 unread notification')
    expect(mail!.body).toContain('  1 like')
    expect(mail!.body).not.toContain('new endorsement')
  })

  it('counts by type, lists the latest ten with links and how to stop it, and names nobody', async () => {
    const ana = await createMember(t.db, { digest: 'weekly', locale: null })
    const bob = await createMember(t.db, { fullName: 'Bob Quillfeather' })
    const endorsements = []
    for (let i = 0; i < 8; i++) endorsements.push(await notify(ana, { from: bob, entityId: 9000 + i }))
    for (let i = 0; i < 3; i++) await notify(ana, { type: 'like', from: bob, entityId: 9100 })
    await notify(ana, { type: 'message', from: bob, entityId: 77 })
    await notify(ana, { type: 'endorsement', from: bob, isRead: true })

    const outboxBefore = (await t.outbox()).length
    const result = await run(freshMonday())
    expect(result).toMatchObject({ ran: true })
    expect(result.queued).toBeGreaterThanOrEqual(1)
    expect(await digestsOf(ana)).toHaveLength(1)

    expect(await sendNotificationMails(t.db, t.app.mailer, t.config)).toBeGreaterThanOrEqual(1)
    const mails = (await t.outbox()).slice(outboxBefore).filter((mail) => mail.includes(`To: ${ana.email}`))
    expect(mails).toHaveLength(1)
    const mail = mails[0]!
    expect(mail).toContain('Subject: Vouched: your weekly digest, 12 unread notifications')
    expect(mail).toContain('  8 new endorsements\n  3 likes\n  1 new message\n')
    expect(mail).toContain('The latest 10, newest first:')
    expect(mail.match(/^- /gm)).toHaveLength(10)
    expect(mail).toContain('- You have a new message (')
    expect(mail).toContain('  http://localhost:3000/messages\n')
    // The newest endorsement is listed with its page; the oldest two are only counted.
    expect(mail).toContain(`http://localhost:3000/vouches/${endorsements[7]!.entityId}\n`)
    expect(mail).not.toContain(`http://localhost:3000/vouches/${endorsements[0]!.entityId}\n`)
    expect(mail).toContain('See all your notifications: http://localhost:3000/notifications')
    expect(mail).toContain('You receive this weekly digest because you turned it on.')
    expect(mail).toContain('http://localhost:3000/settings#notifications')
    // The account email was never proven: what members wrote or are called stays out (as in the other mails).
    expect(mail).not.toContain('Quillfeather')
    expect(mail).not.toContain('did something')
  })

  it('sends nothing without unread news, never twice in a period, and again in the next', async () => {
    const ana = await createMember(t.db, { digest: 'daily', locale: null })
    const monday = freshMonday()
    await run(monday)
    expect(await digestsOf(ana)).toEqual([]) // nothing at all to tell

    await notify(ana)
    await run(later(monday, 0, 20))
    expect(await digestsOf(ana)).toEqual([]) // Monday's digest was taken: the news waits for Tuesday

    await run(later(monday, 1))
    expect(await digestsOf(ana)).toHaveLength(1)
    await notify(ana)
    await run(later(monday, 1, 23.9))
    expect(await digestsOf(ana)).toHaveLength(1) // one per day, however often the job runs

    await run(later(monday, 2))
    expect(await digestsOf(ana)).toHaveLength(2) // the notification of Tuesday afternoon

    await notify(ana, { isRead: true }) // read in the app already: nothing to tell
    await run(later(monday, 3))
    expect(await digestsOf(ana)).toHaveLength(2)

    // Monday's notification is unread still, but was told of: only what is new counts.
    await notify(ana, { type: 'comment' })
    await run(later(monday, 4))
    const mails = await digestsOf(ana)
    expect(mails).toHaveLength(3)
    expect(mails[2]!.subject).toBe('Vouched: your daily digest, 1 unread notification')
    expect(mails[2]!.body).toContain('  1 comment\n')
  })

  it('sends a weekly digest once an ISO week and a daily one every day', async () => {
    const [weekly, daily] = [
      await createMember(t.db, { digest: 'weekly', locale: null }),
      await createMember(t.db, { digest: 'daily', locale: null }),
    ]
    const monday = freshMonday()
    // Monday to the next Monday, one notification each day before the job's run at 00:05.
    for (let day = 0; day <= 7; day++) {
      await notify(weekly)
      await notify(daily)
      await run(later(monday, day, 0.08))
    }
    expect(await digestsOf(daily)).toHaveLength(8)
    const weeks = await digestsOf(weekly)
    expect(weeks.map((mail) => mail.subject)).toEqual([
      'Vouched: your weekly digest, 1 unread notification',
      'Vouched: your weekly digest, 7 unread notifications',
    ])
    // Sunday night is still the first week.
    await notify(weekly)
    await run(later(monday, 13, 23.9))
    expect(await digestsOf(weekly)).toHaveLength(2)
    await run(later(monday, 14))
    expect(await digestsOf(weekly)).toHaveLength(3)
  })

  it('leaves out members who turned it off, suspended and deleted members, and blocked senders', async () => {
    const off = await createMember(t.db)
    const suspended = await createMember(t.db, { digest: 'daily', suspendedAt: new Date() })
    const gone = await createMember(t.db, { digest: 'daily', locale: null })
    const ana = await createMember(t.db, { digest: 'daily', locale: null })
    const [friend, blocked, blocker] = [
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db),
    ]
    for (const member of [off, suspended, gone]) await notify(member)
    await notify(ana, { from: friend, type: 'like' })
    await notify(ana, { from: blocked, type: 'comment' })
    await notify(ana, { from: blocker, type: 'connection' })
    await t.db.insert(blocks).values([
      { blockerId: ana.id, blockedId: blocked.id },
      { blockerId: blocker.id, blockedId: ana.id },
    ])
    await t.db.delete(users).where(eq(users.id, gone.id))

    await run(freshMonday())
    for (const member of [off, suspended, gone]) expect(await digestsOf(member)).toEqual([])
    const [mail, ...more] = await digestsOf(ana)
    expect(more).toEqual([])
    expect(mail!.subject).toBe('Vouched: your daily digest, 1 unread notification')
    expect(mail!.body).toContain('  1 like\n')
  })

  it('steps aside while another instance holds the job, and takes it once released', async () => {
    const ana = await createMember(t.db, { digest: 'daily', locale: null })
    await notify(ana)
    const monday = freshMonday()
    const pool = t.database.pool
    if (!pool) {
      // PGlite is one connection: nothing else can hold the lock meanwhile. PostgreSQL runs this part.
      expect(t.database.pglite).toBeTruthy()
      await run(monday)
      expect(await digestsOf(ana)).toHaveLength(1)
      return
    }
    const other = new pg.Client(pool.options)
    await other.connect()
    try {
      await other.query(`select pg_advisory_lock(hashtext('digest.run'))`)
      expect(await run(monday)).toEqual({ ran: false, members: 0, queued: 0 })
      expect(await digestsOf(ana)).toEqual([])
      expect(await t.db.select().from(memberDigests).where(eq(memberDigests.userId, ana.id))).toEqual([])
      await other.query(`select pg_advisory_unlock(hashtext('digest.run'))`)
      expect((await run(monday)).ran).toBe(true)
      expect(await digestsOf(ana)).toHaveLength(1)
    } finally {
      await other.end()
    }
  })

  it('takes the members in batches, each batch in its own transaction', async () => {
    const members = await Promise.all(
      Array.from({ length: 7 }, () => createMember(t.db, { digest: 'weekly', locale: null })),
    )
    for (const member of members) await notify(member)
    const result = await runDigests(t.db, t.config, freshMonday(), 3)
    expect(result.ran).toBe(true)
    expect(result.members).toBeGreaterThanOrEqual(7)
    for (const member of members) expect(await digestsOf(member)).toHaveLength(1)
  })
})
