import { BADGE_SIZE, type TMedalTier } from '@vouched/shared/badges'
import { formatScore } from '@vouched/shared/format'
import type { TLocale } from '@vouched/shared/locale'
import { BADGE_FONT_FAMILY, fitText, type FontWeight, textWidth } from './badges.font'
import { badgeTexts } from './badges.texts'

export type BadgeSkill = { tag: string; count: number; tier: TMedalTier | null }

export type BadgeData = {
  username: string
  /** Full name, else username; already checked to be drawable by the shipped font. */
  displayName: string
  verified: boolean
  reputationScore: number
  vouchCount: number
  skills: BadgeSkill[]
  /** True when the member chose the skills, false when they are the member's top skills. */
  chosen: boolean
  /** Host shown in the footer, e.g. 'vouched.example.com'. */
  site: string
  /** @font-face rules so browsers draw the badge in its own typeface (resvg ignores them). */
  fontCss?: string
  /** The language of the badge's words and numbers (decision 153); English when not given. */
  locale?: TLocale
}

type Texts = ReturnType<typeof badgeTexts>

// XML 1.0 forbids most control characters and lone surrogates: one of them in a name would make the
// whole document malformed, so they are dropped before escaping.
const INVALID_XML =
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g

/** Text and attribute values of the badge: every member-supplied string goes through this. */
export function escapeXml(value: string): string {
  return value
    .replace(INVALID_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
}

const FONT_STACK = `${BADGE_FONT_FAMILY}, 'Inter Variable', ui-sans-serif, system-ui, -apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif`

const round = (n: number) => Math.round(n * 100) / 100

type TextOptions = {
  x: number
  y: number
  size: number
  weight: FontWeight
  fill: string
  anchor?: 'start' | 'middle' | 'end'
  letterSpacing?: number
  opacity?: number
}

/**
 * One line of text. Its width is measured in the shipped font and pinned with textLength, so a browser
 * drawing the SVG with a fallback font keeps the layout (chips, the verified mark) intact.
 */
function text(content: string, o: TextOptions) {
  const width = textWidth(content, o.size, o.weight, o.letterSpacing ?? 0)
  const attrs = [
    `x="${round(o.x)}"`,
    `y="${round(o.y)}"`,
    `font-size="${o.size}"`,
    `font-weight="${o.weight}"`,
    `fill="${o.fill}"`,
    o.anchor && o.anchor !== 'start' ? `text-anchor="${o.anchor}"` : '',
    o.letterSpacing ? `letter-spacing="${o.letterSpacing}"` : '',
    o.opacity === undefined ? '' : `fill-opacity="${o.opacity}"`,
    `textLength="${round(width)}"`,
    'lengthAdjust="spacingAndGlyphs"',
  ].filter(Boolean)
  return `<text ${attrs.join(' ')}>${escapeXml(content)}</text>`
}

const integerFormat = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 })

/** Reputation as every page writes it (one decimal: 67.0). */
export const formatReputation = formatScore

/** First letters of the first and last word (SPEC.md §2 avatar rule), upper-cased. */
export function initials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean)
  const firstLetter = (word: string) => word.match(/[\p{L}\p{N}]/u)?.[0] ?? ''
  const letters = words.map(firstLetter).filter(Boolean)
  if (letters.length === 0) return 'U'
  return (letters.length > 1 ? letters[0]! + letters.at(-1)! : letters[0]!).toUpperCase()
}

const TIER_GRADIENTS: Record<TMedalTier, [string, string]> = {
  bronze: ['#f6c28b', '#b1622a'],
  silver: ['#f8fafc', '#94a3b8'],
  gold: ['#fde68a', '#d99a06'],
  platinum: ['#e0f2fe', '#8b9cf7'],
}

const PAD = 20
const INNER = BADGE_SIZE - PAD * 2

// Skill chips
const CHIP_HEIGHT = 24
const CHIP_GAP = 6
const CHIP_ROWS = 2
const CHIP_TEXT = 11
const COUNT_TEXT = 10
const MEDAL_SIZE = 12

type Chip = { label: string; count?: string; tier: TMedalTier | null; width: number; title: string }

