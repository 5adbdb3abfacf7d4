import { useTranslation } from 'react-i18next'
import type { TUserCard } from '@vouched/shared/discovery'
import { CARD_TOP_HASHTAGS, matchPercent } from '@vouched/shared/discovery.constants'
import { BadgeCheckIcon, StarIcon, ThumbsUpIcon } from 'lucide-react'
import { Link } from 'react-router'
import { UserAvatar } from '../../../components/ui/avatar'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { cn } from '../../../lib/cn'
import { formatScore } from '../../../lib/numbers'

/**
 * The grid every list of cards uses. Columns follow the width the list is given, not the window's: the
 * home page gives the list two thirds of the page, where three columns at 1280 px would be narrower than
 * a card's buttons. 17rem fits View Profile and Endorse side by side.
 */
export const USER_CARD_GRID = 'grid grid-cols-[repeat(auto-fill,minmax(min(100%,17rem),1fr))] gap-4'

export type UserCardProps = {
  card: TUserCard
  /** Opens the create-endorsement dialog for this member (the page owns the dialog). */
  onEndorse?: (card: TUserCard) => void
  /** The heading level of the member's name in the page outline. */
  headingLevel?: 'h2' | 'h3'
  className?: string
}

/**
 * A member in discovery (SPEC.md §2): picture, name linking to the profile, verified mark, title,
 * reputation, up to 2 top hashtags, and for multi-hashtag matches 'Matches x/y' with a percent.
 */
export function UserCard({ card, onEndorse, headingLevel: Heading = 'h3', className }: UserCardProps) {
  const { t } = useTranslation('discovery')
  const name = card.fullName || card.username
  const profile = `/profile/${encodeURIComponent(card.username)}`
  const tags = card.topHashtags.slice(0, CARD_TOP_HASHTAGS)
  const matched = card.matchedHashtags ?? []
  return (
    <Card
      className={cn('flex min-w-0 flex-col gap-3 p-4 transition-shadow hover:shadow-md', className)}
      data-testid="user-card"
    >
      <div className="flex min-w-0 items-start gap-3">
        <UserAvatar
          src={card.profilePicture}
          fullName={card.fullName}
          username={card.username}
          className="size-12"
        />
        <div className="min-w-0 flex-1">
          <Heading className="flex items-center gap-1 text-base leading-tight font-semibold">
            <Link to={profile} className="truncate hover:underline focus-visible:underline">
              {name}
            </Link>
            {card.isVerified ? (
              <BadgeCheckIcon
                className="size-4 shrink-0 text-success"
                aria-label={t('card.verified')}
                role="img"
              />
            ) : null}
          </Heading>
          <p className="truncate text-sm text-muted-foreground">@{card.username}</p>
          {card.title ? <p className="mt-0.5 truncate text-sm">{card.title}</p> : null}
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-1.5">
        <Badge variant="secondary" title={t('card.reputationTitle')}>
          <StarIcon aria-hidden />
          <span>
            {formatScore(card.reputationScore)}
            <span className="sr-only">{t('card.reputationSr')}</span>
          </span>
        </Badge>
        {card.matchCount > 1 ? (
          <>
            <Badge variant="accent">
              {t('card.matches', { matched: card.matchCount, total: card.totalHashtags })}
            </Badge>
            <Badge variant="success">{t('card.matchPercent', { percent: matchPercent(card) })}</Badge>
          </>
        ) : null}
      </div>

      {matched.length > 0 ? (
        <div className="grid gap-1">
          <p className="text-xs font-medium text-muted-foreground" id={`matched-${card.id}`}>
            {t('card.matched')}
          </p>
          <ul className="flex flex-wrap gap-1.5" aria-labelledby={`matched-${card.id}`}>
            {matched.map(({ tag, count }) => (
              <li key={tag} className="max-w-full min-w-0">
                <Badge variant="accent" className="max-w-full font-normal" title={`#${tag}`}>
                  <span className="truncate">#{tag}</span>
                  <span className="font-semibold tabular-nums">
                    {count}
                    <span className="sr-only">{t('card.endorsementsSr', { count })}</span>
                  </span>
                </Badge>
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {tags.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={t('card.topHashtags', { name })}>
          {tags.map((tag) => (
            <li key={tag} className="max-w-full min-w-0">
              <Badge
                variant="outline"
                className="max-w-full font-normal text-muted-foreground"
                title={`#${tag}`}
              >
                <span className="truncate">#{tag}</span>
              </Badge>
            </li>
          ))}
        </ul>
      ) : null}

      <div className="mt-auto flex flex-wrap gap-2 pt-1">
        <Button asChild variant="outline" size="sm" className="flex-1">
          <Link to={profile} aria-label={t('card.viewProfileLabel', { name })}>
            {t('card.viewProfile')}
          </Link>
        </Button>
        {onEndorse ? (
          <Button
            size="sm"
            className="flex-1"
            onClick={() => onEndorse(card)}
            aria-label={t('card.endorseLabel', { name })}
          >
            <ThumbsUpIcon aria-hidden />
            {t('card.endorse')}
          </Button>
        ) : null}
      </div>
    </Card>
  )
}

/** Placeholders shaped like cards while members load. */
export function UserCardSkeletons({ count = 6, label }: { count?: number; label: string }) {
  return (
    <div aria-busy="true" aria-label={label} className={USER_CARD_GRID}>
      {Array.from({ length: count }, (_, i) => (
        <Card key={i} className="h-44 animate-pulse bg-muted/40" />
      ))}
    </div>
  )
}
