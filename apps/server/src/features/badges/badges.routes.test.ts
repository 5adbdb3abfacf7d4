import { SaxesParser } from 'saxes'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TMedalTier } from '@vouched/shared/badges'
import type { Db } from '../../db/client'
import { hashtags, medals, memberHashtags, users } from '../../db/schema/index'
import { eq, sql } from 'drizzle-orm'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createMember, uniqueSuffix } from '../../../test/factories'

let t: TestApp
beforeAll(async () => {
  t = await buildTestApp({ publicUrl: 'https://vouched.example.com' })
})
afterAll(async () => {
  await t.close()
})

/** Parses strictly (throws on malformed XML) and returns the root's name and every text node, joined. */
function parseXml(xml: string) {
  const parser = new SaxesParser({ xmlns: true })
  const texts: string[] = []
  const elements: string[] = []
  parser.on('text', (text) => texts.push(text))
  parser.on('opentag', (tag) => elements.push(tag.local))
  parser.on('error', (error) => {
    throw error
  })
  parser.write(xml).close()
  return { root: elements[0], elements, text: texts.join('\n') }
}

/** Inserts received skills (and medals) directly: the endorsement service is not needed for a badge. */
async function giveSkills(
  db: Db,
  userId: number,
  skills: { tag: string; count: number; tier?: TMedalTier }[],
) {
  for (const skill of skills) {
    const [existing] = await db
      .select()
      .from(hashtags)
      .where(sql`lower(${hashtags.tag}) = ${skill.tag.toLowerCase()}`)
    const hashtag =
      existing ?? (await db.insert(hashtags).values({ tag: skill.tag, count: skill.count }).returning())[0]!
    await db.insert(memberHashtags).values({ userId, hashtagId: hashtag.id, count: skill.count })
    if (skill.tier) {
      await db.insert(medals).values({
        userId,
        skillName: skill.tag,
        tier: skill.tier,
        endorsementCount: skill.count,
        lastEndorsedAt: new Date(),
      })
    }
  }
}

const tag = (name: string) => `${name}${uniqueSuffix()}`

async function memberWithSkills() {
  const member = await createMember(t.db, {
    fullName: 'Ada Lovelace',
    isEmailVerified: true,
    reputationScore: 1284.5,
    vouchCount: 96,
  })
  const skills = {
    typescript: tag('TypeScript'),
    leadership: tag('Leadership'),
    agile: tag('Agile'),
    unused: tag('Unused'),
  }
  await giveSkills(t.db, member.id, [
    { tag: skills.typescript, count: 42, tier: 'gold' },
    { tag: skills.leadership, count: 23, tier: 'silver' },
    { tag: skills.agile, count: 4 },
  ])
  return { member, skills }
}

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers })

