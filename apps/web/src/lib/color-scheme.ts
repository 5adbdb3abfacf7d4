import { COLOR_SCHEMES, COLOR_SCHEME_STORAGE_KEY, type TColorScheme } from '@vouched/shared/appearance'
import { useSyncExternalStore } from 'react'

/*
 * The colour scheme of this device: `system` follows prefers-color-scheme, `light` and `dark` hold
 * whatever the system says. Kept in localStorage, where index.html's first script reads it to set
 * the `dark` class before the stylesheet paints anything (docs/decisions/140); this module takes
 * over once the app runs: it follows the system setting as it changes, and other tabs' choices.
 */

const DARK_QUERY = '(prefers-color-scheme: dark)'
/** The browser's bar colour (meta theme-color) in each scheme: the top bar's card colour. */
const THEME_COLORS = { light: '#4f46e5', dark: '#17182a' } as const

const isScheme = (value: unknown): value is TColorScheme =>
  typeof value === 'string' && (COLOR_SCHEMES as readonly string[]).includes(value)

function readStored(): TColorScheme {
  try {
    const stored = window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)
    return isScheme(stored) ? stored : 'system'
  } catch {
    // Storage refused (private mode, a blocked site): the system setting is the best guess.
    return 'system'
  }
}

let current: TColorScheme = typeof window === 'undefined' ? 'system' : readStored()
const listeners = new Set<() => void>()

const systemIsDark = () => typeof window.matchMedia === 'function' && window.matchMedia(DARK_QUERY).matches

/** What a choice looks like on this device now. */
export function resolveColorScheme(scheme: TColorScheme): 'light' | 'dark' {
  if (scheme === 'system') return systemIsDark() ? 'dark' : 'light'
  return scheme
}

function apply() {
  const resolved = resolveColorScheme(current)
  const root = document.documentElement
  root.classList.toggle('dark', resolved === 'dark')
  // Native controls, scroll bars and the page behind the app follow too.
  root.style.colorScheme = resolved
  document.querySelector('meta[name="theme-color"]')?.setAttribute('content', THEME_COLORS[resolved])
  for (const listener of listeners) listener()
}

/** This device's choice; saved for the next visit and applied at once. */
export function setColorScheme(scheme: TColorScheme) {
  if (scheme === current) return
  current = scheme
  try {
    window.localStorage.setItem(COLOR_SCHEME_STORAGE_KEY, scheme)
  } catch {
    // Not kept across visits, but this page still shows it.
  }
  apply()
}

export const getColorScheme = () => current

/**
 * Called once as the app starts: applies the stored choice (as index.html's script did) and follows
 * the system setting and the choices made in other tabs from then on.
 */
export function startColorScheme() {
  apply()
  if (typeof window.matchMedia === 'function') {
    window.matchMedia(DARK_QUERY).addEventListener('change', () => {
      if (current === 'system') apply()
    })
  }
  window.addEventListener('storage', (event) => {
    if (event.key !== COLOR_SCHEME_STORAGE_KEY) return
    current = readStored()
    apply()
  })
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => void listeners.delete(listener)
}

/** This device's choice, and what it resolves to now (following the system while it is `system`). */
export function useColorScheme(): { scheme: TColorScheme; resolved: 'light' | 'dark' } {
  const scheme = useSyncExternalStore(subscribe, getColorScheme, () => 'system' as const)
  const resolved = useSyncExternalStore(
    subscribe,
    () => resolveColorScheme(current),
    () => 'light' as const,
  )
  return { scheme, resolved }
}
