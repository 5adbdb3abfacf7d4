import { cn } from '../../../lib/cn'
import { badgeText } from '../../../lib/count-badge'

/** A count bubble that caps at '9+' like the notifications badge (SPEC.md §9). */
export function UnreadBadge({ count, className }: { count: number; className?: string }) {
  if (count <= 0) return null
  return (
    <span
      aria-hidden
      className={cn(
        'inline-flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[0.65rem] leading-none font-semibold text-destructive-foreground',
        className,
      )}
    >
      {badgeText(count)}
    </span>
  )
}
