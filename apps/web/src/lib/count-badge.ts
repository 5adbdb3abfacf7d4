import { i18n } from './i18n/i18n'

/** What a count bubble shows: the number, capped at '9+' (SPEC.md §9). */
export function badgeText(count: number): string {
  return count > 9 ? '9+' : String(count)
}

/**
 * The accessible name of a control that shows `title` (as text or as an icon) with a count bubble, e.g.
 * "Notifications, 4 unread". The count is written as the bubble shows it, so the name contains the
 * visible text in order (WCAG 2.5.3: a speech user says what they see); 0 shows no bubble and adds
 * nothing.
 */
export function countedName(title: string, count: number, what: string): string {
  return count > 0 ? i18n.t('common:countedName', { title, shown: badgeText(count), what }) : title
}
