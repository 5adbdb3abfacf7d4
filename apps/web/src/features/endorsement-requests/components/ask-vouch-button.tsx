import { useTranslation } from 'react-i18next'
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

// The form (react-hook-form, zod) is fetched when the dialog first opens, not with the page.
const AskVouchForm = lazy(() => import('./ask-vouch-form'))

type Props = {
  target: { id: number; username: string; fullName?: string | null }
  size?: ButtonProps['size']
  variant?: ButtonProps['variant']
}

/** "Ask for a vouch" on a connection's profile and in My Network: a dialog asking for skills. */
export function AskVouchButton({ target, size, variant = 'outline' }: Props) {
  const { t } = useTranslation('endorsement-requests')
  const [open, setOpen] = useState(false)
  const name = target.fullName || target.username
  return (
    <>
      <Button
        size={size}
        variant={variant}
        onClick={() => setOpen(true)}
        aria-label={t('askLabel', { name: name })}
      >
        <HandHeartIcon aria-hidden />
        {t('ask')}
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="sm:max-w-lg">
          <DialogHeader>
            <DialogTitle>{t('dialogTitle', { name: name })}</DialogTitle>
            <DialogDescription>{t('dialogDescription', { name: name })}</DialogDescription>
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
