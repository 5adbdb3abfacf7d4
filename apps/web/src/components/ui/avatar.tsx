import { Avatar as AvatarPrimitive } from 'radix-ui'
import type { ComponentProps } from 'react'
import { useTranslation } from 'react-i18next'
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
  /**
   * Draw the initials (CSS) instead of writing them: for an avatar inside a control named otherwise
   * ("Open user menu"), whose name must contain any text it shows (WCAG 2.5.3).
   */
  drawnInitials?: boolean
}

/** A member's picture with the initials fallback of SPEC.md (name initials, else username letter, else 'U'). */
export function UserAvatar({
  src,
  fullName,
  username,
  drawnInitials = false,
  className,
  ...props
}: UserAvatarProps) {
  const { t } = useTranslation('common')
  const label = fullName || username || t('avatar.user')
  return (
    <Avatar className={className} {...props}>
      {src ? <AvatarImage src={src} alt={label} /> : null}
      {drawnInitials ? (
        <AvatarFallback
          aria-hidden
          data-initials={initials(fullName, username)}
          delayMs={src ? 300 : undefined}
          className="before:content-[attr(data-initials)]"
        />
      ) : (
        // Initials are the member's name, not the app's text: translation tools (and the pseudo-locale
        // test) leave them alone.
        <AvatarFallback aria-label={label} delayMs={src ? 300 : undefined} translate="no">
          {initials(fullName, username)}
        </AvatarFallback>
      )}
    </Avatar>
  )
}
