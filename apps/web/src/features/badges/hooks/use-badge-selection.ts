import { BADGE_MAX_HASHTAGS } from '@vouched/shared/badges'
import { useCallback, useMemo, useState } from 'react'

const sameTag = (a: string, b: string) => a.toLowerCase() === b.toLowerCase()

/**
 * The skills chosen for the badge. Every change stamps a fresh timestamp (SPEC.md §4), which the preview's
 * URL carries so the browser fetches the regenerated badge instead of a cached one.
 */
export function useBadgeSelection(initial: readonly string[] = []) {
  const [state, setState] = useState(() => ({
    hashtags: initial.slice(0, BADGE_MAX_HASHTAGS),
    timestamp: Date.now(),
  }))

  const set = useCallback((hashtags: readonly string[]) => {
    setState({ hashtags: hashtags.slice(0, BADGE_MAX_HASHTAGS), timestamp: Date.now() })
  }, [])

  const toggle = useCallback((tag: string) => {
    setState((current) => {
      const selected = current.hashtags.some((t) => sameTag(t, tag))
      if (!selected && current.hashtags.length >= BADGE_MAX_HASHTAGS) return current
      return {
        hashtags: selected ? current.hashtags.filter((t) => !sameTag(t, tag)) : [...current.hashtags, tag],
        timestamp: Date.now(),
      }
    })
  }, [])

  const remove = useCallback((tag: string) => {
    setState((current) => ({
      hashtags: current.hashtags.filter((t) => !sameTag(t, tag)),
      timestamp: Date.now(),
    }))
  }, [])

  const clear = useCallback(() => setState({ hashtags: [], timestamp: Date.now() }), [])

  return useMemo(
    () => ({
      hashtags: state.hashtags,
      timestamp: state.timestamp,
      isFull: state.hashtags.length >= BADGE_MAX_HASHTAGS,
      isSelected: (tag: string) => state.hashtags.some((t) => sameTag(t, tag)),
      set,
      toggle,
      remove,
      clear,
    }),
    [state, set, toggle, remove, clear],
  )
}

export type BadgeSelection = ReturnType<typeof useBadgeSelection>
