import { useQuery } from '@tanstack/react-query'
import { BLOCK_MESSAGES } from '@vouched/shared/blocks.constants'
import { Link } from 'react-router'
import { UserAvatar } from '../../../components/ui/avatar'
import { Button } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { formatRelativeTime } from '../../../lib/time'
import { blocksQuery, useUnblock } from '../blocks.api'

/** Settings → Blocked members: who I blocked, with Unblock. */
export function BlockedMembers() {
  const blocks = useQuery(blocksQuery())
  const unblock = useUnblock()

  if (blocks.isPending) return <Skeleton className="h-14 w-full" aria-label="Loading blocked members" />
  if (blocks.isError) return <p className="text-sm text-destructive">{BLOCK_MESSAGES.loadFailed}</p>
  if (blocks.data.blocks.length === 0) {
    return <p className="text-sm text-muted-foreground">You have not blocked anyone.</p>
  }
  return (
    <ul className="grid gap-2" aria-label="Blocked members">
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
              <p className="text-xs text-muted-foreground">Blocked {formatRelativeTime(createdAt)}</p>
            </div>
            <Button
              variant="outline"
              size="sm"
              aria-label={`Unblock ${name}`}
              disabled={unblock.isPending && unblock.variables === user.id}
              onClick={() =>
                unblock.mutate(user.id, {
                  onSuccess: () =>
                    toast({ title: BLOCK_MESSAGES.unblocked, description: `You unblocked ${name}.` }),
                  onError: (error) =>
                    toast({
                      title: BLOCK_MESSAGES.unblockFailed,
                      description: errorMessage(error),
                      variant: 'destructive',
                    }),
                })
              }
            >
              Unblock
            </Button>
          </li>
        )
      })}
    </ul>
  )
}
