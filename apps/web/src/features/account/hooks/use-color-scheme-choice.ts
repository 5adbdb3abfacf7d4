import { useQuery } from '@tanstack/react-query'
import type { TColorScheme } from '@vouched/shared/appearance'
import { useEffect } from 'react'
import { useTranslation } from 'react-i18next'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { setColorScheme, useColorScheme } from '../../../lib/color-scheme'
import { useCurrentUser } from '../../../lib/session'
import { settingsQuery, useSaveSettings } from '../account.api'

/**
 * The colour scheme switch's state: this device's choice, and `choose`, which applies a choice at
 * once, keeps it on this device and, for a signed-in member, in their settings for every other
 * device (docs/decisions/139).
 */
export function useColorSchemeChoice() {
  const { t } = useTranslation('account')
  const { scheme } = useColorScheme()
  const { user } = useCurrentUser()
  const save = useSaveSettings()
  const choose = (next: TColorScheme) => {
    if (next === scheme) return
    setColorScheme(next)
    if (!user) return
    save.mutate(
      { colorScheme: next },
      {
        onError: (error) =>
          toast({
            title: t('colorScheme.saveFailed'),
            description: t('colorScheme.saveFailedDescription', { error: errorMessage(error) }),
            variant: 'destructive',
          }),
      },
    )
  }
  return { scheme, choose }
}

/**
 * A signed-in member's saved choice wins over the device's: applied as soon as the settings arrive,
 * and kept on the device so its next visit starts in it without a flash.
 */
export function useMemberColorScheme() {
  const settings = useQuery(settingsQuery())
  const saved = settings.data?.colorScheme
  useEffect(() => {
    if (saved) setColorScheme(saved)
  }, [saved])
}
