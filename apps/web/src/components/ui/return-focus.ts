import { useRef } from 'react'

type AutoFocusHandler = (event: Event) => void

/**
 * Focus back on the control that opened a dialog, once it closes (WCAG 2.4.3). Radix returns focus to
 * the dialog's Trigger, but most dialogs here open from a plain button (a controlled `open`) or a
 * keyboard shortcut and have no Trigger, so Radix sent focus to <body>. The element that had focus when
 * the dialog opened is the control that opened it; it gets focus back if it is still on the page, else
 * Radix's own choice stands. A caller's handler runs first and may keep focus elsewhere with
 * `event.preventDefault()`.
 */
export function useReturnFocus(handlers: {
  onOpenAutoFocus?: AutoFocusHandler
  onCloseAutoFocus?: AutoFocusHandler
}) {
  const opener = useRef<HTMLElement | null>(null)
  return {
    onOpenAutoFocus: (event: Event) => {
      // Radix asks before it moves focus into the dialog: the opener still has it.
      const active = document.activeElement
      opener.current = active instanceof HTMLElement && active !== document.body ? active : null
      handlers.onOpenAutoFocus?.(event)
    },
    onCloseAutoFocus: (event: Event) => {
      handlers.onCloseAutoFocus?.(event)
      const target = opener.current
      opener.current = null
      if (event.defaultPrevented || !target?.isConnected) return
      event.preventDefault()
      target.focus()
    },
  }
}
