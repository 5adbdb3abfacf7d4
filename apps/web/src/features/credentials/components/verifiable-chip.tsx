import { useTranslation } from 'react-i18next'
import { ShieldCheckIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Badge } from '../../../components/ui/badge'
import { cn } from '../../../lib/cn'
import { verifyPagePath, type TCredentialKind } from '../credentials.api'

/**
 * Whether an endorsement as a card shows it has a credential: exactly the named, shown and accepted
 * ones (the server issues none for anonymous, hidden, block-hidden or pending endorsements; a
 * block-hidden one reads as hidden to its receiver).
 */
export const hasCredential = (endorsement: {
  isAnonymous: boolean
  isHidden?: boolean
  isPending?: boolean
}) => !endorsement.isAnonymous && endorsement.isHidden !== true && endorsement.isPending !== true

/**
 * "Verifiable": the medal or endorsement is an Open Badges 3.0 credential signed by this site; the
 * chip opens /verify with it loaded and checked (docs/decisions/144). `what` finishes its accessible
 * name ("Verifiable: check the Gold medal in #Rust"); `compact` hides the word on phones.
 */
export function VerifiableChip({
  kind,
  id,
  what,
  compact = false,
  className,
}: {
  kind: TCredentialKind
  id: number
  what: string
  compact?: boolean
  className?: string
}) {
  const { t } = useTranslation('credentials')
  return (
    <Badge
      asChild
      variant="success"
      // Opaque: the chip sits on tinted medal chips too, where a see-through tint falls below 4.5:1.
      // Focus shows the app's one outline (decision 140).
      className={cn('bg-background hover:bg-success/20', className)}
    >
      {/* The name starts with the visible word (WCAG 2.5.3), whatever the browser makes of spacing. */}
      <Link
        to={verifyPagePath(kind, id)}
        aria-label={t('chip.label', { what })}
        title={t('chip.title', { what })}
      >
        <ShieldCheckIcon aria-hidden />
        <span className={cn(compact && 'sr-only sm:not-sr-only')}>{t('chip.text')}</span>
      </Link>
    </Badge>
  )
}
