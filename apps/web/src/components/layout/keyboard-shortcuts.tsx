import { useEffect, useRef } from 'react'
import { useTranslation } from 'react-i18next'
import { isShortcutPress } from '../../lib/shortcuts'
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog'

export type ShortcutActions = {
  /** "/": focus the top bar's search. */
  search: () => void
  /** "n": start a new endorsement. */
  newEndorsement: () => void
  /** "?": list the shortcuts. */
  help: () => void
}

export const SHORTCUTS = [
  { key: '/', action: 'search' },
  { key: 'n', action: 'newEndorsement' },
  { key: '?', action: 'help' },
] as const satisfies readonly { key: string; action: keyof ShortcutActions }[]

/** Runs the shell's shortcuts on key presses that are not typing (see isShortcutPress). */
export function useKeyboardShortcuts(actions: ShortcutActions) {
  const latest = useRef(actions)
  useEffect(() => {
    latest.current = actions
  })
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const shortcut = SHORTCUTS.find((s) => s.key === event.key)
      if (!shortcut || !isShortcutPress(event)) return
      // Keeps "/" out of the search box it focuses, and Firefox's quick find closed.
      event.preventDefault()
      latest.current[shortcut.action]()
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])
}

export function KeyboardShortcutsDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  const { t } = useTranslation('common')
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{t('shortcuts.title')}</DialogTitle>
          <DialogDescription>{t('shortcuts.description')}</DialogDescription>
        </DialogHeader>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] items-center gap-x-4 gap-y-3 text-sm">
          {SHORTCUTS.map((shortcut) => (
            <div key={shortcut.key} className="contents">
              <dt>
                <kbd className="inline-flex h-7 min-w-7 items-center justify-center rounded-md border bg-muted px-2 font-mono text-sm font-semibold shadow-[0_1px_0_var(--color-border)]">
                  {shortcut.key}
                </kbd>
              </dt>
              <dd>{t(`shortcuts.${shortcut.action}`)}</dd>
            </div>
          ))}
        </dl>
      </DialogContent>
    </Dialog>
  )
}
