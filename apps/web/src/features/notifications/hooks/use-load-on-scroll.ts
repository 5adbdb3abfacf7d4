import { useEffect, useRef } from 'react'

/**
 * Calls `load` when the returned element scrolls into view (a little before, so the next page is
 * usually in before the reader gets there). Where IntersectionObserver is missing nothing happens:
 * the page keeps its Load more button for that, and for keyboard users.
 */
export function useLoadOnScroll(load: () => void, enabled: boolean) {
  const ref = useRef<HTMLDivElement>(null)
  const latest = useRef(load)
  useEffect(() => {
    latest.current = load
  })
  useEffect(() => {
    const element = ref.current
    if (!element || !enabled || typeof IntersectionObserver === 'undefined') return
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) latest.current()
      },
      { rootMargin: '400px 0px' },
    )
    observer.observe(element)
    return () => observer.disconnect()
  }, [enabled])
  return ref
}
