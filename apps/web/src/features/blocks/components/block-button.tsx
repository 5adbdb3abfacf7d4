import { useQuery } from '@tanstack/react-query'
import { BLOCK_MESSAGES } from '@vouched/shared/blocks.constants'
import { BanIcon, Loader2Icon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
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
import { useSharedText } from '../../../lib/i18n/shared-text'

type Props = { userId: number; name: string; size?: 'sm' | 'default' }

/** Block (with a confirmation saying what it does) or Unblock, on another member's profile. */
export function BlockButton({ userId, name, size = 'sm' }: Props) {
  const sharedText = useSharedText()
  const { t } = useTranslation('blocks')
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
              toast({ title: sharedText(BLOCK_MESSAGES.unblocked), description: t('unblocked', { name }) }),
            onError: (error) =>
              toast({
                title: sharedText(BLOCK_MESSAGES.unblockFailed),
                description: errorMessage(error),
                variant: 'destructive',
              }),
          })
        }
      >
        {unblock.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : <BanIcon aria-hidden />}
        {t('unblock')}
      </Button>
    )
  }
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size={size} disabled={block.isPending}>
          <BanIcon aria-hidden />
          {t('block')}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('confirm.title', { name })}</AlertDialogTitle>
          <AlertDialogDescription>{t('confirm.description')}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('confirm.cancel')}</AlertDialogCancel>
          <AlertDialogAction
            variant="destructive"
            onClick={() =>
              block.mutate(userId, {
                onSuccess: () =>
                  toast({ title: sharedText(BLOCK_MESSAGES.blocked), description: t('blocked', { name }) }),
                onError: (error) =>
                  toast({
                    title: sharedText(BLOCK_MESSAGES.blockFailed),
                    description: errorMessage(error),
                    variant: 'destructive',
                  }),
              })
            }
          >
            {t('block')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
