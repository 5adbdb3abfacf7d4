import type { TCategory } from '@vouched/shared/endorsements.constants'
import { lazy, Suspense, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog'
import { DialogLoading } from '../../../components/ui/dialog-loading'

export type EndorsementTarget = { id: number; username: string; fullName?: string | null }

/** Starting values when the dialog answers something, e.g. a request to vouch (its skills and category). */
export type EndorsementPrefill = { category?: TCategory | null; hashtags?: string[] }

type Props = {
  target: EndorsementTarget
  open: boolean
  onOpenChange: (open: boolean) => void
  prefill?: EndorsementPrefill
  /** Shown under the description: what the dialog answers (a request's message). */
  context?: ReactNode
  /** Where focus goes when it closes, if not back to what had it when it opened (a picker between). */
  onCloseAutoFocus?: (event: Event) => void
}

// The form (react-hook-form, zod, select, switch, tag input) is fetched when a dialog first opens,
// so the pages that offer Endorse do not carry it on their first load.
const EndorsementForm = lazy(() => import('./endorsement-form'))

/**
 * Create endorsement (SPEC.md §2 dialogs, §5 rules): category (default Technical Skills), note, tags,
 * an attachment really uploaded first, and the anonymous switch. The target's profile refreshes after.
 */
export function CreateEndorsementDialog({
  target,
  open,
  onOpenChange,
  prefill,
  context,
  onCloseAutoFocus,
}: Props) {
  const { t } = useTranslation('endorsements')
  const name = target.fullName || target.username
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>{t('createDialog.title', { name })}</DialogTitle>
          <DialogDescription>{t('createDialog.description', { name })}</DialogDescription>
          {context}
        </DialogHeader>
        {/* Mounted only while open, so every opening starts from a clean form. */}
        {open ? (
          <Suspense fallback={<DialogLoading />}>
            <EndorsementForm target={target} prefill={prefill} onDone={() => onOpenChange(false)} />
          </Suspense>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
