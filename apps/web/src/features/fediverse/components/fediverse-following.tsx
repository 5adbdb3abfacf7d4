import { useQuery } from '@tanstack/react-query'
import type { TFollowing } from '@vouched/shared/fediverse-following'
import { useTranslation } from 'react-i18next'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { formatRelativeTime } from '../../../lib/time'
import { followingQuery, useUnfollowAccount } from '../fediverse.api'
import { ConfirmButton } from './confirm-button'

const accountName = (account: Pick<TFollowing, 'name' | 'handle'>) => account.name || account.handle

/**
 * Settings → the fediverse accounts the member follows (issue 30): each with its state, and Unfollow
 * (after asking) or, while the account has not answered, Cancel request. Following starts from the
 * search box, where an account is found by its handle.
 */
export function FediverseFollowing() {
  const { t } = useTranslation('fediverse')
  const following = useQuery(followingQuery())
  const unfollow = useUnfollowAccount()

  if (following.isPending) return <Skeleton className="h-14 w-full" aria-label={t('following.loading')} />
  if (following.isError) return <p className="text-sm text-destructive">{t('following.loadFailed')}</p>
  const rows = following.data.following
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{t('following.empty')}</p>

  const stop = (account: TFollowing, done: string) =>
    unfollow.mutate(account.id, {
      onSuccess: () => toast({ title: done }),
      onError: (error) =>
        toast({ title: t('following.failed'), description: errorMessage(error), variant: 'destructive' }),
    })

  return (
    <ul className="grid gap-2" aria-label={t('following.label')}>
      {rows.map((account) => {
        const name = accountName(account)
        const pending = account.state === 'pending'
        return (
          <li key={account.id} className="flex flex-wrap items-center gap-3 rounded-lg border p-3">
            <div className="min-w-0 flex-1">
              <div className="flex min-w-0 items-center gap-2">
                <a
                  href={account.url ?? account.actorUri}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="truncate font-medium hover:underline"
                >
                  {name}
                </a>
                {account.vouched ? (
                  <Badge variant="secondary" className="shrink-0">
                    {t('following.vouched')}
                  </Badge>
                ) : null}
              </div>
              {account.handle !== name ? (
                <p className="truncate text-sm text-muted-foreground" translate="no">
                  {account.handle}
                </p>
              ) : null}
              <p className="text-xs text-muted-foreground">
                {pending
                  ? t('following.pending')
                  : t('following.since', { time: formatRelativeTime(account.createdAt) })}
              </p>
            </div>
            {pending ? (
              <Button
                variant="outline"
                size="sm"
                aria-label={t('following.cancelLabel', { name })}
                disabled={unfollow.isPending}
                onClick={() => stop(account, t('following.cancelled', { name }))}
              >
                {t('following.cancel')}
              </Button>
            ) : (
              <ConfirmButton
                label={t('following.unfollowLabel', { name })}
                title={t('following.confirmUnfollow.title', { name })}
                description={t('following.confirmUnfollow.description')}
                cancel={t('following.confirmUnfollow.cancel')}
                disabled={unfollow.isPending}
                onConfirm={() => stop(account, t('following.unfollowed', { name }))}
              >
                {t('following.unfollow')}
              </ConfirmButton>
            )}
          </li>
        )
      })}
    </ul>
  )
}
