import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { Label } from '../../../components/ui/label'
import { Switch } from '../../../components/ui/switch'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useCurrentUser } from '../../../lib/session'
import { settingsQuery, useSaveSettings } from '../account.api'

/**
 * The federated switch (issue 30): the member's profile and public endorsements go to the fediverse.
 * Shown only where the instance federates (FEDERATION=on).
 */
export function FederationSetting() {
  const { t } = useTranslation('account')
  const settings = useQuery(settingsQuery())
  const save = useSaveSettings()
  const { user } = useCurrentUser()
  const id = useId()
  const descriptionId = useId()
  if (!settings.data?.federationAvailable) return null
  const on = settings.data.federated
  return (
    <div className="flex flex-row items-center justify-between gap-4 rounded-lg border p-3">
      <div className="grid gap-1">
        <Label htmlFor={id}>{t('federationSetting.label')}</Label>
        <p id={descriptionId} className="text-sm text-muted-foreground">
          <Trans
            t={t}
            i18nKey="federationSetting.description"
            values={{ username: user?.username ?? '', host: window.location.host }}
            components={{ handle: <span className="font-medium" /> }}
          />
        </p>
      </div>
      <Switch
        id={id}
        aria-describedby={descriptionId}
        checked={on}
        disabled={save.isPending}
        onCheckedChange={(checked) =>
          save.mutate(
            { federated: checked },
            {
              onSuccess: () =>
                toast({
                  title: checked ? t('federationSetting.published') : t('federationSetting.unpublished'),
                }),
              onError: (error) =>
                toast({
                  title: t('federationSetting.saveFailed'),
                  description: errorMessage(error),
                  variant: 'destructive',
                }),
            },
          )
        }
      />
    </div>
  )
}
