import { useQuery } from '@tanstack/react-query'
import type { TPreference } from '@vouched/shared/account'
import { ACCOUNT_MESSAGES, PREFERENCE_LABELS } from '@vouched/shared/account.constants'
import { useTranslation } from 'react-i18next'
import { Skeleton } from '../../../components/ui/skeleton'
import { Switch } from '../../../components/ui/switch'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { preferencesQuery, useSavePreferences } from '../account.api'
import { useSharedText } from '../../../lib/i18n/shared-text'

/** Per notification type: shown in the app, and sent by email. Each switch saves at once. */
export function NotificationPreferences() {
  const sharedText = useSharedText()
  const { t } = useTranslation('account')
  const preferences = useQuery(preferencesQuery())
  const save = useSavePreferences()

  if (preferences.isPending)
    return <Skeleton className="h-40 w-full" aria-label={t('notificationPreferences.loading')} />
  if (preferences.isError) {
    return <p className="text-sm text-destructive">{t('notificationPreferences.loadFailed')}</p>
  }

  const change = (preference: TPreference) =>
    save.mutate([preference], {
      onSuccess: () => toast({ title: sharedText(ACCOUNT_MESSAGES.preferencesSaved) }),
      onError: (error) =>
        toast({
          title: sharedText(ACCOUNT_MESSAGES.preferencesFailed),
          description: errorMessage(error),
          variant: 'destructive',
        }),
    })

  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{t('notificationPreferences.caption')}</caption>
      <thead>
        <tr className="text-left text-muted-foreground">
          <th scope="col" className="pb-2 font-medium">
            {t('notificationPreferences.notifyMeAbout')}
          </th>
          <th scope="col" className="w-20 pb-2 text-center font-medium">
            {t('notificationPreferences.inApp')}
          </th>
          <th scope="col" className="w-20 pb-2 text-center font-medium">
            {t('notificationPreferences.email')}
          </th>
        </tr>
      </thead>
      <tbody className="divide-y">
        {preferences.data.preferences.map((preference) => {
          const label = sharedText(PREFERENCE_LABELS[preference.type])
          return (
            <tr key={preference.type}>
              <th scope="row" className="py-3 pr-3 text-left font-normal">
                {label}
              </th>
              <td className="py-3 text-center">
                <Switch
                  checked={preference.inApp}
                  disabled={save.isPending}
                  aria-label={t('notificationPreferences.inAppLabel', { label })}
                  onCheckedChange={(inApp) => change({ ...preference, inApp })}
                />
              </td>
              <td className="py-3 text-center">
                <Switch
                  checked={preference.email}
                  disabled={save.isPending}
                  aria-label={t('notificationPreferences.emailLabel', { label })}
                  onCheckedChange={(email) => change({ ...preference, email })}
                />
              </td>
            </tr>
          )
        })}
      </tbody>
    </table>
  )
}
