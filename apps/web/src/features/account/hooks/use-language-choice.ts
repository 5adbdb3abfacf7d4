import { useQuery } from '@tanstack/react-query'
import type { TLocale } from '@vouched/shared/locale'
import { useEffect } from 'react'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { changeLocale, currentLocale, i18n } from '../../../lib/i18n/i18n'
import { useCurrentUser } from '../../../lib/session'
import { settingsQuery, useSaveSettings } from '../account.api'

/**
 * The language select's `choose`: switches the app at once, keeps the choice on this device and, for
 * a signed-in member, saves it as their `locale` (the server's mails and answers follow it; every
 * other device they sign in on starts in it).
 */
export function useLanguageChoice() {
  const { user } = useCurrentUser()
  const save = useSaveSettings()
  const choose = (next: TLocale) => {
    if (next === currentLocale()) return
    void changeLocale(next, { remember: true })
    if (!user) return
    save.mutate(
      { locale: next },
      {
        // In the language just chosen: the hook's own `t` is bound to the one of its last render.
        onError: (error) =>
          toast({
            title: i18n.t('account:language.saveFailed'),
            description: i18n.t('account:language.saveFailedDescription', { error: errorMessage(error) }),
            variant: 'destructive',
          }),
      },
    )
  }
  return { choose }
}

/**
 * A signed-in member's saved language wins over the device's: applied as soon as the settings arrive,
 * and kept on the device so its next visit starts in it.
 */
export function useMemberLocale() {
  const settings = useQuery(settingsQuery())
  const saved = settings.data?.locale
  useEffect(() => {
    if (saved) void changeLocale(saved, { remember: true })
  }, [saved])
}
