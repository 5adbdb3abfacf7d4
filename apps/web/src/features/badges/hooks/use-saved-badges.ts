import {
  SAVED_BADGES_MAX,
  savedBadgesStorageKey,
  type TSavedBadge,
  validateSavedBadge,
  ZSavedBadge,
} from '@vouched/shared/badges'
import { useCallback, useState } from 'react'
import { newId } from '../badge-share'

/** The saved badges kept in this browser for `username`; entries that do not parse are skipped. */
export function readSavedBadges(username: string): TSavedBadge[] {
  try {
    const raw: unknown = JSON.parse(localStorage.getItem(savedBadgesStorageKey(username)) ?? '[]')
    if (!Array.isArray(raw)) return []
    return raw.flatMap((item) => {
      const parsed = ZSavedBadge.safeParse(item)
      return parsed.success ? [parsed.data] : []
    })
  } catch {
    return []
  }
}

function writeSavedBadges(username: string, badges: TSavedBadge[]) {
  try {
    localStorage.setItem(savedBadgesStorageKey(username), JSON.stringify(badges))
  } catch {
    // Storage full or disabled (private mode): the list still works for this visit.
  }
}

export type SaveResult = { ok: true; badge: TSavedBadge } | { ok: false; message: string }

/**
 * Named skill sets in local storage under a per-username key (SPEC.md §3). Saving under an existing name
 * replaces that badge; the newest come first.
 */
export function useSavedBadges(username: string) {
  const [state, setState] = useState(() => ({ username, badges: readSavedBadges(username) }))
  // A different member's page: load their list (state adjusted during render, no effect needed).
  let current = state
  if (state.username !== username) {
    current = { username, badges: readSavedBadges(username) }
    setState(current)
  }
  const badges = current.badges

  const persist = useCallback(
    (next: TSavedBadge[]) => {
      writeSavedBadges(username, next)
      setState({ username, badges: next })
    },
    [username],
  )

  const save = useCallback(
    (input: { name: string; hashtags: readonly string[] }): SaveResult => {
      const problem = validateSavedBadge(input)
      if (problem) return { ok: false, message: problem }
      const name = input.name.trim()
      const badge: TSavedBadge = {
        id: newId(),
        name,
        hashtags: [...input.hashtags],
        createdAt: new Date().toISOString(),
      }
      const others = readSavedBadges(username).filter((b) => b.name.toLowerCase() !== name.toLowerCase())
      persist([badge, ...others].slice(0, SAVED_BADGES_MAX))
      return { ok: true, badge }
    },
    [persist, username],
  )

  const remove = useCallback(
    (id: string) => persist(readSavedBadges(username).filter((b) => b.id !== id)),
    [persist, username],
  )

  return { badges, save, remove }
}
