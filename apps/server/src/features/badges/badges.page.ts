import {
  BADGE_SIZE,
  badgeImageUrl,
  badgePageDescription,
  badgePageTitle,
  publicBadgeUrl,
} from '@vouched/shared/badges'
import { escapeHtml } from './badges.service'

export type BadgePageMeta = { username: string; selected: string[]; shown: string[] }

const GENERIC_TITLE = 'Vouched · The Proof Is in the People'
const GENERIC_DESCRIPTION = 'Vouched: the professional network where credibility connects you.'

/** The head tags of /badge/{username}: title, description, Open Graph and Twitter card. */
export function badgePageHead(publicUrl: string, meta: BadgePageMeta | null): string {
  const tags: [kind: 'name' | 'property', key: string, value: string][] = []
  let title = GENERIC_TITLE
  if (meta) {
    title = badgePageTitle(meta.username, meta.shown)
    const description = badgePageDescription(meta.username, meta.shown)
    const image = badgeImageUrl(publicUrl, meta.username, { format: 'png', hashtags: meta.selected })
    const url = publicBadgeUrl(publicUrl, meta.username, meta.selected)
    const alt = `${meta.username}'s Vouched reputation badge`
    tags.push(
      ['name', 'description', description],
      ['property', 'og:type', 'profile'],
      ['property', 'og:site_name', 'Vouched'],
      ['property', 'og:title', title],
      ['property', 'og:description', description],
      ['property', 'og:url', url],
      ['property', 'og:image', image],
      ['property', 'og:image:type', 'image/png'],
      ['property', 'og:image:width', String(BADGE_SIZE)],
      ['property', 'og:image:height', String(BADGE_SIZE)],
      ['property', 'og:image:alt', alt],
      ['property', 'profile:username', meta.username],
      ['name', 'twitter:card', 'summary_large_image'],
      ['name', 'twitter:title', title],
      ['name', 'twitter:description', description],
      ['name', 'twitter:image', image],
      ['name', 'twitter:image:alt', alt],
    )
    return [
      `<title>${escapeHtml(title)}</title>`,
      `<link rel="canonical" href="${escapeHtml(url)}" />`,
      ...tags.map(([kind, key, value]) => `<meta ${kind}="${key}" content="${escapeHtml(value)}" />`),
    ].join('\n    ')
  }
  tags.push(
    ['name', 'description', GENERIC_DESCRIPTION],
    ['name', 'robots', 'noindex'],
    ['property', 'og:site_name', 'Vouched'],
    ['property', 'og:title', title],
    ['property', 'og:description', GENERIC_DESCRIPTION],
    ['name', 'twitter:card', 'summary'],
  )
  return [
    `<title>${escapeHtml(title)}</title>`,
    ...tags.map(([kind, key, value]) => `<meta ${kind}="${key}" content="${escapeHtml(value)}" />`),
  ].join('\n    ')
}

/**
 * The client's index.html with the badge page's head tags: the page's own title and description are
 * replaced, the rest is inserted before </head>, so crawlers that run no JavaScript see them.
 */
export function injectHead(html: string, head: string): string {
  const cleaned = html
    .replace(/<title>[\s\S]*?<\/title>\s*/i, '')
    .replace(/<meta\s+name="description"[^>]*>\s*/i, '')
  const at = cleaned.search(/<\/head>/i)
  if (at === -1) return `${head}\n${cleaned}`
  return `${cleaned.slice(0, at)}  ${head}\n  ${cleaned.slice(at)}`
}