function skillChip(skill: BadgeSkill, maxWidth: number, texts: Texts): Chip {
  const count = texts.number(integerFormat.format(skill.count))
  const fixed = 10 + (skill.tier ? MEDAL_SIZE + 5 : 0) + 6 + textWidth(count, COUNT_TEXT, 600) + 10
  const label = fitText(`#${skill.tag}`, maxWidth - fixed, CHIP_TEXT, 600)
  const width = fixed + textWidth(label, CHIP_TEXT, 600)
  const endorsements = texts.endorsementCount(count, skill.count === 1)
  const title = skill.tier
    ? `#${skill.tag}: ${texts.medal(texts.tiers[skill.tier])}, ${endorsements}`
    : `#${skill.tag}: ${endorsements}`
  return { label, count, tier: skill.tier, width, title }
}

function moreChip(hidden: number, texts: Texts): Chip {
  const label = texts.more(String(hidden))
  return {
    label,
    tier: null,
    width: textWidth(label, CHIP_TEXT, 600) + 20,
    title: texts.moreSkills(String(hidden)),
  }
}

/** Places chips left to right on at most two rows; what does not fit becomes a '+N more' chip. */
export function layoutChips(skills: BadgeSkill[], width = INNER, rows = CHIP_ROWS, texts = badgeTexts('en')) {
  const chips = skills.map((skill) => skillChip(skill, width, texts))
  const place = (list: Chip[]) => {
    const placed: { chip: Chip; x: number; row: number }[] = []
    let x = 0
    let row = 0
    for (const chip of list) {
      if (x > 0 && x + chip.width > width) {
        row++
        x = 0
      }
      if (row >= rows) return null
      placed.push({ chip, x, row })
      x += chip.width + CHIP_GAP
    }
    return placed
  }
  const all = place(chips)
  if (all) return all
  for (let shown = chips.length - 1; shown >= 0; shown--) {
    const attempt = place([...chips.slice(0, shown), moreChip(chips.length - shown, texts)])
    if (attempt) return attempt
  }
  return []
}

function renderChip(chip: Chip, x: number, y: number, index: number) {
  const parts: string[] = []
  const stroke = chip.tier ? `url(#tier-${chip.tier})` : '#ffffff'
  parts.push(
    `<rect x="${round(x)}" y="${y}" width="${round(chip.width)}" height="${CHIP_HEIGHT}" rx="${CHIP_HEIGHT / 2}" fill="#ffffff" fill-opacity="${chip.tier ? 0.12 : 0.08}" stroke="${stroke}" stroke-opacity="${chip.tier ? 0.75 : 0.16}"/>`,
  )
  let cursor = x + 10
  const baseline = y + CHIP_HEIGHT / 2 + 3.9
  if (chip.tier) {
    const cx = cursor + MEDAL_SIZE / 2
    const cy = y + CHIP_HEIGHT / 2
    parts.push(
      `<circle cx="${round(cx)}" cy="${cy}" r="${MEDAL_SIZE / 2}" fill="url(#tier-${chip.tier})"/>`,
      `<circle cx="${round(cx)}" cy="${cy}" r="${MEDAL_SIZE / 2 - 2.6}" fill="none" stroke="#ffffff" stroke-opacity="0.7" stroke-width="1"/>`,
    )
    cursor += MEDAL_SIZE + 5
  }
  parts.push(text(chip.label, { x: cursor, y: baseline, size: CHIP_TEXT, weight: 600, fill: '#ffffff' }))
  if (chip.count) {
    cursor += textWidth(chip.label, CHIP_TEXT, 600) + 6
    parts.push(
      text(chip.count, {
        x: cursor,
        y: baseline,
        size: COUNT_TEXT,
        weight: 600,
        fill: '#c7d2fe',
        opacity: 0.85,
      }),
    )
  }
  return `<g id="skill-${index}"><title>${escapeXml(chip.title)}</title>${parts.join('')}</g>`
}

/** Largest size (down to `min`) at which `value` fits in `maxWidth`. */
function fittingSize(value: string, maxWidth: number, size: number, weight: FontWeight, min: number) {
  let current = size
  while (current > min && textWidth(value, current, weight) > maxWidth) current -= 1
  return current
}

const LABEL = { size: 8.5, weight: 700 as FontWeight, letterSpacing: 1.3, fill: '#a5b4fc' }

