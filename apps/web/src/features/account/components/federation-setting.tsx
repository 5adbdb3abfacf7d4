import { useQuery } from '@tanstack/react-query'
import { useId } from 'react'
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
        <Label htmlFor={id}>Publish my profile to the fediverse</Label>
        <p id={descriptionId} className="text-sm text-muted-foreground">
          People on Mastodon and other Vouched servers can find you as{' '}
          <span className="font-medium">
            @{user?.username}@{window.location.host}
          </span>{' '}
          and follow you. They see your name, title, bio and photo, and the public endorsements you give and
          receive with members who publish too. Anonymous and hidden endorsements, messages and your email
          never leave this server.
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
                  title: checked
                    ? 'Your profile is now published to the fediverse'
                    : 'Your profile is no longer published; your followers are told your posts are gone',
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
