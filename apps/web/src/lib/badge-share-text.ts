import { SHARE_TEXT_SKILLS } from '@vouched/shared/badges'
import { i18n } from './i18n/i18n'

/*
 * badgeShareText (packages/shared/src/badges.ts) in the app's language: the text the share buttons
 * post and the share tab shows. English is exactly the shared function's (badge-share-text.test.ts).
 */

/** '#a, #b and 3 more', '#a and #b', '#a' (SPEC.md §9: up to 2 skills, then 'and N more'). */
function skillsSummary(hashtags: readonly string[]): string {
  const names = hashtags.slice(0, SHARE_TEXT_SKILLS).map((tag) => `#${tag}`)
  const rest = hashtags.length - names.length
  if (rest > 0) return i18n.t('common:badgeShare.skillsMore', { names: names.join(', '), count: rest })
  if (names.length <= 1) return names.join('')
  return i18n.t('common:badgeShare.skillsLast', { names: names.slice(0, -1).join(', '), last: names.at(-1) })
}

export function badgeShareTextIn(input: { username: string; isOwner: boolean; hashtags: readonly string[] }) {
  const { username } = input
  if (!input.hashtags.length)
    return input.isOwner
      ? i18n.t('common:badgeShare.textOwn')
      : i18n.t('common:badgeShare.textOther', { username })
  const skills = skillsSummary(input.hashtags)
  return input.isOwner
    ? i18n.t('common:badgeShare.textOwnSkills', { skills })
    : i18n.t('common:badgeShare.textOtherSkills', { username, skills })
}
