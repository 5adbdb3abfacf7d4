import { useTranslation } from 'react-i18next'
import type { TMessageStatus } from '@vouched/shared/messaging'
import { CheckCheckIcon, CheckIcon } from 'lucide-react'
import { cn } from '../../../lib/cn'

/** sent ✓, delivered ✓✓, read ✓✓ in colour; `showLabel` adds the word. */
export function MessageStatus({
  status,
  showLabel = false,
  className,
}: {
  status: TMessageStatus
  showLabel?: boolean
  className?: string
}) {
  const { t } = useTranslation('messaging')
  const Icon = status === 'sent' ? CheckIcon : CheckCheckIcon
  const label = t(`status.${status}`)
  return (
    <span
      className={cn('inline-flex items-center gap-1', status === 'read' && 'text-primary', className)}
      data-status={status}
      title={label}
    >
      <Icon className="size-3.5" aria-hidden />
      {showLabel ? <span>{label}</span> : <span className="sr-only">{label}</span>}
    </span>
  )
}
