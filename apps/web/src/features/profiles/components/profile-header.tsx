import { useTranslation } from 'react-i18next'
import type { TMedal } from '@vouched/shared/endorsements'
import type { TProfileUser } from '@vouched/shared/profiles'
import { AwardIcon, BadgeCheckIcon, BriefcaseIcon, EllipsisIcon, MapPinIcon, Share2Icon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { UserAvatar } from '../../../components/ui/avatar'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { formatScore } from '../../../lib/numbers'
import { Popover, PopoverContent, PopoverTrigger } from '../../../components/ui/popover'
import { PHONE_QUERY, useMediaQuery } from '../../../lib/use-media-query'
import { ChangePictureDialog } from './change-picture-dialog'
import { EditProfileDialog } from './edit-profile-dialog'
import { MedalList } from './medal-list'

type Props = {
  user: TProfileUser
  reputationScore: number
  isOwn: boolean
  /** What a visitor of another member's profile does most (Endorse, Connect, Message): always in sight. */
  actions?: ReactNode
  /**
   * Less used actions (Report, Block): beside the others from `sm` up, in a "More" menu on phones,
   * where a row of buttons would wrap under the header. Called with where they are drawn.
   */
  moreActions?: (placement: 'inline' | 'menu') => ReactNode
  /** What each medal carries besides its name (its "Verifiable" chip), composed by the page. */
  medalAction?: (medal: TMedal) => ReactNode
}

/**
 * The top of a profile (SPEC.md §2): avatar with initials fallback, name, verified mark, title, location,
 * reputation, medals, Share Badge, and the owner's picture and profile tools.
 */
export function ProfileHeader({ user, reputationScore, isOwn, actions, moreActions, medalAction }: Props) {
  const name = user.fullName || user.username
  const { t } = useTranslation('profiles')
  const isPhone = useMediaQuery(PHONE_QUERY)
  const shareBadge = (inMenu = false) => (
    <Button asChild variant={inMenu ? 'ghost' : 'outline'} size={inMenu ? 'default' : 'sm'}>
      <Link to={`/share-badge/${user.username}`}>
        <Share2Icon aria-hidden />
        {t('header.shareBadge')}
      </Link>
    </Button>
  )
  return (
    <Card className="overflow-hidden">
      <div className="h-20 bg-(image:--brand-gradient) opacity-90 sm:h-24" aria-hidden />
      <div className="flex flex-col gap-4 px-4 pb-5 sm:px-6 md:flex-row md:items-end">
        <div className="relative -mt-12 w-fit shrink-0 sm:-mt-14">
          <UserAvatar
            src={user.profilePicture}
            fullName={user.fullName}
            username={user.username}
            className="size-24 border-4 border-card text-2xl shadow-sm sm:size-28 sm:text-3xl"
          />
          {isOwn ? <ChangePictureDialog user={user} /> : null}
        </div>
        <div className="grid min-w-0 flex-1 gap-1">
          <div className="flex items-center gap-2">
            <h1 className="truncate text-2xl font-semibold tracking-tight">{name}</h1>
            {user.isVerified ? (
              <BadgeCheckIcon
                className="size-6 shrink-0 text-success"
                aria-label={t('header.verified')}
                role="img"
              />
            ) : null}
          </div>
          <p className="text-sm text-muted-foreground">@{user.username}</p>
          <div className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-muted-foreground">
            {user.title ? (
              <span className="inline-flex items-center gap-1.5">
                <BriefcaseIcon className="size-4" aria-hidden />
                {user.title}
              </span>
            ) : null}
            {user.location ? (
              <span className="inline-flex items-center gap-1.5">
                <MapPinIcon className="size-4" aria-hidden />
                {user.location}
              </span>
            ) : null}
          </div>
          <MedalList medals={user.medals} className="mt-1" renderAction={medalAction} />
        </div>
        <div className="flex flex-col gap-3 md:items-end">
          <div className="flex items-center gap-2 md:flex-col md:items-end md:gap-0">
            <span className="inline-flex items-center gap-1.5 text-xs font-medium tracking-wide text-muted-foreground uppercase">
              <AwardIcon className="size-4 text-primary" aria-hidden />
              {t('header.reputation')}
            </span>
            <span className="text-3xl font-bold text-primary tabular-nums" data-testid="reputation-score">
              {formatScore(reputationScore)}
            </span>
          </div>
          {isOwn ? (
            <div className="flex flex-wrap gap-2">
              {shareBadge()}
              <EditProfileDialog user={user} />
            </div>
          ) : isPhone ? (
            <div className="flex flex-wrap gap-2">
              {actions}
              <MoreMenu>
                {shareBadge(true)}
                {moreActions?.('menu')}
              </MoreMenu>
            </div>
          ) : (
            <div className="flex flex-wrap gap-2 md:justify-end">
              {actions}
              {shareBadge()}
              {moreActions?.('inline')}
            </div>
          )}
        </div>
      </div>
    </Card>
  )
}

/**
 * A phone's "More" button: the secondary actions as a column. A popover rather than a menu, as its
 * items open dialogs of their own (Report, Block) that must outlive a menu closing on select.
 */
function MoreMenu({ children }: { children: ReactNode }) {
  const { t } = useTranslation('profiles')
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button variant="outline" size="sm" aria-label={t('header.moreActions')}>
          <EllipsisIcon aria-hidden />
          {t('header.more')}
        </Button>
      </PopoverTrigger>
      <PopoverContent
        align="end"
        aria-label={t('header.moreActions')}
        className="grid w-52 gap-1 p-1.5 [&_a]:w-full [&_a]:justify-start [&_button]:w-full [&_button]:justify-start"
      >
        {children}
      </PopoverContent>
    </Popover>
  )
}
