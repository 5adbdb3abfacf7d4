import { HandHeartIcon } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
import { Button, type ButtonProps } from '../../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog'
import { DialogLoading } from '../../../components/ui/dialog-loading'
import { REQUEST_TEXTS as T } from '../endorsement-requests.texts'

// The form (react-hook-form, zod) is fetched when the dialog first opens, not with the page.
const AskVouchForm = lazy(() => import('./ask-vouch-form'))

type Props = {
  target: { id: number; username: string; fullName?: string | null }
  size?: ButtonProps['size']
  variant?: ButtonProps['variant']
}

/** "Ask for a vouch" on a connection's profile and in My Network: a dialog asking for skills. */
export function AskVouchButton({ target, size, variant = 'outline' }: Props) {
  const [open, setOpen] = useState(false)
  const name = target.fullName || target.username
  return (
    <>
      <Button size={size} variant={variant} onClick={() => setOpen(true)} aria-label={T.askLabel(name)}>
        <HandHeartIcon aria-hidden />
        {T.ask}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-lg">
          <DialogHeader>
            <DialogTitle>{T.dialogTitle(name)}</DialogTitle>
            <DialogDescription>{T.dialogDescription(name)}</DialogDescription>
          </DialogHeader>
          {/* Mounted only while open, so every opening starts from a clean form. */}
          {open ? (
            <Suspense fallback={<DialogLoading />}>
              <AskVouchForm target={target} onDone={() => setOpen(false)} />
            </Suspense>
          ) : null}
        </DialogContent>
      </Dialog>
    </>
  )
}
