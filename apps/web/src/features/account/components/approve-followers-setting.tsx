import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Label } from '../../../components/ui/label'
import { Switch } from '../../../components/ui/switch'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { settingsQuery, useSaveSettings } from '../account.api'

/**
 * The approveFollowers switch (issue 30, decision 154): a follow from the fediverse waits for the
 * member's approval. Shown only where the instance federates.
 */
export function ApproveFollowersSetting() {
  const { t } = useTranslation('account')
  const settings = useQuery(settingsQuery())
  const save = useSaveSettings()
  const id = useId()
  const descriptionId = useId()
  if (!settings.data?.federationAvailable) return null
  return (
    <div className="flex flex-row items-center justify-between gap-4 rounded-lg border p-3">
      <div className="grid gap-1">
        <Label htmlFor={id}>{t('approveFollowers.label')}</Label>
        <p id={descriptionId} className="text-sm text-muted-foreground">
          {t('approveFollowers.description')}
        </p>
      </div>
      <Switch
        id={id}
        aria-describedby={descriptionId}
        checked={settings.data.approveFollowers}
        disabled={save.isPending}
        onCheckedChange={(checked) =>
          save.mutate(
            { approveFollowers: checked },
            {
              onSuccess: () =>
                toast({ title: checked ? t('approveFollowers.on') : t('approveFollowers.off') }),
              onError: (error) =>
                toast({
                  title: t('approveFollowers.saveFailed'),
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
