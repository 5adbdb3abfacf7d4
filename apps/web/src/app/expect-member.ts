import { createContext, useContext, useLayoutEffect } from 'react'

/**
 * Lets a members-only guard tell the shell, while the session is still loading, that a signed-in top
 * bar is about to show: the shell keeps its place from the first paint, so the page does not move
 * down when the bar arrives (layout shift).
 */
export const ExpectMemberContext = createContext<(expected: boolean) => void>(() => {})

/** Call unconditionally in a guard; `expected` is true while the guard waits for the session. */
export function useExpectMember(expected: boolean) {
  const setExpected = useContext(ExpectMemberContext)
  // A layout effect: the shell re-renders with the bar's place before the browser paints.
  useLayoutEffect(() => {
    if (!expected) return
    setExpected(true)
    return () => setExpected(false)
  }, [expected, setExpected])
}
