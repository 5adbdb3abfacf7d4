import { REVIEW_MESSAGES } from '@vouched/shared/endorsement-review'
import { Undo2Icon } from 'lucide-react'
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

/** The endorser takes their endorsement back (DELETE /api/vouches/:id); everything it counted goes with it. */
export function WithdrawEndorsementButton({ id }: { id: number }) {
  const withdraw = useWithdrawEndorsement()
  const confirm = () =>
    withdraw.mutate(id, {
      onSuccess: () => toast({ title: REVIEW_MESSAGES.withdrawn }),
      onError: (error) =>
        toast({ title: 'Failed to withdraw', description: errorMessage(error), variant: 'destructive' }),
    })
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="ghost" size="sm" disabled={withdraw.isPending}>
          <Undo2Icon aria-hidden />
          Withdraw
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Withdraw this endorsement?</AlertDialogTitle>
          <AlertDialogDescription>
            It disappears from their profile and stops counting towards their reputation, skills and medals.
            You can endorse them again later.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={confirm}>
            Withdraw
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
