import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildTestApp, type TestApp } from '../build-test-app'
import { createMember } from '../factories'
import { q, SCRIPT_LIKE } from './arbitraries'

/**
 * The API stores text and answers text: markup a member types comes back verbatim in JSON (the client
 * renders it as text), and is escaped wherever the server itself writes HTML or SVG: the public badge
 * page and the badge image.
 */
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

const SCRIPT = '<script>alert("x")</script>'
const TAG = '<script>alert(1)</script>'
const NAME = '"><img src=x onerror=alert(1)> <script>'

async function hostileMember() {
  const [endorser, member] = [await createMember(t.db), await createMember(t.db, { fullName: NAME })]
  const res = await t.inject(endorser, {
    method: 'POST',
    url: '/api/vouches',
    payload: { toUserId: member.id, category: 'Leadership', note: SCRIPT, hashtags: [TAG, 'Safe'] },
  })
  expect(res.statusCode).toBe(201)
  return { endorser, member, endorsement: res.json() as { id: number } }
}

describe('JSON answers', () => {
  it('return markup in notes, comments and names verbatim, as JSON with nosniff', async () => {
    const { endorser, member, endorsement } = await hostileMember()
    const comment = await t.inject(endorser, {
      method: 'POST',
      url: `/api/vouches/${endorsement.id}/comments`,
      payload: { comment: SCRIPT },
    })
    expect(comment.json().comment).toBe(SCRIPT)

    const profile = await t.inject(endorser, { method: 'GET', url: `/api/users/${member.username}` })
    expect(profile.headers['content-type']).toMatch(/^application\/json/)
    expect(profile.headers['x-content-type-options']).toBe('nosniff')
    const body = profile.json()
    expect(body.user.fullName).toBe(NAME)
    expect(body.vouches[0].note).toBe(SCRIPT)
    expect(body.vouches[0].hashtags).toContain(TAG)
    // Not HTML-escaped on the way: escaping is the renderer's job, and double escaping would show '&lt;'.
    expect(profile.body).not.toContain('&lt;')

    const comments = await t.inject(member, { method: 'GET', url: `/api/vouches/${endorsement.id}/comments` })
    expect(comments.json()[0].comment).toBe(SCRIPT)
    const search = await t.inject(endorser, { method: 'GET', url: `/api/search?q=${q('img src')}` })
    expect(search.statusCode).toBe(200)
  })
})

/**
 * Markup that survived into a server-written document as markup: an element opened by the input. (Its
 * escaped text, such as '&lt;img src=x onerror=…', is harmless and expected.)
 */
const RAW_MARKUP = /<(script|img|iframe|b)\b|<svg onload/i

describe('server-written documents', () => {
  it('escape names and skills in the badge SVG', async () => {
    const { member } = await hostileMember()
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/badge/${member.username}?format=svg&hashtags=${q(`${TAG},Safe`)}`,
    })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/)
    expect(res.headers['content-security-policy']).toContain("default-src 'none'")
    expect(res.body).not.toMatch(RAW_MARKUP)
    expect(res.body).toContain('&lt;script&gt;')
  })

  it('escape skills in the public badge page head and link-preview tags', async () => {
    const { member } = await hostileMember()
    const res = await t.app.inject({ method: 'GET', url: `/badge/${member.username}?hashtags=${q(TAG)}` })
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.body.match(/<script/gi) ?? []).toHaveLength(0)
    expect(res.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  })

  it('never let any hostile skill or query value out unescaped', async () => {
    const { member } = await hostileMember()
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.constantFrom(...SCRIPT_LIKE, TAG, 'Safe'), { minLength: 1, maxLength: 4 }),
        fc.constantFrom('page', 'svg', 'embed'),
        async (tags, kind) => {
          const hashtags = q(tags.join(','))
          const url =
            kind === 'page'
              ? `/badge/${member.username}?hashtags=${hashtags}&x=${q(SCRIPT)}`
              : kind === 'svg'
                ? `/api/badge/${member.username}?format=svg&hashtags=${hashtags}&timestamp=${q('<b>')}`
                : `/api/badge/${member.username}/embed?hashtags=${hashtags}`
          const res = await t.app.inject({ method: 'GET', url })
          expect(res.statusCode, url).toBeLessThan(500)
          if (kind === 'embed') {
            if (res.statusCode !== 200) return
            // The embed snippet (a link around an <img>) is pasted elsewhere: skills only ever inside encoded URLs.
            const { embedCode } = res.json() as { embedCode: string }
            expect(embedCode, url).not.toMatch(/<script|<iframe|onerror|onload/i)
            return
          }
          expect(res.body, url).not.toMatch(RAW_MARKUP)
        },
      ),
      { numRuns: 30 },
    )
  })
})
