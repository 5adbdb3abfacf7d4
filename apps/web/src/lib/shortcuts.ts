import { useEffect, useRef } from 'react'

/*
 * Keyboard shortcuts of the signed-in shell (docs/decisions/097-keyboard-shortcuts.md). The top bar
 * listens for the keys; "n" asks the page first through a window event, so a page that knows whom to
 * endorse (a profile) opens its own dialog without the shell importing any feature.
 */

const ENDORSE_ON_PAGE_EVENT = 'vouched:endorse-on-page'

/** The window event that opens the new-endorsement picker (mounted with the signed-in top bar). */
export const NEW_ENDORSEMENT_EVENT = 'vouched:new-endorsement'

/** Offers the new-endorsement request to the page; true when a page took it. */
export function requestNewEndorsement(): boolean {
  return !window.dispatchEvent(new Event(ENDORSE_ON_PAGE_EVENT, { cancelable: true }))
}

/**
 * Opens "Create Endorsement": pick a member, then the endorsement dialog for them. Anything in the
 * app may call it (the top-bar button, the "n" shortcut); it does nothing while signed out, as the
 * picker lives in the signed-in top bar.
 */
export function openNewEndorsement() {
  window.dispatchEvent(new CustomEvent(NEW_ENDORSEMENT_EVENT))
}

/** While mounted (and `enabled`), the page takes the new-endorsement shortcut with `onRequest`. */
export function useNewEndorsementShortcut(onRequest: () => void, enabled = true) {
  const latest = useRef(onRequest)
  useEffect(() => {
    latest.current = onRequest
  })
  useEffect(() => {
    if (!enabled) return
    const listener = (event: Event) => {
      event.preventDefault()
      latest.current()
    }
    window.addEventListener(ENDORSE_ON_PAGE_EVENT, listener)
    return () => window.removeEventListener(ENDORSE_ON_PAGE_EVENT, listener)
  }, [enabled])
}

const TYPING = 'input, textarea, select, [contenteditable=""], [contenteditable="true"]'
// Inside an open dialog, menu or list box the keys belong to it (its own typeahead, its buttons).
const OVERLAY = '[role="dialog"], [role="alertdialog"], [role="menu"], [role="listbox"]'

/**
 * Whether a key press may run a shortcut: not while typing in a field, not inside an open overlay, never
 * with Ctrl, Alt or Meta (the browser's and the system's own shortcuts). Shift is allowed: "?" needs it.
 */
export function isShortcutPress(event: KeyboardEvent): boolean {
  if (event.defaultPrevented || event.isComposing || event.ctrlKey || event.altKey || event.metaKey)
    return false
  const target = event.target instanceof Element ? event.target : null
  if (!target) return true
  if (target.closest(TYPING) || (target as HTMLElement).isContentEditable) return false
  return !target.closest(OVERLAY)
}
