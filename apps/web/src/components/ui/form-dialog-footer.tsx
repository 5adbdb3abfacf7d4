import { Loader2Icon } from 'lucide-react'
import type { ComponentProps, ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from './button'
import { DialogFooter } from './dialog'

/** Cancel and submit of a dialog's form: while it sends, the submit button spins and cannot be pressed again. */
export function FormDialogFooter({
  onCancel,
  pending,
  disabled = false,
  variant,
  children,
}: {
  onCancel: () => void
  pending: boolean
  /** Also disables submitting when not pending (e.g. an upload still running). */
  disabled?: boolean
  variant?: ComponentProps<typeof Button>['variant']
  /** The submit button's label. */
  children: ReactNode
}) {
  const { t } = useTranslation('common')
  return (
    <DialogFooter>
      <Button type="button" variant="outline" onClick={onCancel}>
        {t('dialog.cancel')}
      </Button>
      <Button type="submit" variant={variant} disabled={pending || disabled}>
        {pending ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
        {children}
      </Button>
    </DialogFooter>
  )
}
