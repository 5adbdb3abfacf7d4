import { createHash } from 'node:crypto'
import {
  BADGE_DEFAULT_SKILLS,
  BADGE_MESSAGES,
  BADGE_SIZE,
  badgeImageUrl,
  profilePageUrl,
  publicBadgeUrl,
  type TBadgeEmbed,
} from '@vouched/shared/badges'
import { DEFAULT_LOCALE, type TLocale } from '@vouched/shared/locale'
import type { Db } from '../../db/client'
import { createCache } from '../../core/cache'
import { AppError } from '../../core/errors'
import { BADGE_FONT_FAMILY, fontCovers, fontFiles, webFontCss } from './badges.font'
import {
  findBadgeMember,
  findBadgeSource,
  findReceivedSkills,
  listReceivedSkills,
  type ReceivedSkill,
} from './badges.queries'
import { type BadgeSkill, renderBadgeSvg } from './badges.svg'
import { badgeTexts } from './badges.texts'

/** Skills listed as available on the share page. */
export const AVAILABLE_SKILLS_LIMIT = 100

type Member = NonNullable<Awaited<ReturnType<typeof findBadgeMember>>>

async function getMember(db: Db, username: string): Promise<Member> {
  const member = await findBadgeMember(db, username)
  if (!member) throw new AppError('NOT_FOUND', BADGE_MESSAGES.memberNotFound, 404)
  return member
}

/**
 * The chosen tags the member really received, in their stored spelling and in the badge's order: most
 * endorsed first, then by name ignoring case (as the top skills). Tags they never received are dropped:
 * a badge URL cannot put words on a member's badge that nobody endorsed. The order the tags were
 * chosen in plays no part, so every ordering of one set draws one badge and shares one cached PNG.
 */
function inBadgeOrder(received: ReceivedSkill[]) {
  const key = (skill: ReceivedSkill) => skill.tag.toLowerCase()
  return [...received].sort((a, b) => b.count - a.count || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))
}

/** The chosen set as the queries take it: lower case, each tag once, sorted. */
const chosenSet = (chosen: readonly string[]) => [...new Set(chosen.map((tag) => tag.toLowerCase()))].sort()

async function chosenSkills(db: Db, userId: number, chosen: readonly string[]) {
  return inBadgeOrder(await findReceivedSkills(db, userId, chosenSet(chosen)))
}

/** The member, the chosen skills they received, and the skills the badge shows (else their top ones). */
async function findBadgeSkills(db: Db, username: string, chosen: readonly string[]) {
  const source = await findBadgeSource(db, username, chosenSet(chosen), BADGE_DEFAULT_SKILLS)
  if (!source) return null
  const selected = inBadgeOrder(source.chosen)
  return { ...source, selected, shown: selected.length ? selected : source.top }
}

/** What a badge shows: the member and the chosen skills (else their top ones) with medal tiers. */
/** The badge's language: the one asked for, else the owner's saved one, else English (decision 153). */
const badgeLocale = (asked: TLocale | undefined, owner: TLocale | null): TLocale =>
  asked ?? owner ?? DEFAULT_LOCALE

export async function getBadge(
  db: Db,
  username: string,
  chosen: readonly string[],
  publicUrl: string,
  lang?: TLocale,
) {
  const badge = await findBadgeSkills(db, username, chosen)
  if (!badge) throw new AppError('NOT_FOUND', BADGE_MESSAGES.memberNotFound, 404)
  const { member, selected, shown: skills, medals } = badge
  const tiers = new Map(medals.map((m) => [m.skillName.toLowerCase(), m.tier]))
  const medalIds = new Map(medals.map((m) => [m.skillName.toLowerCase(), m.id]))
  const fullName = member.fullName?.trim()
  return {
    member,
    selected: selected.map((s) => s.tag),
    /** The medals the badge shows, in its order: the credentials it carries. */
    medalIds: skills.flatMap((s) => medalIds.get(s.tag.toLowerCase()) ?? []),
    data: {
      username: member.username,
      // The PNG is drawn with the shipped font only: a name it cannot draw falls back to the username.
      displayName: fullName && fontCovers(fullName) ? fullName : member.username,
      verified: member.isEmailVerified,
      reputationScore: member.reputationScore,
      vouchCount: member.vouchCount,
      skills: skills.map((s): BadgeSkill => ({
        tag: s.tag,
        count: s.count,
        tier: tiers.get(s.tag.toLowerCase()) ?? null,
      })),
      chosen: selected.length > 0,
      site: new URL(publicUrl).host,
      fontCss: webFontCss(publicUrl),
      locale: badgeLocale(lang, member.locale),
    },
  }
}

