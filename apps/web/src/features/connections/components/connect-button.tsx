import { useQuery } from '@tanstack/react-query'
import { CheckIcon, ClockIcon, Loader2Icon, UserPlusIcon } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { errorMessage } from '../../../lib/api-client'
import { useCurrentUser } from '../../../lib/session'
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
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog'
import { DialogLoading } from '../../../components/ui/dialog-loading'
import { toast } from '../../../components/ui/toast'
import {
  connectionCheckQuery,
  useAcceptConnectionRequest,
  useCancelConnectionRequest,
  useRemoveConnection,
} from '../connections.api'
import { RemoveConnectionDialog } from './remove-connection-dialog'

type Props = {
  /** The member whose profile is shown. */
  userId: number
  /** Their full name or username, for the confirmations. */
  name: string
  className?: string
  size?: 'sm' | 'default'
}

/**
 * The profile's Connect / Pending / Connected button (SPEC.md §2). Connect asks for an optional note;
 * Pending lets the sender withdraw; Connected removes after the confirmation of SPEC.md §2.
 * Renders nothing on the member's own profile.
 */
export function ConnectButton({ userId, name, className, size = 'default' }: Props) {
  const { t } = useTranslation('connections')
  const { user } = useCurrentUser()
  const check = useQuery({ ...connectionCheckQuery(userId), enabled: Boolean(user) && user?.id !== userId })
  const accept = useAcceptConnectionRequest()
  const cancel = useCancelConnectionRequest()
  const remove = useRemoveConnection()

  if (!user || user.id === userId) return null
  const status = check.data?.status ?? 'none'
  const requestId = check.data?.requestId ?? null

  if (check.isPending) {
    return (
      <Button size={size} className={className} disabled>
        <Loader2Icon className="animate-spin" aria-hidden />
        {t('button.connect')}
      </Button>
    )
  }

  if (status === 'connected') {
    return (
      <RemoveConnectionDialog
        name={name}
        onConfirm={() =>
          void remove.mutateAsync(userId).then(
            () => toast({ title: t('button.removed') }),
            (error: unknown) =>
              toast({
                title: t('button.removeError'),
                description: errorMessage(error),
                variant: 'destructive',
              }),
          )
        }
      >
        <Button variant="outline" size={size} className={className} disabled={remove.isPending}>
          <CheckIcon aria-hidden />
          {t('button.connected')}
        </Button>
      </RemoveConnectionDialog>
    )
  }

  if (status === 'pending-sent' && requestId !== null) {
    return (
      <AlertDialog>
        <AlertDialogTrigger asChild>
          <Button variant="secondary" size={size} className={className} disabled={cancel.isPending}>
            <ClockIcon aria-hidden />
            {t('button.pending')}
          </Button>
        </AlertDialogTrigger>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{t('button.pendingTitle')}</AlertDialogTitle>
            <AlertDialogDescription>{t('button.pendingDescription', { name })}</AlertDialogDescription>
          </AlertDialogHeader>
          <AlertDialogFooter>
            <AlertDialogCancel>{t('button.keepRequest')}</AlertDialogCancel>
            <AlertDialogAction
              variant="destructive"
              onClick={() =>
                void cancel.mutateAsync(requestId).then(
                  () => toast({ title: t('button.canceled') }),
                  (error: unknown) =>
                    toast({
                      title: t('button.cancelError'),
                      description: errorMessage(error),
                      variant: 'destructive',
                    }),
                )
              }
            >
              {t('button.cancelRequest')}
            </AlertDialogAction>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    )
  }

  if (status === 'pending-received' && requestId !== null) {
    return (
      <Button
        size={size}
        className={className}
        disabled={accept.isPending}
        onClick={() =>
          void accept.mutateAsync(requestId).then(
            () =>
              toast({ title: t('requests.acceptedTitle'), description: t('requests.acceptedDescription') }),
            (error: unknown) =>
              toast({
                title: t('requests.acceptError'),
                description: errorMessage(error),
                variant: 'destructive',
              }),
          )
        }
      >
        <CheckIcon aria-hidden />
        {t('button.acceptRequest')}
      </Button>
    )
  }

  return <SendRequestDialog userId={userId} name={name} className={className} size={size} />
}

// The note's form (react-hook-form, zod) is fetched when the dialog first opens.
const ConnectRequestForm = lazy(() => import('./connect-request-form'))

function SendRequestDialog({ userId, name, className, size }: Props) {
  const { t } = useTranslation('connections')
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size={size} className={className}>
          <UserPlusIcon aria-hidden />
          {t('button.connect')}
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('button.connectWith', { name })}</DialogTitle>
          <DialogDescription>{t('button.connectDescription')}</DialogDescription>
        </DialogHeader>
        {open ? (
          <Suspense fallback={<DialogLoading />}>
            <ConnectRequestForm userId={userId} onDone={() => setOpen(false)} />
          </Suspense>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
