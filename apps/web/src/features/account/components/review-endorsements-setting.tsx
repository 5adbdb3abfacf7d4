import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Label } from '../../../components/ui/label'
import { Switch } from '../../../components/ui/switch'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { settingsQuery, useSaveSettings } from '../account.api'

/** The reviewEndorsements switch (issue 25): received endorsements wait for the member's approval. */
export function ReviewEndorsementsSetting() {
  const { t } = useTranslation('account')
  const settings = useQuery(settingsQuery())
  const save = useSaveSettings()
  const id = useId()
  const on = settings.data?.reviewEndorsements ?? false
  return (
    <div className="flex flex-row items-center justify-between gap-4 rounded-lg border p-3">
      <div className="grid gap-1">
        <Label htmlFor={id}>{t('reviewEndorsements.label')}</Label>
        <p className="text-sm text-muted-foreground">{t('reviewEndorsements.description')}</p>
      </div>
      <Switch
        id={id}
        checked={on}
        disabled={settings.isPending || save.isPending}
        onCheckedChange={(checked) =>
          save.mutate(
            { reviewEndorsements: checked },
            {
              onSuccess: () =>
                toast({
                  title: checked ? t('reviewEndorsements.on') : t('reviewEndorsements.off'),
                }),
              onError: (error) =>
                toast({
                  title: t('reviewEndorsements.saveFailed'),
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
