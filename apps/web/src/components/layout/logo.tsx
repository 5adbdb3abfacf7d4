import { cn } from '../../lib/cn'

/*
 * The logo is drawn by the first render of every member's page (the top bar's placeholder, in a
 * synchronous re-render): without a className to merge, its classes are plain strings, which keeps
 * tailwind-merge's one-time set-up (about 10 ms) out of that task.
 */
const withClassName = (base: string, className: string | undefined) =>
  className ? cn(base, className) : base

/** The Vouched mark: a check in a rounded square, in the brand gradient. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <span
      aria-hidden
      className={withClassName(
        'inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-(image:--brand-gradient) text-primary-foreground shadow-sm',
        className,
      )}
    >
      <svg viewBox="0 0 24 24" className="size-[62%]" fill="none" stroke="currentColor" strokeWidth={3}>
        <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </span>
  )
}

export function Logo({ className }: { className?: string }) {
  return (
    <span className={withClassName('inline-flex items-center gap-2', className)}>
      <LogoMark />
      <span className="text-lg font-bold tracking-tight">Vouched</span>
    </span>
  )
}
