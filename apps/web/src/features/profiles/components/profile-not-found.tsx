import { useTranslation } from 'react-i18next'
import { UserXIcon } from 'lucide-react'
import { Link } from 'react-router'
import { PROFILE_MESSAGES } from '@vouched/shared/profiles.constants'
import { Button } from '../../../components/ui/button'
import { useSharedText } from '../../../lib/i18n/shared-text'

/** Unknown or forbidden member (SPEC.md §2). */
export function ProfileNotFound() {
  const sharedText = useSharedText()
  const { t } = useTranslation('profiles')
  return (
    <div className="mx-auto flex max-w-md flex-col items-center gap-3 py-16 text-center">
      <UserXIcon className="size-12 text-muted-foreground" aria-hidden />
      <h1 className="text-2xl font-semibold tracking-tight">{sharedText(PROFILE_MESSAGES.notFoundTitle)}</h1>
      <p className="text-muted-foreground">{sharedText(PROFILE_MESSAGES.notFoundText)}</p>
      <Button asChild variant="outline" className="mt-2">
        <Link to="/discover">{t('notFound.discover')}</Link>
      </Button>
    </div>
  )
}
