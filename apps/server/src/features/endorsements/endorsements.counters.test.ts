import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  hashtags,
  memberCategoryStats,
  memberDailyActivity,
  memberHashtags,
  notifications,
  users,
  vouches,
} from '../../db/schema/index'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import {
  counters as snapshotCounters,
  recomputeEverything as recomputeAll,
} from '../../../test/counter-snapshot'
import { createMember, endorse, postEndorsement } from '../../../test/factories'
import { makeImage, multipart } from '../../../test/multipart'
import { removeEndorsement, removeMemberContributions } from './endorsements.removal.service'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

type Member = Awaited<ReturnType<typeof createMember>>

const counters = () => snapshotCounters(t.db)
const recomputeEverything = () => recomputeAll(t.db)

const like = (member: Member, id: number) =>
  t.inject(member, { method: 'POST', url: `/api/vouches/${id}/likes` })
const unlike = (member: Member, id: number) =>
  t.inject(member, { method: 'DELETE', url: `/api/vouches/${id}/likes` })
const comment = async (member: Member, id: number, text: string) =>
  (
    await t.inject(member, { method: 'POST', url: `/api/vouches/${id}/comments`, payload: { comment: text } })
  ).json().id as number
const deleteComment = (member: Member, id: number) =>
  t.inject(member, { method: 'DELETE', url: `/api/comments/${id}` })
const attachment = async (member: Member) => {
  const body = multipart({
    field: 'file',
    fileName: 'p.png',
    contentType: 'image/png',
    data: await makeImage('png'),
  })
  return (await t.inject(member, { method: 'POST', url: '/api/vouches/attachments', ...body })).json()
    .contentUrl
}