export async function getBadgeSvg(
  db: Db,
  username: string,
  chosen: readonly string[],
  publicUrl: string,
  lang?: TLocale,
) {
  const badge = await getBadge(db, username, chosen, publicUrl, lang)
  const svg = renderBadgeSvg(badge.data)
  return { ...badge, svg, hash: createHash('sha1').update(svg).digest('base64url').slice(0, 22) }
}

/** What the worker pool needs to draw a badge's SVG as its PNG. */
export const rasterizeTask = (svg: string) => ({
  svg,
  width: BADGE_SIZE,
  fontFiles,
  defaultFontFamily: BADGE_FONT_FAMILY,
})

/** Drawn badges kept, and the bound on their bytes. */
const PNG_CACHE_ENTRIES = 500
const PNG_CACHE_BYTES = 32 * 1024 * 1024
/** Nothing makes a drawn badge stale (its key covers every drawn value); an hour lets unused ones go. */
const PNG_MAX_AGE_MS = 3_600_000

/**
 * Rendered PNGs by SVG hash: the hash covers every drawn value, so a changed member misses the cache,
 * and no change needs to reach it. A render in progress is shared by every request for the same badge;
 * a failed one is not kept.
 */
export function createPngCache(render: (svg: string) => Promise<Buffer>) {
  const cache = createCache<string, Buffer>({
    name: 'badge images',
    maxEntries: PNG_CACHE_ENTRIES,
    maxBytes: PNG_CACHE_BYTES,
    sizeOf: (png) => png.length,
    ttlMs: PNG_MAX_AGE_MS,
    staleOn: () => [],
  })
  return {
    get size() {
      return cache.size
    },
    async render(hash: string, svg: string): Promise<Buffer> {
      return (await cache.fetch(hash, () => render(svg)))!
    },
  }
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
}
export const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => HTML_ESCAPES[c]!)

/** SPEC.md §3 badge embed response, every URL absolute from PUBLIC_URL. */
export async function getBadgeEmbed(
  db: Db,
  username: string,
  chosen: readonly string[],
  publicUrl: string,
  lang?: TLocale,
): Promise<TBadgeEmbed> {
  const member = await getMember(db, username)
  const [available, selected] = await Promise.all([
    listReceivedSkills(db, member.id, AVAILABLE_SKILLS_LIMIT),
    chosenSkills(db, member.id, chosen),
  ])
  const selectedHashtags = selected.map((s) => s.tag)
  const badgeUrl = badgeImageUrl(publicUrl, member.username, {
    format: 'png',
    hashtags: selectedHashtags,
    lang,
  })
  const badgePageUrl = publicBadgeUrl(publicUrl, member.username, selectedHashtags)
  const alt = badgeTexts(badgeLocale(lang, member.locale)).alt(member.username)
  const embedCode =
    `<a href="${escapeHtml(badgePageUrl)}" target="_blank" rel="noopener">` +
    `<img src="${escapeHtml(badgeUrl)}" alt="${escapeHtml(alt)}" width="${BADGE_SIZE}" height="${BADGE_SIZE}" style="border:0" />` +
    `</a>`
  return {
    badgeUrl,
    embedCode,
    profileUrl: profilePageUrl(publicUrl, member.username),
    badgePageUrl,
    reputationScore: member.reputationScore,
    hashtags: available.map((s) => s.tag),
    selectedHashtags,
  }
}

/** What the public page's HTML needs for its title and link-preview tags; null for an unknown member. */
export async function findBadgePageMeta(db: Db, username: string, chosen: readonly string[]) {
  const badge = await findBadgeSkills(db, username, chosen)
  if (!badge) return null
  return {
    username: badge.member.username,
    reputationScore: badge.member.reputationScore,
    selected: badge.selected.map((s) => s.tag),
    shown: badge.shown.map((s) => s.tag),
  }
}
