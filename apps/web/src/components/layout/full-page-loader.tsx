import { Loader2Icon } from 'lucide-react'

/** Shown while the session or a page module loads. */
export function FullPageLoader({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[50vh] w-full items-center justify-center text-muted-foreground">
      <Loader2Icon className="size-6 animate-spin" aria-hidden />
      <span className="sr-only">{label}</span>
    </div>
  )
}
