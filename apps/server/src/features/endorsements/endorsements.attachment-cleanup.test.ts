import { access } from 'node:fs/promises'
import path from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { uploads } from '../../db/schema/index'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import {
  createAdmin,
  createMember,
  DEFAULT_PASSWORD,
  endorse,
  postEndorsement,
} from '../../../test/factories'
import { makeImage, multipart, tinyPdf } from '../../../test/multipart'
import { sweepUnusedAttachments, UNUSED_ATTACHMENT_TTL_MS } from './endorsements.attachments'

/**
 * An attachment's file lives as long as an endorsement uses it: deleting the endorsement, whoever does
 * it and however, deletes the file; a file no endorsement ever used is removed a day after upload.
 */
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

type Member = Awaited<ReturnType<typeof createMember>>
// Writes as the app's own pages send them.
const origin = () => ({ origin: t.config.publicUrl })

async function uploadAttachment(member: Member, data?: Buffer) {
  const res = await t.inject(member, {
    method: 'POST',
    url: '/api/vouches/attachments',
    ...multipart({
      field: 'file',
      fileName: 'proof.png',
      contentType: 'image/png',
      data: data ?? (await makeImage('png')),
    }),
  })
  expect(res.statusCode).toBe(201)
  return res.json().contentUrl as string
}

const fileName = (url: string) => url.split('/').pop()!
const onDisk = (url: string) =>
  access(path.join(t.config.dataDir, 'uploads', fileName(url))).then(
    () => true,
    () => false,
  )
const recorded = async (url: string) =>
  (
    await t.db
      .select()
      .from(uploads)
      .where(eq(uploads.fileName, fileName(url)))
  ).length > 0
/** Whether the upload is still there: row, file and served bytes. */
async function stillThere(url: string) {
  const served = await t.app.inject({ method: 'GET', url })
  const state = [await recorded(url), await onDisk(url), served.statusCode === 200]
  expect(new Set(state).size, `row, file and route agree for ${url}`).toBe(1)
  return state[0]
}

describe('files removed with their endorsement', () => {
  it('when an admin deletes the endorsement', async () => {
    const [alice, bob, admin] = [await createMember(t.db), await createMember(t.db), await createAdmin(t.db)]
    const url = await uploadAttachment(alice)
    const id = (await endorse(t, alice, bob, { contentUrl: url })).id
    expect(await stillThere(url)).toBe(true)
    const res = await t.inject(admin, {
      method: 'DELETE',
      url: `/api/admin/vouches/${id}`,
      headers: origin(),
    })
    expect(res.statusCode).toBe(200)
    expect(await stillThere(url)).toBe(false)
  })

  it('when an admin deletes it by resolving a report', async () => {
    const [alice, bob, admin] = [await createMember(t.db), await createMember(t.db), await createAdmin(t.db)]
    const url = await uploadAttachment(alice, tinyPdf())
    const id = (await endorse(t, alice, bob, { contentUrl: url })).id
    const report = await t.inject(bob, {
      method: 'POST',
      url: '/api/reports',
      headers: origin(),
      payload: { targetType: 'endorsement', targetId: id, reason: 'Not true' },
    })
    expect(report.statusCode).toBe(201)
    const resolved = await t.inject(admin, {
      method: 'POST',
      url: `/api/admin/reports/${report.json().id}/resolve`,
      headers: origin(),
      payload: { action: 'delete-content' },
    })
    expect(resolved.statusCode).toBe(200)
    expect(await stillThere(url)).toBe(false)
  })

  it('when the receiver deletes their account (the endorser keeps their other files)', async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    const url = await uploadAttachment(alice)
    const unused = await uploadAttachment(alice)
    await endorse(t, alice, bob, { contentUrl: url })
    const res = await t.inject(bob, {
      method: 'DELETE',
      url: '/api/account',
      headers: origin(),
      payload: { password: DEFAULT_PASSWORD },
    })
    expect(res.statusCode).toBe(200)
    expect(await stillThere(url)).toBe(false)
    expect(await stillThere(unused)).toBe(true)
  })

  it('when an admin deletes the endorser or the receiver', async () => {
    const [alice, bob, carol, admin] = [
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db),
      await createAdmin(t.db),
    ]
    const given = await uploadAttachment(alice)
    await endorse(t, alice, bob, { contentUrl: given })
    const received = await uploadAttachment(carol)
    await endorse(t, carol, bob, { contentUrl: received })
    const deleteUser = (id: number) =>
      t.inject(admin, { method: 'DELETE', url: `/api/admin/users/${id}`, headers: origin() })
    expect((await deleteUser(alice.id)).statusCode).toBe(200)
    expect(await stillThere(given)).toBe(false)
    expect(await stillThere(received)).toBe(true)
    expect((await deleteUser(bob.id)).statusCode).toBe(200)
    expect(await stillThere(received)).toBe(false)
  })

  it('only when no other endorsement of the member reuses the file', async () => {
    const [alice, bob, carol, admin] = [
      await createMember(t.db),
      await createMember(t.db),
      await createMember(t.db),
      await createAdmin(t.db),
    ]
    const url = await uploadAttachment(alice)
    const first = (await endorse(t, alice, bob, { contentUrl: url })).id
    const second = (await endorse(t, alice, carol, { contentUrl: url })).id
    const remove = (id: number) =>
      t.inject(admin, { method: 'DELETE', url: `/api/admin/vouches/${id}`, headers: origin() })
    expect((await remove(first)).statusCode).toBe(200)
    expect(await stillThere(url)).toBe(true)
    expect((await remove(second)).statusCode).toBe(200)
    expect(await stillThere(url)).toBe(false)
  })
})

