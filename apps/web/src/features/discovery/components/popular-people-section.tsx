import { useTranslation } from 'react-i18next'
import { useQuery } from '@tanstack/react-query'
import type { TUserCard } from '@vouched/shared/discovery'
import { DISCOVERY_MESSAGES } from '@vouched/shared/discovery.constants'
import { ArrowRightIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Alert, AlertDescription } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { useCurrentUser } from '../../../lib/session'
import { popularMembersQuery } from '../discovery.api'
import { USER_CARD_GRID, UserCard, UserCardSkeletons } from './user-card'
import { useSharedText } from '../../../lib/i18n/shared-text'

/**
 * The home page's 'Discover People' grid (SPEC.md §2): popular members, never the viewer, the user
 * named admin or an admin (the server leaves them out; the viewer is dropped here too in case the
 * list was cached under another session).
 */
export function PopularPeopleSection({ onEndorse }: { onEndorse?: (card: TUserCard) => void }) {
  const sharedText = useSharedText()
  const { t } = useTranslation('discovery')
  const { user } = useCurrentUser()
  const members = useQuery(popularMembersQuery())
  const cards = (members.data ?? []).filter(
    (card) => card.id !== user?.id && card.username.toLowerCase() !== 'admin',
  )

  return (
    <section aria-labelledby="discover-people-heading" className="grid gap-4">
      <div className="flex items-center justify-between gap-4">
        <h2 id="discover-people-heading" className="text-lg font-semibold">
          {t('popularPeople.title')}
        </h2>
        <Button asChild variant="link" size="sm" className="px-0">
          <Link to="/discover">
            {t('popularPeople.viewAll')}
            <ArrowRightIcon aria-hidden />
          </Link>
        </Button>
      </div>
      {members.isError ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{sharedText(DISCOVERY_MESSAGES.usersError)}</AlertDescription>
        </Alert>
      ) : members.isPending ? (
        <UserCardSkeletons label={t('popularPeople.loading')} />
      ) : cards.length === 0 ? (
        <p className="rounded-xl border border-dashed p-6 text-center text-sm text-muted-foreground">
          {sharedText(DISCOVERY_MESSAGES.noUsers)}
        </p>
      ) : (
        <ul className={USER_CARD_GRID}>
          {cards.map((card) => (
            <li key={card.id} className="grid min-w-0">
              <UserCard card={card} onEndorse={onEndorse} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
