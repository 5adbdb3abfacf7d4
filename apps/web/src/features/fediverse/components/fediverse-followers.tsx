import { useInfiniteQuery } from '@tanstack/react-query'
import type { TFollower } from '@vouched/shared/federation-followers'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { formatRelativeTime } from '../../../lib/time'
import { followersQuery, useApproveFollower, useBlockAccount, useRemoveFollower } from '../fediverse.api'
import { ConfirmButton } from './confirm-button'

export const followerName = (follower: Pick<TFollower, 'name' | 'handle' | 'actorUri'>) =>
  follower.name || follower.handle || follower.actorUri

/**
 * Settings → the member's followers on the fediverse (issue 30): requests waiting for approval first,
 * with Approve and Reject, then followers with Remove; Block on each. Remove and Block ask first.
 */
export function FediverseFollowers() {
  const { t } = useTranslation('fediverse')
  const followers = useInfiniteQuery(followersQuery())
  const approve = useApproveFollower()
  const remove = useRemoveFollower()
  const block = useBlockAccount()

  if (followers.isPending) return <Skeleton className="h-14 w-full" aria-label={t('followers.loading')} />
  if (followers.isError) return <p className="text-sm text-destructive">{t('followers.loadFailed')}</p>
  const rows = followers.data.pages.flatMap((page) => page.followers)
  if (rows.length === 0) return <p className="text-sm text-muted-foreground">{t('followers.empty')}</p>

  const failed = (error: unknown) =>
    toast({ title: t('followers.failed'), description: errorMessage(error), variant: 'destructive' })
  const busy = approve.isPending || remove.isPending || block.isPending

  return (
    <div className="grid gap-2">
      <ul className="grid gap-2" aria-label={t('followers.label')}>
        {rows.map((follower) => {
          const name = followerName(follower)
          const pending = follower.state === 'pending'
          return (
            <li key={follower.id} className="flex flex-wrap items-center gap-3 rounded-lg border p-3">
              <div className="min-w-0 flex-1">
                <a
                  href={follower.url ?? follower.actorUri}
                  target="_blank"
                  rel="noopener noreferrer nofollow"
                  className="block truncate font-medium hover:underline"
                >
                  {name}
                </a>
                {follower.handle && follower.handle !== name ? (
                  <p className="truncate text-sm text-muted-foreground">{follower.handle}</p>
                ) : null}
                <p className="text-xs text-muted-foreground">
                  {pending
                    ? `${t('followers.pending')} · ${t('followers.asked', { time: formatRelativeTime(follower.since) })}`
                    : t('followers.since', { time: formatRelativeTime(follower.since) })}
                </p>
              </div>
              <div className="flex flex-wrap gap-2">
                {pending ? (
                  <>
                    <Button
                      size="sm"
                      aria-label={t('followers.approveLabel', { name })}
                      disabled={busy}
                      onClick={() =>
                        approve.mutate(follower.id, {
                          onSuccess: () => toast({ title: t('followers.approved', { name }) }),
                          onError: failed,
                        })
                      }
                    >
                      {t('followers.approve')}
                    </Button>
                    <Button
                      variant="outline"
                      size="sm"
                      aria-label={t('followers.rejectLabel', { name })}
                      disabled={busy}
                      onClick={() =>
                        remove.mutate(follower.id, {
                          onSuccess: () => toast({ title: t('followers.rejected', { name }) }),
                          onError: failed,
                        })
                      }
                    >
                      {t('followers.reject')}
                    </Button>
                  </>
                ) : (
                  <ConfirmButton
                    label={t('followers.removeLabel', { name })}
                    title={t('followers.confirmRemove.title', { name })}
                    description={t('followers.confirmRemove.description')}
                    cancel={t('followers.confirmRemove.cancel')}
                    disabled={busy}
                    onConfirm={() =>
                      remove.mutate(follower.id, {
                        onSuccess: () => toast({ title: t('followers.removed', { name }) }),
                        onError: failed,
                      })
                    }
                  >
                    {t('followers.remove')}
                  </ConfirmButton>
                )}
                <ConfirmButton
                  label={t('followers.blockLabel', { name })}
                  title={t('followers.confirmBlock.title', { name })}
                  description={t('followers.confirmBlock.description')}
                  cancel={t('followers.confirmBlock.cancel')}
                  disabled={busy}
                  onConfirm={() =>
                    block.mutate(follower.actorUri, {
                      onSuccess: () => toast({ title: t('blocked.blocked', { name }) }),
                      onError: failed,
                    })
                  }
                >
                  {t('followers.block')}
                </ConfirmButton>
              </div>
            </li>
          )
        })}
      </ul>
      {followers.hasNextPage ? (
        <Button
          variant="ghost"
          size="sm"
          className="justify-self-start"
          disabled={followers.isFetchingNextPage}
          onClick={() => void followers.fetchNextPage()}
        >
          {t('followers.more')}
        </Button>
      ) : null}
    </div>
  )
}
