import type { ReactNode } from 'react'
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
  AlertDialogAction,
} from '../../../components/ui/alert-dialog'
import { CONNECTION_TEXTS as T } from '../connections.texts'

/** The confirmation of SPEC.md §2 before a connection is removed. */
export function RemoveConnectionDialog({
  name,
  onConfirm,
  children,
}: {
  name: string
  onConfirm: () => void
  /** The trigger (a button). */
  children: ReactNode
}) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>{children}</AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Remove connection</AlertDialogTitle>
          <AlertDialogDescription>{T.removeConfirm(name)}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={onConfirm}>
            Remove
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}
