import type { TMessageStatus } from '@vouched/shared/messaging'
import { CheckCheckIcon, CheckIcon } from 'lucide-react'
import { cn } from '../../../lib/cn'

const LABELS: Record<TMessageStatus, string> = { sent: 'Sent', delivered: 'Delivered', read: 'Read' }

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
  const Icon = status === 'sent' ? CheckIcon : CheckCheckIcon
  return (
    <span
      className={cn('inline-flex items-center gap-1', status === 'read' && 'text-primary', className)}
      data-status={status}
      title={LABELS[status]}
    >
      <Icon className="size-3.5" aria-hidden />
      {showLabel ? <span>{LABELS[status]}</span> : <span className="sr-only">{LABELS[status]}</span>}
    </span>
  )
}
