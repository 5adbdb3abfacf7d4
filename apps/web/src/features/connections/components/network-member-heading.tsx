import type { TConnection, TConnectionUser } from '@vouched/shared/connections'
import { BadgeCheckIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { UserAvatar } from '../../../components/ui/avatar'
import { Badge } from '../../../components/ui/badge'

export const profilePath = (username: string) => `/profile/${encodeURIComponent(username)}`
export const displayName = (user: { fullName: string | null; username: string }) =>
  user.fullName || user.username

/** The top of a My Network card: picture, name, Verified, @username and what the tab adds below. */
export function MemberHeading({ user, extra }: { user: TConnectionUser | TConnection; extra?: ReactNode }) {
  const { t } = useTranslation('connections')
  return (
    <div className="flex min-w-0 items-start gap-3">
      <Link to={profilePath(user.username)} tabIndex={-1} aria-hidden className="shrink-0">
        <UserAvatar
          src={user.profilePicture}
          fullName={user.fullName}
          username={user.username}
          className="size-12"
        />
      </Link>
      <div className="flex min-w-0 flex-col gap-0.5">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <Link to={profilePath(user.username)} className="truncate font-semibold hover:underline">
            {displayName(user)}
          </Link>
          {user.isVerified ? (
            <Badge variant="success">
              <BadgeCheckIcon aria-hidden />
              {t('verified')}
            </Badge>
          ) : null}
        </div>
        <span className="truncate text-sm text-muted-foreground">@{user.username}</span>
        {extra}
      </div>
    </div>
  )
}
