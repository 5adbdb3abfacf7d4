import { BADGE_MESSAGES, COPIED_INDICATOR_MS } from '@vouched/shared/badges'
import { useCallback, useEffect, useRef, useState } from 'react'
import { toast } from '../../../components/ui/toast'

/**
 * Copies text and remembers which item was copied for 2 seconds (SPEC.md §9), so its button can say so.
 * A refused clipboard shows the 'Failed to copy' toast.
 */
export function useCopyToClipboard() {
  const [copiedKey, setCopiedKey] = useState<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const copy = useCallback(async (key: string, value: string) => {
    try {
      if (!navigator.clipboard) throw new Error('Clipboard unavailable')
      await navigator.clipboard.writeText(value)
    } catch {
      toast({
        title: BADGE_MESSAGES.copyFailed,
        description: 'Your browser did not allow access to the clipboard. Please copy it by hand.',
        variant: 'destructive',
      })
      return false
    }
    clearTimeout(timer.current)
    setCopiedKey(key)
    timer.current = setTimeout(() => setCopiedKey(null), COPIED_INDICATOR_MS)
    return true
  }, [])

  return { copiedKey, copy }
}