describe('unused uploads removed after a day', () => {
  const HOUR = 60 * 60 * 1000
  /** Makes the upload look `ms` old. */
  const age = (url: string, ms: number) =>
    t.db
      .update(uploads)
      .set({ createdAt: sql`now() - ${`${ms} milliseconds`}::interval` })
      .where(eq(uploads.fileName, fileName(url)))

  it('keeps an unused attachment for a day, then removes its row and file', async () => {
    const alice = await createMember(t.db)
    const url = await uploadAttachment(alice)
    await sweepUnusedAttachments(t.db, t.config)
    expect(await stillThere(url)).toBe(true)
    // Asked as if 23 hours had passed, then 25.
    await sweepUnusedAttachments(t.db, t.config, new Date(Date.now() + 23 * HOUR))
    expect(await stillThere(url)).toBe(true)
    const removed = await sweepUnusedAttachments(t.db, t.config, new Date(Date.now() + 25 * HOUR))
    expect(removed).toBeGreaterThanOrEqual(1)
    expect(await stillThere(url)).toBe(false)
  })

  it('never removes an attachment an endorsement uses, nor a profile picture', async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    const used = await uploadAttachment(alice)
    await endorse(t, alice, bob, { contentUrl: used })
    const picture = await t.inject(alice, {
      method: 'POST',
      url: `/api/users/${alice.id}/profile-picture`,
      ...multipart({
        field: 'profilePicture',
        fileName: 'me.png',
        contentType: 'image/png',
        data: await makeImage('png'),
      }),
    })
    const pictureUrl = picture.json().profilePicture as string
    await age(used, 30 * 24 * HOUR)
    await age(pictureUrl, 30 * 24 * HOUR)
    await sweepUnusedAttachments(t.db, t.config)
    expect(await stillThere(used)).toBe(true)
    expect(await stillThere(pictureUrl)).toBe(true)
  })

  it('is safe to run on several instances at once: each file is removed once, none twice', async () => {
    const alice = await createMember(t.db)
    const urls = await Promise.all(Array.from({ length: 6 }, () => uploadAttachment(alice)))
    for (const url of urls) await age(url, UNUSED_ATTACHMENT_TTL_MS + HOUR)
    const other = await t.otherInstance()
    const counts = await Promise.all([
      sweepUnusedAttachments(t.db, t.config),
      sweepUnusedAttachments(other.db, other.config),
      sweepUnusedAttachments(t.db, t.config),
    ])
    expect(counts.reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(urls.length)
    for (const url of urls) expect(await stillThere(url)).toBe(false)
  })

  it('a sweep cannot remove an upload an endorsement is being created with', async () => {
    const [alice, bob] = [await createMember(t.db), await createMember(t.db)]
    const url = await uploadAttachment(alice)
    await age(url, UNUSED_ATTACHMENT_TTL_MS + HOUR)
    const [created] = await Promise.all([
      postEndorsement(t, alice, bob, { category: 'Teamwork', contentUrl: url }),
      sweepUnusedAttachments(t.db, t.config),
    ])
    // Either the endorsement took the file first (and it stays), or the sweep did (and it is refused).
    if (created.statusCode === 201) expect(await stillThere(url)).toBe(true)
    else expect(created.json()).toMatchObject({ code: 'INVALID_ATTACHMENT', field: 'contentUrl' })
  })
})
