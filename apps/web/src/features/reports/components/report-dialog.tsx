import { useTranslation } from 'react-i18next'
import type { TReportTargetType } from '@vouched/shared/reports.constants'
import { FlagIcon } from 'lucide-react'
import { lazy, Suspense, useState } from 'react'
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

// The form (react-hook-form, zod) is fetched when a report dialog first opens: pages list many
// Report buttons and few are ever used.
const ReportForm = lazy(() => import('./report-form'))

type Props = {
  targetType: TReportTargetType
  targetId: number
  /** What the trigger and dialog name after 'Report', e.g. 'this endorsement', 'comment by Carol'. */
  subject: string
  /**
   * 'button' shows the word Report (hidden on phones when small); 'icon' is a small muted flag for
   * items that repeat down a list (comments, messages), so reporting stays at hand without crowding them.
   */
  trigger?: 'button' | 'icon'
  size?: 'sm' | 'default'
  variant?: 'ghost' | 'outline'
}

/** Report a profile, endorsement, comment or message to the admins with a reason (1–1000 characters). */
export function ReportDialog({
  targetType,
  targetId,
  subject,
  trigger = 'button',
  size = 'sm',
  variant = 'ghost',
}: Props) {
  const { t } = useTranslation('reports')
  const [open, setOpen] = useState(false)
  const label = t('dialog.label', { subject })
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        {trigger === 'icon' ? (
          <Button
            variant="ghost"
            size="icon"
            className="size-6 text-muted-foreground hover:text-destructive"
            aria-label={label}
            title={t('dialog.trigger')}
          >
            <FlagIcon className="size-3.5" aria-hidden />
          </Button>
        ) : (
          <Button variant={variant} size={size} aria-label={label}>
            <FlagIcon aria-hidden />
            <span className={size === 'sm' ? 'hidden sm:inline' : undefined}>{t('dialog.trigger')}</span>
          </Button>
        )}
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{label}</DialogTitle>
          <DialogDescription>{t(`dialog.description.${targetType}`)}</DialogDescription>
        </DialogHeader>
        {open ? (
          <Suspense fallback={<DialogLoading />}>
            <ReportForm targetType={targetType} targetId={targetId} onDone={() => setOpen(false)} />
          </Suspense>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
