import { useQuery } from '@tanstack/react-query'
import { BLOCK_MESSAGES } from '@vouched/shared/blocks.constants'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { UserAvatar } from '../../../components/ui/avatar'
import { Button } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { formatRelativeTime } from '../../../lib/time'
import { blocksQuery, useUnblock } from '../blocks.api'
import { useSharedText } from '../../../lib/i18n/shared-text'

/** Settings → Blocked members: who I blocked, with Unblock. */
export function BlockedMembers() {
  const sharedText = useSharedText()
  const { t } = useTranslation('blocks')
  const blocks = useQuery(blocksQuery())
  const unblock = useUnblock()

  if (blocks.isPending) return <Skeleton className="h-14 w-full" aria-label={t('list.loading')} />
  if (blocks.isError)
    return <p className="text-sm text-destructive">{sharedText(BLOCK_MESSAGES.loadFailed)}</p>
  if (blocks.data.blocks.length === 0) {
    return <p className="text-sm text-muted-foreground">{t('list.empty')}</p>
  }
  return (
    <ul className="grid gap-2" aria-label={t('list.label')}>
      {blocks.data.blocks.map(({ user, createdAt }) => {
        const name = user.fullName || user.username
        return (
          <li key={user.id} className="flex items-center gap-3 rounded-lg border p-3">
            <UserAvatar
              src={user.profilePicture}
              fullName={user.fullName}
              username={user.username}
              className="size-9"
            />
            <div className="min-w-0 flex-1">
              <Link to={`/profile/${user.username}`} className="block truncate font-medium hover:underline">
                {name}
              </Link>
              <p className="text-xs text-muted-foreground">
                {t('list.blockedAt', { time: formatRelativeTime(createdAt) })}
              </p>
            </div>
            <Button
              variant="outline"
              size="sm"
              aria-label={t('list.unblockLabel', { name })}
              disabled={unblock.isPending && unblock.variables === user.id}
              onClick={() =>
                unblock.mutate(user.id, {
                  onSuccess: () =>
                    toast({
                      title: sharedText(BLOCK_MESSAGES.unblocked),
                      description: t('unblocked', { name }),
                    }),
                  onError: (error) =>
                    toast({
                      title: sharedText(BLOCK_MESSAGES.unblockFailed),
                      description: errorMessage(error),
                      variant: 'destructive',
                    }),
                })
              }
            >
              {t('unblock')}
            </Button>
          </li>
        )
      })}
    </ul>
  )
}
