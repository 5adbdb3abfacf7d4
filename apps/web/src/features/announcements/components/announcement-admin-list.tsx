import { useQuery } from '@tanstack/react-query'
import type { TAnnouncement } from '@vouched/shared/announcements'
import { ANNOUNCEMENT_MESSAGES } from '@vouched/shared/announcements.constants'
import { Loader2Icon, PinIcon, PinOffIcon, Trash2Icon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription } from '../../../components/ui/alert'
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
import { ScrollArea } from '../../../components/ui/scroll-area'
import { Skeleton } from '../../../components/ui/skeleton'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { announcementsQuery, useDeleteAnnouncement, useSetAnnouncementPinned } from '../announcements.api'
import { AnnouncementCard } from './announcement-card'
import { useSharedText } from '../../../lib/i18n/shared-text'

/** Every announcement, pinned first, in a 600 px scrolling list with pin/unpin and delete (SPEC.md §2). */
export function AnnouncementAdminList() {
  const sharedText = useSharedText()
  const { t } = useTranslation('announcements')
  const { data, isPending, isError } = useQuery(announcementsQuery())
  return (
    <ScrollArea className="h-[600px] rounded-lg border bg-muted/30" data-testid="announcement-list">
      <div className="grid gap-3 p-3">
        {isError ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>{sharedText(ANNOUNCEMENT_MESSAGES.loadError)}</AlertDescription>
          </Alert>
        ) : isPending ? (
          <div aria-busy="true" aria-label={t('list.loading')} className="grid gap-3">
            <Skeleton className="h-28 w-full" />
            <Skeleton className="h-28 w-full" />
          </div>
        ) : data.length === 0 ? (
          <p className="p-6 text-center text-sm text-muted-foreground">{t('list.empty')}</p>
        ) : (
          data.map((announcement) => (
            <AnnouncementCard
              key={announcement.id}
              announcement={announcement}
              actions={<AnnouncementActions announcement={announcement} />}
            />
          ))
        )}
      </div>
    </ScrollArea>
  )
}

function AnnouncementActions({ announcement }: { announcement: TAnnouncement }) {
  const sharedText = useSharedText()
  const { t } = useTranslation('announcements')
  const setPinned = useSetAnnouncementPinned()
  const remove = useDeleteAnnouncement()
  const nextPinned = !announcement.pinned

  const togglePin = () =>
    setPinned.mutate(
      { id: announcement.id, pinned: nextPinned },
      {
        onSuccess: () => toast({ title: nextPinned ? t('list.pinned') : t('list.unpinned') }),
        onError: (error) =>
          toast({
            title: sharedText(ANNOUNCEMENT_MESSAGES.updateFailed),
            description: errorMessage(error, sharedText(ANNOUNCEMENT_MESSAGES.updateFailed)),
            variant: 'destructive',
          }),
      },
    )

  // mutateAsync: the refetch removes this row, and mutate's callbacks never run once it is gone.
  const confirmDelete = () =>
    remove.mutateAsync(announcement.id).then(
      () => toast({ title: t('list.deleted') }),
      (error: unknown) =>
        toast({
          title: sharedText(ANNOUNCEMENT_MESSAGES.deleteFailed),
          description: errorMessage(error, sharedText(ANNOUNCEMENT_MESSAGES.deleteFailed)),
          variant: 'destructive',
        }),
    )

  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        onClick={togglePin}
        disabled={setPinned.isPending}
        aria-label={t(nextPinned ? 'list.pinLabel' : 'list.unpinLabel', { title: announcement.title })}
      >
        {setPinned.isPending ? (
          <Loader2Icon className="animate-spin" aria-hidden />
        ) : nextPinned ? (
          <PinIcon aria-hidden />
        ) : (
          <PinOffIcon aria-hidden />
        )}
        {nextPinned ? t('list.pin') : t('list.unpin')}
      </Button>
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button
            variant="ghost"
            size="sm"
            className="text-destructive hover:bg-destructive/10 hover:text-destructive"
            disabled={remove.isPending}
            aria-label={t('list.deleteLabel', { title: announcement.title })}
          >
            <Trash2Icon aria-hidden />
            {t('list.delete')}
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{sharedText(ANNOUNCEMENT_MESSAGES.deleteConfirmTitle)}</AlertDialogTitle>
            <AlertDialogDescription>
              {sharedText(ANNOUNCEMENT_MESSAGES.deleteConfirmText)}
            </AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('list.cancel')}</AlertDialogCancel>
            <AlertDialogAction variant="destructive" onClick={confirmDelete}>
              {t('list.delete')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  )
}