/** The 300×300 badge: product mark, member, verified mark, reputation, endorsements and skills with medals. */
export function renderBadgeSvg(data: BadgeData): string {
  const S = BADGE_SIZE
  const parts: string[] = []
  const texts = badgeTexts(data.locale ?? 'en')

  // Header: the product mark and wordmark, a small caption on the right.
  parts.push(
    `<rect x="${PAD}" y="18" width="24" height="24" rx="7" fill="url(#mark)"/>`,
    `<path d="M9 16.5l4.5 4.5L23 11.5" transform="translate(${PAD} 18) scale(0.75)" fill="none" stroke="#ffffff" stroke-width="3.2" stroke-linecap="round" stroke-linejoin="round"/>`,
    text('Vouched', { x: PAD + 32, y: 35.5, size: 16, weight: 800, fill: '#ffffff', letterSpacing: -0.2 }),
    text(texts.reputationBadge, { ...LABEL, x: S - PAD, y: 34, anchor: 'end', fill: '#c4b5fd' }),
  )

  // Identity: avatar with initials, name with the verified mark, @username.
  const avatarX = PAD + 24
  const avatarY = 82
  parts.push(
    `<circle cx="${avatarX}" cy="${avatarY}" r="24" fill="url(#avatar)"/>`,
    `<circle cx="${avatarX}" cy="${avatarY}" r="23.25" fill="none" stroke="#ffffff" stroke-opacity="0.35" stroke-width="1.5"/>`,
    text(initials(data.displayName), {
      x: avatarX,
      y: avatarY + 6,
      size: 17,
      weight: 700,
      fill: '#ffffff',
      anchor: 'middle',
    }),
  )
  const nameX = PAD + 60
  const verifiedSpace = data.verified ? 22 : 0
  const nameSize = fittingSize(data.displayName, S - PAD - nameX - verifiedSpace, 19, 700, 15)
  const name = fitText(data.displayName, S - PAD - nameX - verifiedSpace, nameSize, 700)
  parts.push(text(name, { x: nameX, y: 78, size: nameSize, weight: 700, fill: '#ffffff' }))
  if (data.verified) {
    const vx = nameX + textWidth(name, nameSize, 700) + 6 + 8
    const vy = 78 - nameSize * 0.36
    parts.push(
      `<g id="verified"><title>${escapeXml(texts.verifiedMember)}</title>`,
      `<circle cx="${round(vx)}" cy="${round(vy)}" r="8" fill="url(#verified-fill)"/>`,
      `<path d="M${round(vx - 3.6)} ${round(vy + 0.2)}l2.5 2.5l4.8-5" fill="none" stroke="#ffffff" stroke-width="1.9" stroke-linecap="round" stroke-linejoin="round"/>`,
      `</g>`,
    )
  }
  const handle = fitText(`@${data.username}`, S - PAD - nameX, 11.5, 500)
  parts.push(text(handle, { x: nameX, y: 97, size: 11.5, weight: 500, fill: '#c7d2fe', opacity: 0.85 }))

  // Numbers: reputation (the headline) and endorsements received, on a glass panel.
  const panelY = 116
  const panelH = 58
  const half = INNER / 2
  parts.push(
    `<rect x="${PAD}" y="${panelY}" width="${INNER}" height="${panelH}" rx="14" fill="#ffffff" fill-opacity="0.07" stroke="#ffffff" stroke-opacity="0.12"/>`,
    `<line x1="${PAD + half}" y1="${panelY + 14}" x2="${PAD + half}" y2="${panelY + panelH - 14}" stroke="#ffffff" stroke-opacity="0.14"/>`,
    text(texts.reputation, { ...LABEL, x: PAD + 14, y: panelY + 19 }),
    text(texts.endorsements, { ...LABEL, x: PAD + half + 14, y: panelY + 19 }),
  )
  const reputation = texts.number(formatReputation(data.reputationScore))
  const reputationSize = fittingSize(reputation, half - 28, 26, 800, 14)
  parts.push(
    text(reputation, { x: PAD + 14, y: panelY + 46, size: reputationSize, weight: 800, fill: 'url(#score)' }),
  )
  const vouches = texts.number(integerFormat.format(data.vouchCount))
  const vouchesSize = fittingSize(vouches, half - 28, 26, 800, 14)
  parts.push(
    text(vouches, { x: PAD + half + 14, y: panelY + 46, size: vouchesSize, weight: 800, fill: '#ffffff' }),
  )

  // Skills with their medal tiers.
  const skillsY = 194
  parts.push(text(data.chosen ? texts.skills : texts.topSkills, { ...LABEL, x: PAD, y: skillsY }))
  if (data.skills.length === 0) {
    parts.push(
      text(texts.noSkills, {
        x: PAD,
        y: skillsY + 24,
        size: 11.5,
        weight: 500,
        fill: '#c7d2fe',
        opacity: 0.8,
      }),
    )
  } else {
    const chipsTop = skillsY + 8
    layoutChips(data.skills, INNER, CHIP_ROWS, texts).forEach(({ chip, x, row }, index) => {
      parts.push(renderChip(chip, PAD + x, chipsTop + row * (CHIP_HEIGHT + CHIP_GAP), index))
    })
  }

  // Footer: tagline and the site the badge comes from.
  const site = fitText(data.site, 110, 8.5, 600)
  parts.push(
    `<line x1="${PAD}" y1="${S - 30}" x2="${S - PAD}" y2="${S - 30}" stroke="#ffffff" stroke-opacity="0.1"/>`,
    text(texts.tagline, {
      x: PAD,
      y: S - 13,
      size: 8.5,
      weight: 500,
      fill: '#e0e7ff',
      opacity: 0.6,
    }),
    text(site, {
      x: S - PAD,
      y: S - 13,
      size: 8.5,
      weight: 600,
      fill: '#e0e7ff',
      opacity: 0.6,
      anchor: 'end',
    }),
  )

  const skillsDesc = data.skills.length
    ? data.skills.map((s) => `#${s.tag}${s.tier ? ` (${texts.tiers[s.tier]})` : ''}`).join(', ')
    : texts.noneYet
  const desc = texts.description(reputation, vouches, data.verified, skillsDesc)

  const tierDefs = (Object.keys(TIER_GRADIENTS) as TMedalTier[])
    .map((tier) => {
      const [from, to] = TIER_GRADIENTS[tier]
      return `<linearGradient id="tier-${tier}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient>`
    })
    .join('')

  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${S}" height="${S}" viewBox="0 0 ${S} ${S}" role="img" aria-labelledby="badge-title badge-desc" font-family="${escapeXml(FONT_STACK)}">`,
    `<title id="badge-title">${escapeXml(texts.title(data.displayName, data.username))}</title>`,
    `<desc id="badge-desc">${escapeXml(desc)}</desc>`,
    '<defs>',
    data.fontCss ? `<style>${escapeXml(data.fontCss)}</style>` : '',
    '<linearGradient id="bg" x1="0" y1="0" x2="0.35" y2="1"><stop offset="0" stop-color="#312e81"/><stop offset="0.55" stop-color="#1e1b4b"/><stop offset="1" stop-color="#140f2e"/></linearGradient>',
    '<radialGradient id="glow-a" cx="0.92" cy="0.05" r="0.65"><stop offset="0" stop-color="#8b5cf6" stop-opacity="0.55"/><stop offset="1" stop-color="#8b5cf6" stop-opacity="0"/></radialGradient>',
    '<radialGradient id="glow-b" cx="0" cy="1" r="0.6"><stop offset="0" stop-color="#4f46e5" stop-opacity="0.4"/><stop offset="1" stop-color="#4f46e5" stop-opacity="0"/></radialGradient>',
    '<linearGradient id="mark" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#6366f1"/><stop offset="1" stop-color="#a855f7"/></linearGradient>',
    '<linearGradient id="avatar" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#818cf8"/><stop offset="1" stop-color="#c026d3"/></linearGradient>',
    '<linearGradient id="verified-fill" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#38bdf8"/><stop offset="1" stop-color="#2563eb"/></linearGradient>',
    '<linearGradient id="score" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#fde68a"/><stop offset="1" stop-color="#f9a8d4"/></linearGradient>',
    tierDefs,
    `<clipPath id="card"><rect width="${S}" height="${S}" rx="24"/></clipPath>`,
    '</defs>',
    '<g clip-path="url(#card)">',
    `<rect width="${S}" height="${S}" fill="url(#bg)"/>`,
    `<rect width="${S}" height="${S}" fill="url(#glow-a)"/>`,
    `<rect width="${S}" height="${S}" fill="url(#glow-b)"/>`,
    `<circle cx="${S - 18}" cy="22" r="64" fill="none" stroke="#ffffff" stroke-opacity="0.05" stroke-width="18"/>`,
    '</g>',
    `<rect x="0.5" y="0.5" width="${S - 1}" height="${S - 1}" rx="23.5" fill="none" stroke="#ffffff" stroke-opacity="0.1"/>`,
    ...parts,
    '</svg>',
  ].join('')
}
