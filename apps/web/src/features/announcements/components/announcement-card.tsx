import type { TAnnouncement } from '@vouched/shared/announcements'
import { PinIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { UserAvatar } from '../../../components/ui/avatar'
import { Badge } from '../../../components/ui/badge'
import { cn } from '../../../lib/cn'
import { formatRelativeTime } from '../../../lib/time'

type Props = {
  announcement: TAnnouncement
  /** Admin controls (pin, delete) shown beside the title. */
  actions?: ReactNode
  headingLevel?: 'h2' | 'h3' | 'h4'
  className?: string
}

/** One announcement: title, text, optional image, its author labelled '(Admin)' and its age. */
export function AnnouncementCard({ announcement, actions, headingLevel: Heading = 'h3', className }: Props) {
  const { t } = useTranslation('announcements')
  const author = announcement.adminFullName || announcement.adminUsername
  return (
    <article
      aria-labelledby={`announcement-${announcement.id}-title`}
      className={cn(
        'grid gap-3 rounded-lg border bg-card p-4',
        announcement.pinned && 'border-primary/40 bg-accent/30',
        className,
      )}
    >
      <header className="flex items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <div className="flex flex-wrap items-center gap-2">
            <Heading
              id={`announcement-${announcement.id}-title`}
              className="font-semibold break-words"
              translate="no"
            >
              {announcement.title}
            </Heading>
            {announcement.pinned ? (
              <Badge variant="accent">
                <PinIcon aria-hidden />
                {t('card.pinned')}
              </Badge>
            ) : null}
          </div>
          <p className="flex items-center gap-2 text-xs text-muted-foreground">
            <UserAvatar
              src={announcement.adminProfilePicture}
              fullName={announcement.adminFullName}
              username={announcement.adminUsername}
              className="size-5 text-[0.6rem]"
            />
            <span>
              <Trans
                t={t}
                i18nKey="card.author"
                values={{ author }}
                components={{ admin: <span className="font-medium text-foreground" /> }}
              />
            </span>
            <span aria-hidden>·</span>
            <time dateTime={announcement.createdAt}>{formatRelativeTime(announcement.createdAt)}</time>
          </p>
        </div>
        {actions ? <div className="flex shrink-0 items-center gap-1">{actions}</div> : null}
      </header>
      <p className="text-sm leading-relaxed break-words whitespace-pre-line" translate="no">
        {announcement.content}
      </p>
      {announcement.imageUrl ? (
        <img
          src={announcement.imageUrl}
          alt={t('card.imageAlt', { title: announcement.title })}
          loading="lazy"
          referrerPolicy="no-referrer"
          className="max-h-72 w-full rounded-md border object-cover"
        />
      ) : null}
    </article>
  )
}
