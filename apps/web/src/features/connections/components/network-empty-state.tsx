import { CompassIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'

/** What an empty My Network tab shows in place of its list. */
export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <p className="text-base font-semibold">{title}</p>
      {children}
    </Card>
  )
}

export function DiscoverUsersButton() {
  const { t } = useTranslation('connections')
  return (
    <Button asChild variant="outline">
      <Link to="/discover">
        <CompassIcon aria-hidden />
        {t('discoverUsers')}
      </Link>
    </Button>
  )
}
