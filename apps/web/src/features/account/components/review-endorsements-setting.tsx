import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
import { Label } from '../../../components/ui/label'
import { Switch } from '../../../components/ui/switch'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { settingsQuery, useSaveSettings } from '../account.api'

/** The reviewEndorsements switch (issue 25): received endorsements wait for the member's approval. */
export function ReviewEndorsementsSetting() {
  const settings = useQuery(settingsQuery())
  const save = useSaveSettings()
  const id = useId()
  const on = settings.data?.reviewEndorsements ?? false
  return (
    <div className="flex flex-row items-center justify-between gap-4 rounded-lg border p-3">
      <div className="grid gap-1">
        <Label htmlFor={id}>Review endorsements before they show</Label>
        <p className="text-sm text-muted-foreground">
          New endorsements you receive wait on your profile for you to accept or decline. Until you accept
          one, only you and its endorser see it and it counts for nothing.
        </p>
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
                  title: checked ? 'Endorsements now wait for your approval' : 'Endorsements show at once',
                }),
              onError: (error) =>
                toast({ title: 'Failed to save', description: errorMessage(error), variant: 'destructive' }),
            },
          )
        }
      />
    </div>
  )
}
