import { Avatar as AvatarPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'
import { cn } from '../../lib/cn'
import { initials } from '../../lib/initials'

export function Avatar({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Root>) {
  return (
    <AvatarPrimitive.Root
      data-slot="avatar"
      className={cn('relative flex size-9 shrink-0 overflow-hidden rounded-full', className)}
      {...props}
    />
  )
}

export function AvatarImage({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Image>) {
  return (
    <AvatarPrimitive.Image className={cn('aspect-square size-full object-cover', className)} {...props} />
  )
}

export function AvatarFallback({ className, ...props }: ComponentProps<typeof AvatarPrimitive.Fallback>) {
  return (
    <AvatarPrimitive.Fallback
      className={cn(
        'flex size-full items-center justify-center rounded-full bg-accent text-[0.8em] font-semibold text-accent-foreground select-none',
        className,
      )}
      {...props}
    />
  )
}

export type UserAvatarProps = Omit<ComponentProps<typeof AvatarPrimitive.Root>, 'children'> & {
  /** Profile picture URL; the initials show while it loads or when it fails. */
  src?: string | null
  fullName?: string | null
  username?: string | null
}

/** A member's picture with the initials fallback of SPEC.md (name initials, else username letter, else 'U'). */
export function UserAvatar({ src, fullName, username, className, ...props }: UserAvatarProps) {
  const label = fullName || username || 'User'
  return (
    <Avatar className={className} {...props}>
      {src ? <AvatarImage src={src} alt={label} /> : null}
      <AvatarFallback aria-label={label} delayMs={src ? 300 : undefined}>
        {initials(fullName, username)}
      </AvatarFallback>
    </Avatar>
  )
}
