import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'

/** The standard page width and padding under the top bar. */
export function PageContainer({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div className={cn('mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 lg:px-8 lg:py-8', className)} {...props} />
  )
}
