import { BADGE_MESSAGES, COPIED_INDICATOR_MS } from '@vouched/shared/badges'
import { useCallback, useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '../../../components/ui/toast'
import { useSharedText } from '../../../lib/i18n/shared-text'

/**
 * Copies text and remembers which item was copied for 2 seconds (SPEC.md §9), so its button can say so.
 * A refused clipboard shows the 'Failed to copy' toast.
 */
export function useCopyToClipboard() {
  const sharedText = useSharedText()
  const { t } = useTranslation('badges')
  const [copiedKey, setCopiedKey] = useState<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const copy = useCallback(
    async (key: string, value: string) => {
      try {
        if (!navigator.clipboard) throw new Error('Clipboard unavailable')
        await navigator.clipboard.writeText(value)
      } catch {
        toast({
          title: sharedText(BADGE_MESSAGES.copyFailed),
          description: t('copy.clipboardRefused'),
          variant: 'destructive',
        })
        return false
      }
      clearTimeout(timer.current)
      setCopiedKey(key)
      timer.current = setTimeout(() => setCopiedKey(null), COPIED_INDICATOR_MS)
      return true
    },
    [sharedText, t],
  )

  return { copiedKey, copy }
}
