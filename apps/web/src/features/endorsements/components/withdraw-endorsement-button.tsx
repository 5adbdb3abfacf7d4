import { REVIEW_MESSAGES } from '@vouched/shared/endorsement-review'
import { Undo2Icon } from 'lucide-react'
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
import { useWithdrawEndorsement } from '../endorsements.api'
import { useSharedText } from '../../../lib/i18n/shared-text'

/** The endorser takes their endorsement back (DELETE /api/vouches/:id); everything it counted goes with it. */
export function WithdrawEndorsementButton({ id }: { id: number }) {
  const sharedText = useSharedText()
  const { t } = useTranslation('endorsements')
  const withdraw = useWithdrawEndorsement()
  const confirm = () =>
    withdraw.mutate(id, {
      onSuccess: () => toast({ title: sharedText(REVIEW_MESSAGES.withdrawn) }),
      onError: (error) =>
        toast({ title: t('withdraw.failed'), description: errorMessage(error), variant: 'destructive' }),
    })
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="sm" disabled={withdraw.isPending}>
          <Undo2Icon aria-hidden />
          {t('withdraw.button')}
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{t('withdraw.title')}</AlertDialogTitle>
          <AlertDialogDescription>{t('withdraw.text')}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('withdraw.cancel')}</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={confirm}>
            {t('withdraw.confirm')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
