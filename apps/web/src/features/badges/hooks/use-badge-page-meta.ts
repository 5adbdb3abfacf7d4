import { badgePageDescription, badgePageTitle } from '@vouched/shared/badges'
import { useEffect } from 'react'

type MetaKey = { attr: 'name' | 'property'; key: string }

/** Sets a head meta tag and returns how to put back what was there. */
function setMeta({ attr, key }: MetaKey, content: string) {
  let element = document.head.querySelector<HTMLMetaElement>(`meta[${attr}="${key}"]`)
  const previous = element?.getAttribute('content') ?? null
  const created = !element
  if (!element) {
    element = document.createElement('meta')
    element.setAttribute(attr, key)
    document.head.append(element)
  }
  element.setAttribute('content', content)
  return () => {
    if (created) element.remove()
    else if (previous !== null) element.setAttribute('content', previous)
  }
}

/**
 * The public page's title and social meta tags from the username and skills (SPEC.md §2). The server
 * already writes the same tags into the HTML for crawlers; this keeps them right after client navigation.
 */
export function useBadgePageMeta(
  username: string,
  hashtags: readonly string[],
  imageUrl: string | undefined,
) {
  const skills = hashtags.join(',')
  useEffect(() => {
    const tags = skills ? skills.split(',') : []
    const title = badgePageTitle(username, tags)
    const description = badgePageDescription(username, tags)
    const previousTitle = document.title
    document.title = title
    const entries: [MetaKey, string][] = [
      [{ attr: 'name', key: 'description' }, description],
      [{ attr: 'property', key: 'og:title' }, title],
      [{ attr: 'property', key: 'og:description' }, description],
      [{ attr: 'property', key: 'og:url' }, window.location.href],
      [{ attr: 'name', key: 'twitter:card' }, 'summary_large_image'],
      [{ attr: 'name', key: 'twitter:title' }, title],
      [{ attr: 'name', key: 'twitter:description' }, description],
    ]
    if (imageUrl) {
      entries.push(
        [{ attr: 'property', key: 'og:image' }, imageUrl],
        [{ attr: 'name', key: 'twitter:image' }, imageUrl],
      )
    }
    const restores = entries.map(([key, content]) => setMeta(key, content))
    return () => {
      document.title = previousTitle
      restores.forEach((restore) => restore())
    }
  }, [username, skills, imageUrl])
}
