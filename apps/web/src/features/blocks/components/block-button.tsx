import { useQuery } from '@tanstack/react-query'
import { BLOCK_MESSAGES } from '@vouched/shared/blocks.constants'
import { BanIcon, Loader2Icon } from 'lucide-react'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../../components/ui/alert-dialog'
import { Button } from '../../../components/ui/button'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { blocksQuery, useBlock, useUnblock } from '../blocks.api'

type Props = { userId: number; name: string; size?: 'sm' | 'default' }

/** Block (with a confirmation saying what it does) or Unblock, on another member's profile. */
export function BlockButton({ userId, name, size = 'sm' }: Props) {
  const blocks = useQuery(blocksQuery())
  const block = useBlock()
  const unblock = useUnblock()
  const isBlocked = blocks.data?.blocks.some((b) => b.user.id === userId) ?? false

  if (blocks.isPending) return null
  if (isBlocked) {
    return (
      <Button
        variant="outline"
        size={size}
        disabled={unblock.isPending}
        onClick={() =>
          unblock.mutate(userId, {
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
        {unblock.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : <BanIcon aria-hidden />}
        Unblock
      </Button>
    )
  }
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size={size} disabled={block.isPending}>
          <BanIcon aria-hidden />
          Block
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Block {name}?</AlertDialogTitle>
          <AlertDialogDescription>
            Your connection and any pending request between you are removed. Neither of you can endorse,
            message, connect with, like or comment on the other, you no longer find each other in search, and
            their endorsements of you are hidden. You can unblock them in Settings.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={() =>
              block.mutate(userId, {
                onSuccess: () =>
                  toast({ title: BLOCK_MESSAGES.blocked, description: `You blocked ${name}.` }),
                onError: (error) =>
                  toast({
                    title: BLOCK_MESSAGES.blockFailed,
                    description: errorMessage(error),
                    variant: 'destructive',
                  }),
              })
            }
          >
            Block
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
