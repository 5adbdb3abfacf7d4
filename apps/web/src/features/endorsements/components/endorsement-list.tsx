import { useInfiniteQuery } from '@tanstack/react-query'
import type { TComment, TEndorsement, TVouchesPage } from '@vouched/shared/endorsements'
import { VOUCH_FILTERS, type TVouchFilter } from '@vouched/shared/endorsements.constants'
import { Loader2Icon } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { Skeleton } from '../../../components/ui/skeleton'
import { cn } from '../../../lib/cn'
import { endorsementsListQuery } from '../endorsements.api'
import type { EndorsementTarget } from './create-endorsement-dialog'
import { EndorseButton } from './endorse-button'
import { EndorsementCard } from './endorsement-card'

type Props = {
  username: string
  /** The profile response's first page, shown at once for the All filter. */
  initialPage?: TVouchesPage
  /** The member to endorse; absent on one's own profile (no Endorse button there). */
  endorseTarget?: EndorsementTarget
  /** Texts when the member has received nothing at all. */
  emptyText: string
  /** What to do about an empty list (a link the page composes), under emptyText. */
  emptyAction?: ReactNode
  /** Text when the filter leaves nothing. */
  noMatchText: string
  /** Extra buttons in each card's footer, composed by the page (report, hide). */
  renderActions?: (endorsement: TEndorsement) => ReactNode
  /** Extra buttons on each comment of an expanded thread, composed by the page (report). */
  renderCommentActions?: (comment: TComment) => ReactNode
}

/** Recent Endorsements (SPEC.md §2): All / Public / Anonymous filter, cards and Load More. */
export function EndorsementList({
  username,
  initialPage,
  endorseTarget,
  emptyText,
  emptyAction,
  noMatchText,
  renderActions,
  renderCommentActions,
}: Props) {
  const { t } = useTranslation('endorsements')
  const [filter, setFilter] = useState<TVouchFilter>('all')
  const list = useInfiniteQuery({
    ...endorsementsListQuery(username, filter),
    ...(filter === 'all' && initialPage ? { initialData: { pages: [initialPage], pageParams: [null] } } : {}),
  })
  const vouches = list.data?.pages.flatMap((page) => page.vouches) ?? []

  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-center justify-between gap-3 space-y-0">
        <CardTitle as="h2">{t('list.title')}</CardTitle>
        <div className="flex items-center gap-2">
          <div
            role="group"
            aria-label={t('list.filterLabel')}
            className="inline-flex rounded-lg bg-muted p-0.5"
          >
            {VOUCH_FILTERS.map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={filter === value}
                onClick={() => setFilter(value)}
                className={cn(
                  'rounded-md px-3 py-1 text-sm font-medium text-muted-foreground transition-colors',
                  filter === value && 'bg-card text-foreground shadow-sm',
                )}
              >
                {t(`list.filters.${value}`)}
              </button>
            ))}
          </div>
          {endorseTarget ? <EndorseButton target={endorseTarget} size="sm" shortcut /> : null}
        </div>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3">
        {list.isPending ? (
          <div className="grid gap-3" aria-label={t('list.loading')}>
            <Skeleton className="h-28 w-full" />
            <Skeleton className="h-28 w-full" />
          </div>
        ) : list.isError ? (
          <p className="text-sm text-destructive">{t('list.loadFailed')}</p>
        ) : vouches.length === 0 ? (
          <div className="flex flex-col items-center gap-3 py-6 text-center">
            <p className="text-sm text-muted-foreground">{filter === 'all' ? emptyText : noMatchText}</p>
            {filter === 'all' ? emptyAction : null}
          </div>
        ) : (
          <>
            {vouches.map((endorsement) => (
              <EndorsementCard
                key={endorsement.id}
                endorsement={endorsement}
                actions={renderActions?.(endorsement)}
                renderCommentActions={renderCommentActions}
              />
            ))}
            {list.hasNextPage ? (
              <Button
                variant="outline"
                className="justify-self-center"
                onClick={() => void list.fetchNextPage()}
                disabled={list.isFetchingNextPage}
              >
                {list.isFetchingNextPage ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
                {list.isFetchingNextPage ? t('list.loadingMore') : t('list.loadMore')}
              </Button>
            ) : null}
          </>
        )}
      </CardContent>
    </Card>
  )
}
