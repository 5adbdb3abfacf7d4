import { keepPreviousData, queryOptions } from '@tanstack/react-query'
import { badgeImageUrl, type TBadgeEmbed } from '@vouched/shared/badges'
import { api } from '../../lib/api-client'

export const badgeKeys = {
  all: ['badges'] as const,
  embed: (username: string, hashtags: readonly string[]) =>
    ['badges', 'embed', username.toLowerCase(), hashtags.join(',')] as const,
}

/** GET /api/badge/{username}/embed for the chosen skills (public, no sign-in needed). */
export const badgeEmbedQuery = (username: string, hashtags: readonly string[] = []) =>
  queryOptions({
    queryKey: badgeKeys.embed(username, hashtags),
    queryFn: () => {
      const query = hashtags.length ? `?hashtags=${encodeURIComponent(hashtags.join(','))}` : ''
      return api.get<TBadgeEmbed>(`/api/badge/${encodeURIComponent(username)}/embed${query}`)
    },
    // Changing skills keeps showing the last embed code until the new one arrives.
    placeholderData: keepPreviousData,
  })

/** The SVG badge's markup, for Download Badge (SVG). */
export async function fetchBadgeSvg(username: string, hashtags: readonly string[]): Promise<string> {
  const svg = await api.get<unknown>(badgeImageUrl('', username, { format: 'svg', hashtags }))
  if (typeof svg !== 'string' || !svg.includes('<svg')) throw new Error('The badge is not an SVG image')
  return svg
}