describe('denormalised counters', () => {
  it('always equal a recomputation from scratch, through creations, likes, comments and deletions', async () => {
    await t.reset()
    const members: Member[] = []
    for (let i = 0; i < 14; i++) members.push(await createMember(t.db, { isEmailVerified: i % 4 === 0 }))
    const [star, second, third] = members as [Member, Member, Member]
    const categories = ['Technical Skills', 'Leadership', 'Teamwork', 'Communication'] as const
    const pool = ['Alpha', 'Beta', 'Gamma', 'Delta']

    // The star receives Alpha 12 times (bronze), from every other member but one.
    const toStar: number[] = []
    for (const [i, m] of members.slice(1, 13).entries()) {
      toStar.push(
        (
          await endorse(t, m, star, {
            category: categories[i % categories.length],
            note: i % 2 === 0 ? `Note ${i}` : undefined,
            hashtags: ['Alpha', ...(i % 3 === 0 ? ['beta'] : []), ...(i === 5 ? ['Solo'] : [])],
            isAnonymous: i % 5 === 0,
            ...(i % 4 === 1 ? { contentUrl: await attachment(m) } : {}),
          })
        ).id,
      )
    }
    // A web of smaller endorsements.
    const others: number[] = []
    for (let i = 0; i < 10; i++) {
      const from = members[(i * 3 + 1) % members.length]!
      const to = members[(i * 5 + 2) % members.length]!
      if (from.id === to.id || to.id === star.id) continue
      const res = await postEndorsement(t, from, to, {
        category: categories[i % 4],
        hashtags: pool.slice(0, (i % 4) + 1),
      })
      if (res.statusCode === 201) others.push(res.json().id)
    }
    // Likes, unlikes, comments and their deletions.
    const comments: { author: Member; id: number }[] = []
    for (const [i, id] of [...toStar, ...others].entries()) {
      const a = members[(i + 3) % members.length]!
      const b = members[(i + 7) % members.length]!
      await like(a, id)
      await like(b, id)
      if (i % 3 === 0) await unlike(a, id)
      if (i % 2 === 0) comments.push({ author: b, id: await comment(b, id, `Comment ${i}`) })
      if (i % 4 === 0) comments.push({ author: a, id: await comment(a, id, `Reply ${i}`) })
    }
    for (const c of comments.filter((_, i) => i % 3 === 0)) {
      expect((await deleteComment(c.author, c.id)).statusCode).toBe(200)
    }
    // Deletions: the one carrying the only 'Solo' (the tag disappears), three of the star's Alpha ones
    // (12 → 9: the medal goes), one with likes and comments among the others.
    await removeEndorsement(t.db, toStar[5]!)
    for (const id of [toStar[0]!, toStar[1]!]) await removeEndorsement(t.db, id)
    expect(await removeEndorsement(t.db, 99_999_999)).toBeNull()

    const before = await counters()
    // Alpha fell from 12 to 9: no medal any more.
    expect(before.memberHashtags.find((m) => m.userId === star.id && m.count === 9)).toBeDefined()
    expect(before.medals.filter((m) => m.userId === star.id)).toEqual([])
    expect(before.hashtags.find((h) => h.tag === 'Solo')).toBeUndefined()
    expect(before.activity.length).toBeGreaterThan(0)
    await recomputeEverything()
    expect(await counters()).toEqual(before)

    // The star back to 10: bronze returns, with the newest endorsement's time.
    await endorse(t, members[13]!, star, { category: 'Initiative', hashtags: ['alpha'] })
    const afterMore = await counters()
    const starMedals = afterMore.medals.filter((m) => m.userId === star.id)
    expect(starMedals.map((m) => [m.skillName, m.tier, m.endorsementCount])).toEqual([
      ['Alpha', 'bronze', 10],
    ])
    expect(second.id).not.toBe(star.id)
    await recomputeEverything()
    expect(await counters()).toEqual(afterMore)

    // A member's departure takes back what they did to others.
    await removeMemberContributions(t.db, third.id)
    await t.db.delete(users).where(eq(users.id, third.id))
    const afterDeparture = await counters()
    await recomputeEverything()
    expect(await counters()).toEqual(afterDeparture)
    const leftovers = await t.db.select().from(notifications).where(eq(notifications.fromUserId, third.id))
    expect(leftovers).toEqual([])
  })

  it('stay equal to the recomputation through hiding, showing, reciprocal pairs and blocks', async () => {
    await t.reset()
    const members: Member[] = []
    for (let i = 0; i < 12; i++) members.push(await createMember(t.db, { isEmailVerified: i % 3 === 0 }))
    const [a, b] = members as [Member, Member]
    const checkpoint = async () => {
      const snapshot = await counters()
      await recomputeEverything()
      expect(await counters()).toEqual(snapshot)
      return snapshot
    }
    const scoreOf = (snapshot: Awaited<ReturnType<typeof counters>>, member: Member) =>
      snapshot.users.find((u) => u.id === member.id)!.reputationScore
    const medalsOf = (snapshot: Awaited<ReturnType<typeof counters>>, member: Member) =>
      snapshot.medals.filter((m) => m.userId === member.id).map((m) => [m.skillName, m.endorsementCount])
    const setHidden = async (member: Member, id: number, action: 'hide' | 'show') => {
      const res = await t.inject(member, { method: 'POST', url: `/api/vouches/${id}/${action}` })
      expect(res.statusCode).toBe(200)
      return res.json()
    }

    // b receives 'Kind' ten times (bronze): nine from others, one from a (verified, with a note: 15 points).
    for (const m of members.slice(2, 11))
      await endorse(t, m, b, { category: 'Leadership', hashtags: ['Kind'] })
    const ab = (await endorse(t, a, b, { category: 'Teamwork', note: 'Great', hashtags: ['Kind'] })).id
    let snap = await checkpoint()
    expect(medalsOf(snap, b)).toEqual([['Kind', 10]])
    const bBefore = scoreOf(snap, b)

    // b endorses a back in the same category: both count half (15 → 7.5 for b; 10 → 5 for a).
    const ba = (await endorse(t, b, a, { category: 'Teamwork', hashtags: ['Kind'] })).id
    snap = await checkpoint()
    expect(scoreOf(snap, b)).toBe(bBefore - 7.5)
    expect(scoreOf(snap, a)).toBe(5)

    // Hidden: it stops counting everywhere (score, count, tags, medal); shown: it counts again.
    expect(await setHidden(b, ab, 'hide')).toEqual({ id: ab, isHidden: true, hiddenByBlock: false })
    snap = await checkpoint()
    expect(scoreOf(snap, b)).toBe(bBefore - 15)
    expect(medalsOf(snap, b)).toEqual([])
    expect(snap.stats.find((s) => s.userId === b.id && s.category === 'Teamwork')).toBeUndefined()
    // The reverse stays halved: reciprocity depends on the pair existing, not on what is shown.
    expect(scoreOf(snap, a)).toBe(5)
    await setHidden(b, ab, 'show')
    snap = await checkpoint()
    expect(scoreOf(snap, b)).toBe(bBefore - 7.5)
    expect(medalsOf(snap, b)).toEqual([['Kind', 10]])

    // Blocking a hides what a gave b; b also hides it by hand, so unblocking leaves it hidden.
    expect((await t.inject(b, { method: 'POST', url: `/api/blocks/${a.id}` })).statusCode).toBe(201)
    snap = await checkpoint()
    expect(scoreOf(snap, b)).toBe(bBefore - 15)
    expect((await t.inject(b, { method: 'POST', url: `/api/vouches/${ab}/show` })).statusCode).toBe(409)
    await setHidden(b, ab, 'hide')
    expect((await t.inject(b, { method: 'DELETE', url: `/api/blocks/${a.id}` })).statusCode).toBe(200)
    snap = await checkpoint()
    expect(scoreOf(snap, b)).toBe(bBefore - 15)
    await setHidden(b, ab, 'show')
    snap = await checkpoint()
    expect(scoreOf(snap, b)).toBe(bBefore - 7.5)

    // The reverse goes: a → b is worth its full 15 again; a's score falls to 0.
    await removeEndorsement(t.db, ba)
    snap = await checkpoint()
    expect(scoreOf(snap, b)).toBe(bBefore)
    expect(scoreOf(snap, a)).toBe(0)

    // Deleting a hidden endorsement takes nothing more from its receiver.
    await endorse(t, b, a, { category: 'Teamwork' })
    await setHidden(b, ab, 'hide')
    await removeEndorsement(t.db, ab)
    snap = await checkpoint()
    expect(scoreOf(snap, b)).toBe(bBefore - 15)
    expect(scoreOf(snap, a)).toBe(10)
  })

  it('keep anonymous endorsements out of blocks, reciprocal halving, the verified factor and activity', async () => {
    await t.reset()
    const a = await createMember(t.db, { isEmailVerified: true })
    const b = await createMember(t.db)
    const checkpoint = async () => {
      const snapshot = await counters()
      await recomputeEverything()
      expect(await counters()).toEqual(snapshot)
      return snapshot
    }
    const scoreOf = (snapshot: Awaited<ReturnType<typeof counters>>, member: Member) =>
      snapshot.users.find((u) => u.id === member.id)!.reputationScore
    const activityOf = (snapshot: Awaited<ReturnType<typeof counters>>, member: Member) =>
      snapshot.activity.filter((row) => row.userId === member.id).reduce((sum, row) => sum + row.count, 0)
    const stored = async (id: number) => (await t.db.select().from(vouches).where(eq(vouches.id, id)))[0]!

    // b endorses a by name (10); a, verified, endorses b back anonymously with a note: 1.2, not 1.5,
    // and neither is halved, so neither score tells b's endorsement met its anonymous reverse.
    await endorse(t, b, a, { category: 'Teamwork' })
    const anon = (await endorse(t, a, b, { category: 'Teamwork', note: 'Steady', isAnonymous: true })).id
    let snap = await checkpoint()
    expect((await stored(anon)).engagementWeight).toBeCloseTo(1.2, 6)
    expect(scoreOf(snap, b)).toBe(12)
    expect(scoreOf(snap, a)).toBe(10)
    // Nor does a's activity move: only the named endorsement counts as an act.
    expect(activityOf(snap, a)).toBe(0)
    expect(activityOf(snap, b)).toBe(1)

    // b blocks a: the anonymous endorsement keeps counting and is not hidden; b may still hide it.
    expect((await t.inject(b, { method: 'POST', url: `/api/blocks/${a.id}` })).statusCode).toBe(201)
    snap = await checkpoint()
    expect(await stored(anon)).toMatchObject({ isHidden: false, hiddenByBlock: false })
    expect(scoreOf(snap, b)).toBe(12)
    expect((await t.inject(b, { method: 'POST', url: `/api/vouches/${anon}/hide` })).json()).toEqual({
      id: anon,
      isHidden: true,
      hiddenByBlock: false,
    })
    snap = await checkpoint()
    expect(scoreOf(snap, b)).toBe(0)
    expect((await t.inject(b, { method: 'POST', url: `/api/vouches/${anon}/show` })).statusCode).toBe(200)
    expect((await t.inject(b, { method: 'DELETE', url: `/api/blocks/${a.id}` })).statusCode).toBe(200)
    snap = await checkpoint()
    expect(scoreOf(snap, b)).toBe(12)

    // The other way round: a named endorsement (a → b, 12.5) does not halve against an anonymous one.
    await endorse(t, a, b, { category: 'Leadership' })
    await endorse(t, b, a, { category: 'Leadership', isAnonymous: true })
    snap = await checkpoint()
    expect(scoreOf(snap, b)).toBe(12 + 12.5)
    expect(scoreOf(snap, a)).toBe(10 + 10)
    expect(activityOf(snap, a)).toBe(1)
    expect(activityOf(snap, b)).toBe(1)

    // Deleting the anonymous one gives nobody anything back: nothing was halved.
    await removeEndorsement(t.db, anon)
    snap = await checkpoint()
    expect(scoreOf(snap, b)).toBe(12.5)
    expect(scoreOf(snap, a)).toBe(20)
    expect(activityOf(snap, a)).toBe(1)
  })

  it('are repaired by the recomputation when they drift', async () => {
    await t.reset()
    const [a, b, c] = [await createMember(t.db), await createMember(t.db), await createMember(t.db)]
    const id = (await endorse(t, a, b, { category: 'Teamwork', note: 'Solid', hashtags: ['Kind'] })).id
    await like(c, id)
    await comment(c, id, 'Agreed')
    const good = await counters()
    await t.db.update(users).set({ reputationScore: 999, vouchCount: 7 }).where(eq(users.id, b.id))
    await t.db.update(memberHashtags).set({ count: 42 })
    await t.db.update(hashtags).set({ count: 5 })
    await t.db.update(vouches).set({ likeCount: 3, commentCount: 0 })
    await t.db.delete(memberDailyActivity).where(eq(memberDailyActivity.userId, c.id))
    await t.db.delete(memberCategoryStats)
    expect(await counters()).not.toEqual(good)
    await recomputeEverything()
    expect(await counters()).toEqual(good)
    expect(good.users.find((u) => u.id === b.id)).toMatchObject({ reputationScore: 12, vouchCount: 1 })
  })

  it('count activity over the last 30 days: endorsements given, likes and comments that still exist', async () => {
    await t.reset()
    const [a, b, c] = [await createMember(t.db), await createMember(t.db), await createMember(t.db)]
    const v1 = (await endorse(t, a, b)).id
    const v2 = (await endorse(t, a, c, { category: 'Leadership' })).id
    const v3 = (await endorse(t, b, c)).id
    await like(a, v3)
    await like(a, v1)
    await unlike(a, v1)
    const kept = await comment(a, v3, 'Nice')
    const dropped = await comment(a, v2, 'Hm')
    await deleteComment(a, dropped)
    const activity = async () =>
      (await t.inject(b, { method: 'GET', url: `/api/users/${a.username}` })).json().user.activityScore
    expect(await activity()).toBe(2 + 1 + 1)
    expect(kept).toBeGreaterThan(0)
    // Acts older than 30 days no longer count.
    await t.db.update(memberDailyActivity).set({ day: sql`${memberDailyActivity.day} - 30` })
    expect(await activity()).toBe(0)
  })
})
