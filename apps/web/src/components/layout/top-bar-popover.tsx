import type { LucideIcon } from 'lucide-react'
import { useId, type ReactNode } from 'react'
import { cn } from '../../lib/cn'
import { badgeText } from '../../lib/count-badge'
import { PHONE_QUERY, useMediaQuery } from '../../lib/use-media-query'
import { Button } from '../ui/button'
import { Popover, PopoverContent, PopoverTrigger } from '../ui/popover'
import { Sheet, SheetContent, SheetTitle, SheetTrigger } from '../ui/sheet'

type Props = {
  /** 'bar': icon button in the top bar; 'menu': full-width row in the mobile side menu. */
  placement?: 'bar' | 'menu'
  icon: LucideIcon
  /** The visible title: the heading inside, the menu row's text and the dialog's name. */
  title: string
  /** The trigger's name, which adds the count as the badge shows it, e.g. "Notifications, 3 unread". */
  label: string
  /** Shown as a red badge on the trigger when above 0, capped at '9+' (SPEC.md §9). */
  count: number
  /** Names the badge for tests, e.g. "notifications-badge". */
  badgeTestId: string
  open: boolean
  onOpenChange: (open: boolean) => void
  /** On phones, a full-height sheet from the right instead of a popover (a popover there shows too little). */
  phoneSheet?: boolean
  /** Size of the popover; the sheet always takes the whole height. */
  popoverClassName: string
  /** Beside the heading, e.g. "Mark all read" or "3 pending". */
  headerAction?: ReactNode
  /** Below the scrolling list, e.g. a "See all" link. */
  footer?: ReactNode
  /** The scrolling list, or its loading, error or empty message. */
  children: ReactNode
}

/**
 * The shell of a top-bar list (notifications, connection requests): the trigger with its count badge,
 * then a popover, or a sheet on phones, holding a titled header, a scrolling body and a footer.
 * Radix gives both the dialog role, Escape to close and focus back on the trigger.
 */
export function TopBarPopover({
  placement = 'bar',
  icon: Icon,
  title,
  label,
  count,
  badgeTestId,
  open,
  onOpenChange,
  phoneSheet = false,
  popoverClassName,
  headerAction,
  footer,
  children,
}: Props) {
  const phone = useMediaQuery(PHONE_QUERY)
  const headingId = useId()
  const trigger =
    placement === 'bar' ? (
      <Button variant="ghost" size="icon" className="relative" aria-label={label}>
        <Icon className="size-5" aria-hidden />
        <CountBadge count={count} testId={badgeTestId} className="absolute -top-0.5 -right-0.5" />
      </Button>
    ) : (
      <button
        type="button"
        aria-label={label}
        className="flex h-10 w-full items-center gap-3 rounded-md px-3 text-sm font-medium text-foreground transition-colors hover:bg-muted"
      >
        <Icon className="size-4" aria-hidden />
        {/* The space keeps the title and the count two words in the visible text, as in the name. */}
        {title} <CountBadge count={count} testId={badgeTestId} className="ml-auto" />
      </button>
    )
  const body = (
    <>
      <div className="min-h-0 flex-1 overflow-y-auto">{children}</div>
      {footer ? <div className="border-t p-1.5">{footer}</div> : null}
    </>
  )

  if (phoneSheet && phone) {
    return (
      <Sheet open={open} onOpenChange={onOpenChange}>
        <SheetTrigger asChild>{trigger}</SheetTrigger>
        <SheetContent
          side="right"
          aria-describedby={undefined}
          className="w-full max-w-none gap-0 p-0 sm:max-w-sm"
        >
          <Header action={headerAction} className="py-4 pr-12">
            <SheetTitle className="text-base">{title}</SheetTitle>
          </Header>
          {body}
        </SheetContent>
      </Sheet>
    )
  }
  return (
    <Popover open={open} onOpenChange={onOpenChange}>
      <PopoverTrigger asChild>{trigger}</PopoverTrigger>
      <PopoverContent
        align="end"
        className={cn('flex max-w-[calc(100vw-1rem)] flex-col p-0', popoverClassName)}
        aria-labelledby={headingId}
      >
        <Header action={headerAction}>
          <h2 id={headingId} className="text-sm font-semibold">
            {title}
          </h2>
        </Header>
        {body}
      </PopoverContent>
    </Popover>
  )
}

function Header({
  action,
  className,
  children,
}: {
  action: ReactNode
  className?: string
  children: ReactNode
}) {
  return (
    <div className={cn('flex items-center justify-between gap-2 border-b px-4 py-3', className)}>
      {children}
      {action}
    </div>
  )
}

/** A message in place of the list: loading, failed or empty. */
export function TopBarPopoverNote({
  tone = 'muted',
  children,
}: {
  tone?: 'muted' | 'error'
  children: ReactNode
}) {
  return (
    <p
      className={cn(
        'px-4 py-6 text-center text-sm',
        tone === 'error' ? 'text-destructive' : 'text-muted-foreground',
      )}
    >
      {children}
    </p>
  )
}

function CountBadge({ count, testId, className }: { count: number; testId: string; className: string }) {
  if (count <= 0) return null
  return (
    <span
      aria-hidden
      data-testid={testId}
      className={cn(
        'flex h-4.5 min-w-4.5 items-center justify-center rounded-full bg-destructive px-1 text-[0.65rem] leading-none font-semibold text-destructive-foreground',
        className,
      )}
    >
      {badgeText(count)}
    </span>
  )
}
