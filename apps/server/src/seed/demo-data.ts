import { randomBytes } from 'node:crypto'
import { CATEGORIES, SUGGESTED_TAGS } from '@vouched/shared/endorsements'
import { and, eq, sql } from 'drizzle-orm'
import type { Config } from '../config'
import type { Db } from '../db/client'
import { users } from '../db/schema/index'
import { hashPassword } from '../core/password'
import type { UserRow } from '../core/user-shapes'
import { createAnnouncement } from '../features/announcements/announcements.service'
import { acceptConnectionRequest, sendConnectionRequest } from '../features/connections/connections.service'
import { createEndorsement } from '../features/endorsements/endorsements.create.service'
import { addComment, likeEndorsement } from '../features/endorsements/endorsements.likes-comments.service'
import { DEMO_ANNOUNCEMENTS, DEMO_COMMENTS, DEMO_MEMBERS, DEMO_NOTES } from './demo-members'

export const DEMO_USERNAME = 'demo'
export const DEMO_PASSWORD = 'vouched-demo'

/** A small deterministic generator: every fresh install gets the same demo network. */
function random(seed: number) {
  let state = seed
  const next = () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296
  }
  const int = (max: number) => Math.floor(next() * max)
  const pick = <T>(list: readonly T[]) => list[int(list.length)]!
  const sample = <T>(list: readonly T[], count: number) => {
    const copy = [...list]
    const out: T[] = []
    while (out.length < count && copy.length > 0) out.push(copy.splice(int(copy.length), 1)[0]!)
    return out
  }
  return { next, int, pick, sample }
}

async function ensureAnnouncer(db: Db): Promise<UserRow> {
  const [existing] = await db
    .select()
    .from(users)
    .where(and(eq(users.username, 'admin'), eq(users.isAdmin, true)))
  if (existing) return existing
  // Unusable password: ADMIN_PASSWORD (checked at every start) is the way to sign in as admin.
  const [admin] = await db
    .insert(users)
    .values({
      username: 'admin',
      email: 'admin@vouched.local',
      password: await hashPassword(randomBytes(32).toString('hex')),
      fullName: 'Vouched Team',
      isAdmin: true,
    })
    .returning()
  return admin!
}

/**
 * Fills a database that has no members yet (admins aside) with a demo network, through the same services
 * the API uses, so every counter, medal and notification is what real use would produce.
 */
export async function seedDemoData(db: Db, config: Config) {
  const [{ members }] = (await db
    .select({ members: sql<number>`count(*)::int` })
    .from(users)
    .where(eq(users.isAdmin, false))) as [{ members: number }]
  if (members > 0) return undefined

  const rng = random(20261122)
  const password = await hashPassword(DEMO_PASSWORD)
  const created = await db
    .insert(users)
    .values(
      DEMO_MEMBERS.map((member, index) => {
        const verified = index % 3 === 0
        const domain = member.username.split('.')[1] ?? 'vouched'
        return {
          ...member,
          email: `${member.username}@example.com`,
          password,
          isEmailVerified: verified,
          workEmail: verified ? `${member.username.split('.')[0]}@${domain}-corp.example` : null,
          createdAt: new Date(Date.now() - (60 - index) * 86_400_000),
        }
      }),
    )
    .returning()
  const demo = created[0]!
  const others = created.slice(1)

  const endorsements: { id: number; toUserId: number; fromUserId: number }[] = []
  const endorse = async (from: UserRow, to: UserRow, category: (typeof CATEGORIES)[number]) => {
    const note = rng.pick(DEMO_NOTES)
    const vouch = await createEndorsement(db, config, {
      from,
      toUserId: to.id,
      category,
      note: note || undefined,
      hashtags: rng.sample(SUGGESTED_TAGS, 1 + rng.int(3)),
      isAnonymous: rng.next() < 0.12,
      contentUrl: undefined,
      contentType: undefined,
    })
    endorsements.push({ id: vouch.id, toUserId: to.id, fromUserId: from.id })
  }

  // The demo member: a rich profile across categories.
  for (const [index, from] of others.slice(0, 14).entries()) {
    await endorse(from, demo, CATEGORIES[index % CATEGORIES.length]!)
  }
  // Everyone else: a few endorsements each, so popularity and hashtags vary.
  for (const from of created) {
    for (const to of rng.sample(others, 2 + rng.int(5))) {
      if (to.id === from.id) continue
      await endorse(from, to, rng.pick(CATEGORIES)).catch(() => undefined) // a repeated category: skip
    }
  }
  for (const vouch of rng.sample(endorsements, Math.floor(endorsements.length * 0.6))) {
    for (const liker of rng.sample(created, 1 + rng.int(4))) {
      if (liker.id !== vouch.fromUserId) await likeEndorsement(db, liker, vouch.id)
    }
  }
  for (const vouch of rng.sample(endorsements, Math.floor(endorsements.length * 0.25))) {
    const author = rng.pick(created)
    await addComment(db, author, vouch.id, rng.pick(DEMO_COMMENTS))
  }

  // Connections: the demo member has a network, a couple of requests waiting and one sent.
  for (const other of others.slice(0, 6)) {
    const request = await sendConnectionRequest(db, other, demo.id, 'Great working with you!')
    await acceptConnectionRequest(db, demo, request.id)
  }
  for (const other of others.slice(6, 8)) {
    await sendConnectionRequest(db, other, demo.id, `Hi ${demo.fullName}, I'd like to add you to my network.`)
  }
  await sendConnectionRequest(db, demo, others[10]!.id, undefined)
  for (let i = 0; i < 40; i++) {
    const [a, b] = rng.sample(others, 2)
    const request = await sendConnectionRequest(db, a!, b!.id, undefined).catch(() => undefined)
    if (request && rng.next() < 0.8) await acceptConnectionRequest(db, b!, request.id)
  }

  const announcer = await ensureAnnouncer(db)
  for (const announcement of DEMO_ANNOUNCEMENTS) {
    await createAnnouncement(db, announcer, { ...announcement, imageUrl: undefined })
  }
  return { username: DEMO_USERNAME, password: DEMO_PASSWORD }
}
