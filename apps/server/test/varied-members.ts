import { BIO_MAX, FULL_NAME_MAX, LOCATION_MAX, TITLE_MAX } from '@vouched/shared/users.constants'
import { CATEGORIES, NOTE_MAX } from '@vouched/shared/endorsements.constants'
import { expect } from 'vitest'
import type { TestApp } from './build-test-app'
import { createAdmin, createMember, uniqueSuffix } from './factories'

type Member = Awaited<ReturnType<typeof createMember>>

/** Texts a JSON writer gets wrong if any: quotes, backslashes, markup, emoji, other scripts, U+2028. */
const UNICODE = ['Zoë 🦊 Ñandú', '山田 太郎', 'محمد علي', 'Ōsaka "quoted" \\ back', '</script><b>x</b>\u2028']
const long = (length: number, unit: string) => unit.repeat(Math.ceil(length / unit.length)).slice(0, length)

export type VariedSample = {
  /** The sampled members, each findable by the word in `words` at the same index. */
  members: Member[]
  words: string[]
  /** Members who gave the endorsements; the first also liked and commented. */
  endorsers: Member[]
  admin: Member
  stranger: Member
  /** Tags given in the sample, for hashtag searches. */
  tags: string[]
}

/**
 * `count` members with varied data through the API (so counters, medals and tags are what production
 * writes): none or up to a dozen endorsements, anonymous ones, one hidden by its receiver, a bronze
 * medal, long texts at their limits, other scripts and escapes, verified and work emails, a picture,
 * an admin, likes and comments.
 */
export async function createVariedMembers(t: TestApp, count = 20): Promise<VariedSample> {
  const run = uniqueSuffix()
  const tags = ['Rust', 'Café', `Tag${run}`, '日本語']
  const endorsers: Member[] = []
  for (let i = 0; i < 12; i += 1) {
    const fullName = i % 3 === 1 ? `${UNICODE[i % UNICODE.length]} ${i}` : `Endorser ${run} ${i}`
    endorsers.push(await createMember(t.db, { fullName, isEmailVerified: i % 2 === 0 }))
  }
  const [admin, stranger] = [await createAdmin(t.db), await createMember(t.db)]

  const members: Member[] = []
  const words: string[] = []
  for (let i = 0; i < count; i += 1) {
    const word = `Sample${run}x${String.fromCharCode(97 + i)}`
    const unicode = i % 3 === 1 ? UNICODE[i % UNICODE.length] : undefined
    const longTexts = i % 4 === 2
    const member = await createMember(t.db, {
      fullName: longTexts
        ? `${word} ${long(FULL_NAME_MAX - word.length - 1, 'Ω')}`
        : `${word} ${unicode ?? 'Plain'}`,
      title: longTexts ? long(TITLE_MAX, 'T') : i % 5 === 0 ? null : `Engineer ${unicode ?? ''}`.trim(),
      bio: longTexts ? long(BIO_MAX, 'é🙂') : (unicode ?? null),
      location: longTexts ? long(LOCATION_MAX, 'L') : i % 2 === 0 ? 'Lisbon' : null,
      isEmailVerified: i % 3 === 0,
      workEmail: i % 6 === 0 ? `work${i}_${run}@company.test` : null,
      profilePicture: i % 4 === 3 ? `/uploads/picture-${run}-${i}.webp` : null,
      isAdmin: i === 7,
    })
    members.push(member)
    words.push(word)

    // 0, 1, 2, 4, 6 endorsements in turn; the medal member gets a dozen of one skill.
    const given = i === 5 ? 12 : [0, 1, 2, 4, 6][i % 5]!
    const ids: number[] = []
    for (let k = 0; k < given; k += 1) {
      const res = await t.inject(endorsers[k]!, {
        method: 'POST',
        url: '/api/vouches',
        payload: {
          toUserId: member.id,
          category: CATEGORIES[(i + k) % CATEGORIES.length],
          note: longTexts && k === 0 ? long(NOTE_MAX, 'ñ') : k % 2 === 0 ? `Note ${unicode ?? k}` : undefined,
          hashtags: i === 5 ? ['Rust'] : tags.slice(k % tags.length, (k % tags.length) + 2),
          isAnonymous: (i + k) % 3 === 0,
        },
      })
      expect(res.statusCode).toBe(201)
      ids.push((res.json() as { id: number }).id)
    }
    if (ids.length > 0 && i % 2 === 0) {
      const vouch = ids[ids.length - 1]!
      const liked = await t.inject(endorsers[0]!, { method: 'POST', url: `/api/vouches/${vouch}/likes` })
      expect(liked.statusCode).toBe(200)
      const comment = await t.inject(endorsers[0]!, {
        method: 'POST',
        url: `/api/vouches/${vouch}/comments`,
        payload: { comment: `Agreed ${unicode ?? ''}`.trim() },
      })
      expect(comment.statusCode).toBe(201)
    }
    if (ids.length > 1 && i % 6 === 4) {
      const hidden = await t.inject(member, {
        method: 'POST',
        url: `/api/vouches/${ids[ids.length - 1]}/hide`,
      })
      expect(hidden.statusCode).toBe(200)
    }
  }
  return { members, words, endorsers, admin, stranger, tags }
}