describe('GET /api/badge/:username', () => {
  it('is public and renders well-formed SVG by default with the name and chosen skills', async () => {
    const { member, skills } = await memberWithSkills()
    const res = await get(`/api/badge/${member.username}?hashtags=${skills.typescript},${skills.agile}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/)
    const svg = parseXml(res.body)
    expect(svg.root).toBe('svg')
    expect(res.body).toContain('width="300" height="300"')
    expect(svg.text).toContain('Ada Lovelace')
    expect(svg.text).toContain(`@${member.username}`)
    expect(svg.text).toContain(`#${skills.typescript}`)
    expect(svg.text).toContain(`#${skills.agile}`)
    // Only the chosen skills, with the gold medal of the first and the reputation and endorsements.
    expect(svg.text).not.toContain(`#${skills.leadership}`)
    expect(svg.text).toContain('Gold medal')
    expect(svg.text).toContain('1,284.5')
    expect(svg.text).toContain('96')
    expect(svg.text).toContain('Verified member')
    expect(svg.text).toContain('Vouched')
  })

  it('shows the top skills, most endorsed first, when none are chosen', async () => {
    const { member, skills } = await memberWithSkills()
    const res = await get(`/api/badge/${member.username}`)
    const { text } = parseXml(res.body)
    expect(text).toContain('TOP SKILLS')
    const positions = [skills.typescript, skills.leadership, skills.agile].map((s) => text.indexOf(`#${s}`))
    expect(positions.every((p) => p >= 0)).toBe(true)
    expect([...positions].sort((a, b) => a - b)).toEqual(positions)
  })

  it('ignores chosen tags the member never received, and matches case-insensitively', async () => {
    const { member, skills } = await memberWithSkills()
    const res = await get(
      `/api/badge/${member.username}?hashtags=${encodeURIComponent(`Fraudster,#${skills.agile.toUpperCase()}`)}`,
    )
    const { text } = parseXml(res.body)
    expect(text).not.toContain('Fraudster')
    expect(text).toContain(`#${skills.agile}`)
    expect(text).toContain('SKILLS')
    expect(text).not.toContain('TOP SKILLS')
  })

  it('finds the member ignoring case and says when no skill was endorsed yet', async () => {
    const member = await createMember(t.db, { fullName: null })
    const res = await get(`/api/badge/${member.username.toUpperCase()}`)
    expect(res.statusCode).toBe(200)
    const { text } = parseXml(res.body)
    expect(text).toContain(member.username)
    expect(text).toContain('No endorsed skills yet')
    expect(text).not.toContain('Verified member')
  })

  it('renders a 300×300 PNG', async () => {
    const { member, skills } = await memberWithSkills()
    const res = await get(
      `/api/badge/${member.username}?format=png&hashtags=${skills.leadership}&timestamp=1`,
    )
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toBe('image/png')
    const png = res.rawPayload
    expect([...png.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
    const metadata = await sharp(png).metadata()
    expect(metadata).toMatchObject({ format: 'png', width: 300, height: 300 })
    // Text was really drawn: the badge is not one flat colour.
    const stats = await sharp(png).stats()
    expect(stats.channels[0]!.max - stats.channels[0]!.min).toBeGreaterThan(100)
  })

  it('escapes names and tags so markup renders as text', async () => {
    const evilTag = `<b>&"x'${uniqueSuffix()}`
    const member = await createMember(t.db, {
      fullName: '<script>alert("x")</script> & Co\u0001',
    })
    await giveSkills(t.db, member.id, [{ tag: evilTag, count: 12, tier: 'bronze' }])
    for (const query of ['', `?hashtags=${encodeURIComponent(evilTag)}`]) {
      const res = await get(`/api/badge/${member.username}${query}`)
      expect(res.statusCode).toBe(200)
      expect(res.body).not.toContain('<script')
      expect(res.body).not.toContain('<b>')
      expect(res.body).toContain('&lt;script&gt;')
      const svg = parseXml(res.body)
      expect(svg.elements).not.toContain('script')
      expect(svg.elements).not.toContain('b')
      expect(svg.text).toContain('<script>alert("x")</script> & Co')
      expect(svg.text).toContain(`#${evilTag}`)
    }
    const png = await get(`/api/badge/${member.username}?format=png`)
    expect(png.statusCode).toBe(200)
    expect((await sharp(png.rawPayload).metadata()).width).toBe(300)
  })

  it('answers 404 JSON for an unknown member', async () => {
    for (const format of ['svg', 'png']) {
      const res = await get(`/api/badge/nobody_${uniqueSuffix()}?format=${format}`)
      expect(res.statusCode).toBe(404)
      expect(res.headers['content-type']).toMatch(/application\/json/)
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' })
    }
  })

  it('answers 400 for a bad format or too many or too long hashtags', async () => {
    const { member } = await memberWithSkills()
    const eleven = Array.from({ length: 11 }, (_, i) => `tag${i}`).join(',')
    const cases = [
      `format=gif`,
      `hashtags=${eleven}`,
      `hashtags=${'x'.repeat(51)}`,
      `hashtags=${'a,'.repeat(400)}`,
    ]
    for (const query of cases) {
      const res = await get(`/api/badge/${member.username}?${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(res.json().code).toBe('VALIDATION_ERROR')
    }
    const res = await get(`/api/badge/${member.username}?hashtags=${eleven}`)
    expect(res.json()).toMatchObject({ field: 'hashtags', message: 'You can choose up to 10 skills' })
    // Ten tags of 50 characters are within bounds.
    const ten = Array.from({ length: 10 }, (_, i) => `${i}`.padEnd(50, 'x')).join(',')
    expect((await get(`/api/badge/${member.username}?hashtags=${ten}`)).statusCode).toBe(200)
  })

  it('is cacheable, embeddable elsewhere, and answers 304 to a matching If-None-Match', async () => {
    const { member } = await memberWithSkills()
    for (const format of ['svg', 'png']) {
      const url = `/api/badge/${member.username}?format=${format}`
      const first = await get(url)
      expect(first.headers['cache-control']).toBe('public, max-age=300')
      expect(first.headers['cross-origin-resource-policy']).toBe('cross-origin')
      const etag = first.headers.etag as string
      expect(etag).toMatch(/^"[a-z]+-[\w-]+"$/)
      const again = await get(url, { 'if-none-match': etag })
      expect(again.statusCode).toBe(304)
      expect(again.body).toBe('')
      expect(again.headers.etag).toBe(etag)
      expect((await get(url, { 'if-none-match': `"other", W/${etag}` })).statusCode).toBe(304)
      expect((await get(url, { 'if-none-match': '"other"' })).statusCode).toBe(200)
    }
  })

  it('changes the ETag when the member’s data changes', async () => {
    const { member } = await memberWithSkills()
    const url = `/api/badge/${member.username}?format=png`
    const before = await get(url)
    await t.db.update(users).set({ reputationScore: 2000, vouchCount: 120 }).where(eq(users.id, member.id))
    const after = await get(url, { 'if-none-match': before.headers.etag as string })
    expect(after.statusCode).toBe(200)
    expect(after.headers.etag).not.toBe(before.headers.etag)
    expect(after.rawPayload.equals(before.rawPayload)).toBe(false)
  })
})

describe('GET /api/badge-fonts/:file', () => {
  it('serves the badge typeface to any site, and the SVG asks for it', async () => {
    const { member } = await memberWithSkills()
    const svg = await get(`/api/badge/${member.username}`)
    expect(svg.body).toContain(
      'src:url(&apos;https://vouched.example.com/api/badge-fonts/inter-latin.woff2&apos;)',
    )
    expect(svg.headers['content-security-policy']).toContain("font-src 'self' https://vouched.example.com")
    expect(svg.headers['content-security-policy']).toContain("default-src 'none'")

    const font = await get('/api/badge-fonts/inter-latin.woff2')
    expect(font.statusCode).toBe(200)
    expect(font.headers['content-type']).toBe('font/woff2')
    expect(font.headers['access-control-allow-origin']).toBe('*')
    expect(font.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2')
    for (const file of ['nope.woff2', 'constructor', '..%2Fpackage.json']) {
      expect((await get(`/api/badge-fonts/${file}`)).statusCode).toBe(404)
    }
  })
})

describe('GET /api/badge/:username/embed', () => {
  it('is public and gives absolute URLs, available and selected skills (in the badge order)', async () => {
    const { member, skills } = await memberWithSkills()
    const res = await get(
      `/api/badge/${member.username.toUpperCase()}/embed?hashtags=${skills.agile},nope,${skills.typescript}`,
    )
    expect(res.statusCode).toBe(200)
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin')
    const body = res.json()
    const base = 'https://vouched.example.com'
    // Most endorsed first, whatever order they were chosen in.
    const hashtagParam = encodeURIComponent(`${skills.typescript},${skills.agile}`)
    expect(body).toEqual({
      badgeUrl: `${base}/api/badge/${member.username}?format=png&hashtags=${hashtagParam}`,
      badgePageUrl: `${base}/badge/${member.username}?hashtags=${hashtagParam}`,
      profileUrl: `${base}/profile/${member.username}`,
      embedCode: expect.any(String),
      reputationScore: 1284.5,
      hashtags: [skills.typescript, skills.leadership, skills.agile],
      selectedHashtags: [skills.typescript, skills.agile],
    })
    for (const key of ['badgeUrl', 'badgePageUrl', 'profileUrl'] as const) {
      expect(new URL(body[key]).origin).toBe(base)
    }
    const html = body.embedCode as string
    expect(html).toMatch(
      /^<a href="https:\/\/vouched\.example\.com\/badge\/[^"]+" target="_blank" rel="noopener">/,
    )
    expect(html).toContain(
      `<img src="${base}/api/badge/${member.username}?format=png&amp;hashtags=${hashtagParam}"`,
    )
    expect(html).toContain('width="300" height="300"')
    expect(html).toMatch(/<\/a>$/)
  })

  it('selects nothing without hashtags and answers 404 for an unknown member', async () => {
    const { member } = await memberWithSkills()
    const res = await get(`/api/badge/${member.username}/embed`)
    expect(res.json()).toMatchObject({
      selectedHashtags: [],
      badgeUrl: `https://vouched.example.com/api/badge/${member.username}?format=png`,
    })
    const missing = await get(`/api/badge/nobody_${uniqueSuffix()}/embed`)
    expect(missing.statusCode).toBe(404)
  })
})

describe('GET /badge/:username (the public page as a crawler sees it)', () => {
  const metaContent = (html: string, attr: string, key: string) =>
    html.match(new RegExp(`<meta ${attr}="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`))?.[1]

  it('serves the page with title, Open Graph and Twitter tags in the HTML', async () => {
    const { member, skills } = await memberWithSkills()
    const res = await get(`/badge/${member.username}?hashtags=${skills.leadership},${skills.agile}`)
    expect(res.statusCode).toBe(200)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    const html = res.body
    const title = `${member.username}'s Vouched badge: #${skills.leadership}, #${skills.agile}`
    expect(html).toContain(`<title>${title.replace("'", '&#39;')}</title>`)
    expect(html.match(/<title>/g)).toHaveLength(1)
    expect(html.indexOf('og:image')).toBeLessThan(html.indexOf('</head>'))
    const image = metaContent(html, 'property', 'og:image')!
    expect(image).toBe(
      `https://vouched.example.com/api/badge/${member.username}?format=png&amp;hashtags=${encodeURIComponent(`${skills.leadership},${skills.agile}`)}`,
    )
    expect(metaContent(html, 'name', 'twitter:card')).toBe('summary_large_image')
    expect(metaContent(html, 'name', 'twitter:image')).toBe(image)
    expect(metaContent(html, 'property', 'og:title')).toContain(`#${skills.agile}`)
    expect(metaContent(html, 'name', 'description')).toContain(member.username)
    expect(metaContent(html, 'property', 'og:description')).toBeTruthy()
    expect(html).toContain('<div id="root"></div>')
    // The image the tags name really is the PNG badge.
    const png = await get(image.replace('https://vouched.example.com', '').replace(/&amp;/g, '&'))
    expect(png.headers['content-type']).toBe('image/png')
  })

  it('names up to 3 skills in the title, the top ones when none are chosen', async () => {
    const member = await createMember(t.db)
    const four = ['A', 'B', 'C', 'D'].map((letter) => tag(`Skill${letter}`))
    await giveSkills(
      t.db,
      member.id,
      four.map((name, i) => ({ tag: name, count: 40 - i })),
    )
    const html = (await get(`/badge/${member.username}`)).body
    const title = html.match(/<title>([^<]*)<\/title>/)![1]!
    expect(title).toContain(`#${four[0]}, #${four[1]}, #${four[2]}`)
    expect(title).not.toContain(four[3]!)
  })

  it('escapes what it puts in the head', async () => {
    const evilTag = `"><script>x${uniqueSuffix()}`
    const member = await createMember(t.db)
    await giveSkills(t.db, member.id, [{ tag: evilTag, count: 3 }])
    const html = (await get(`/badge/${member.username}?hashtags=${encodeURIComponent(evilTag)}`)).body
    expect(html).not.toContain('<script>x')
    expect(html).toContain('&quot;&gt;&lt;script&gt;x')
  })

  it('serves the client with generic tags and 404 for an unknown member', async () => {
    const res = await get(`/badge/nobody_${uniqueSuffix()}`)
    expect(res.statusCode).toBe(404)
    expect(res.headers['content-type']).toMatch(/^text\/html/)
    expect(res.body).toContain('<div id="root"></div>')
    expect(res.body).toContain('<title>Vouched · The Proof Is in the People</title>')
    expect(res.body).toContain('noindex')
    expect(res.body).not.toContain('og:image')
  })
})
