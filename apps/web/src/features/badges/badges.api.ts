import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { badgeImageUrl, type TBadgeEmbed } from '@vouched/shared/badges'
import type { TLocale } from '@vouched/shared/locale'
import { api } from '../../lib/api-client'
import { currentLocale } from '../../lib/i18n/i18n'

/**
 * The language a badge drawn for this page is asked in: the page's, unless it is English. English
 * leaves the choice to the server (the owner's saved language, else English: decision 153), so the
 * English URLs stay as they were; a German page asks for German, also for a member who follows the
 * browser's language and saved none.
 */
export const badgeLang = (): TLocale | undefined => {
  const locale = currentLocale()
  return locale === 'en' ? undefined : locale
}

export const badgeKeys = {
  all: ['badges'] as const,
  embed: (username: string, hashtags: readonly string[], lang: TLocale | undefined) =>
    ['badges', 'embed', username.toLowerCase(), hashtags.join(','), lang ?? ''] as const,
}

/**
 * GET /api/badge/{username}/embed for the chosen skills (public, no sign-in needed), its image and
 * alt text in the page's language (badgeLang), as the preview beside it.
 */
export const badgeEmbedQuery = (
  username: string,
  hashtags: readonly string[] = [],
  lang: TLocale | undefined = badgeLang(),
) =>
  queryOptions({
    queryKey: badgeKeys.embed(username, hashtags, lang),
    queryFn: () => {
      const params = [
        hashtags.length ? `hashtags=${encodeURIComponent(hashtags.join(','))}` : '',
        lang ? `lang=${lang}` : '',
      ].filter(Boolean)
      const query = params.length ? `?${params.join('&')}` : ''
      return api.get<TBadgeEmbed>(`/api/badge/${encodeURIComponent(username)}/embed${query}`)
    },
    // Changing skills keeps showing the last embed code until the new one arrives.
    placeholderData: keepPreviousData,
  })

/** The SVG badge's markup, for Download Badge (SVG). */
export async function fetchBadgeSvg(username: string, hashtags: readonly string[]): Promise<string> {
  const svg = await api.get<unknown>(
    badgeImageUrl('', username, { format: 'svg', hashtags, lang: badgeLang() }),
  )
  if (typeof svg !== 'string' || !svg.includes('<svg')) throw new Error('The badge is not an SVG image')
  return svg
}
