import type { TComment, TEndorsement } from '@vouched/shared/endorsements'
import { REVIEW_MESSAGES } from '@vouched/shared/endorsement-review'
import { ENDORSEMENT_MESSAGES, relationshipLine } from '@vouched/shared/endorsements.constants'
import { formatMultiplier } from '../../../lib/numbers'
import {
  BadgeCheckIcon,
  FileTextIcon,
  HeartIcon,
  ImageIcon,
  MessageCircleIcon,
  UserRoundIcon,
} from 'lucide-react'
import { lazy, Suspense, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { UserAvatar } from '../../../components/ui/avatar'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { useCurrentUser } from '../../../lib/session'
import { formatRelativeTime } from '../../../lib/time'
import { useToggleLike } from '../endorsements.api'
import { useSharedText } from '../../../lib/i18n/shared-text'

// The thread (with its comment form: react-hook-form, zod) is fetched when one is first opened.
const EndorsementComments = lazy(() =>
  import('./endorsement-comments').then((module) => ({ default: module.EndorsementComments })),
)

/**
 * One endorsement (SPEC.md §2): the endorser or 'Anonymous', category, note, hashtags, attachment,
 * engagement weight ('1.8x'), verified mark, likes and expandable comments.
 */
export function EndorsementCard({
  endorsement: e,
  actions,
  renderCommentActions,
  defaultShowComments = false,
}: {
  endorsement: TEndorsement
  /** Opens the comment thread from the start (the endorsement's own page). */
  defaultShowComments?: boolean
  /** Buttons the page adds at the end of the footer (report, hide). */
  actions?: ReactNode
  /** Buttons the page adds to each comment (report). */
  renderCommentActions?: (comment: TComment) => ReactNode
}) {
  const sharedText = useSharedText()
  const { t } = useTranslation('endorsements')
  const [showComments, setShowComments] = useState(defaultShowComments)
  const { user } = useCurrentUser()
  const endorserName = e.fromUsername ? e.fromFullName || e.fromUsername : t('card.anonymous')
  // The shared labels joined with ' · ', each in the app's language.
  const relation = relationshipLine(e.relationship, e.level)?.split(' · ').map(sharedText).join(' · ') ?? null

  const toggleComments = () => {
    if (!user) {
      toast({
        title: sharedText(ENDORSEMENT_MESSAGES.authRequired),
        description: sharedText(ENDORSEMENT_MESSAGES.loginToComment),
        variant: 'destructive',
      })
      return
    }
    setShowComments((open) => !open)
  }

  return (
    <article
      className={cn(
        'grid grid-cols-1 gap-3 rounded-xl border bg-card p-4',
        e.isHidden && 'border-dashed opacity-75',
      )}
      aria-label={t('card.ariaLabel', { name: endorserName })}
    >
      <header className="flex items-start gap-3">
        {e.fromUsername ? (
          <UserAvatar
            src={e.fromProfilePicture}
            fullName={e.fromFullName}
            username={e.fromUsername}
            className="size-10"
          />
        ) : (
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-muted text-muted-foreground">
            <UserRoundIcon className="size-5" aria-hidden />
          </span>
        )}
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
            {e.fromUsername ? (
              <Link
                to={`/profile/${e.fromUsername}`}
                className="font-medium [overflow-wrap:anywhere] hover:underline"
              >
                {endorserName}
              </Link>
            ) : (
              <span className="font-medium">{t('card.anonymous')}</span>
            )}
            {e.verified ? (
              <span
                className="inline-flex items-center gap-1 text-xs text-success"
                title={t('card.verifiedTitle')}
              >
                <BadgeCheckIcon className="size-4" aria-hidden />
                <span className="sr-only sm:not-sr-only">{t('card.verified')}</span>
              </span>
            ) : null}
            {e.isAnonymous && e.fromUsername ? (
              <Badge variant="secondary">{t('card.anonymous')}</Badge>
            ) : null}
            {e.isPending ? (
              <Badge variant="outline" title={t('card.pendingTitle')}>
                {sharedText(REVIEW_MESSAGES.awaitingApproval)}
              </Badge>
            ) : null}
            {e.isHidden ? (
              <Badge variant="outline" title={t('card.hiddenTitle')}>
                {t('card.hidden')}
              </Badge>
            ) : null}
          </div>
          <p className="text-xs text-muted-foreground">{formatRelativeTime(e.createdAt)}</p>
          {relation ? <p className="text-sm text-muted-foreground">{relation}</p> : null}
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1">
          <Badge variant="accent">{sharedText(e.category)}</Badge>
          <span className="text-xs font-semibold text-primary" title={t('card.weightTitle')}>
            <span className="sr-only">{t('card.weightSr')}</span>
            {formatMultiplier(e.engagementWeight)}
          </span>
        </div>
      </header>

      {e.note ? <p className="text-sm leading-relaxed break-words whitespace-pre-line">{e.note}</p> : null}

      {e.hashtags.length > 0 ? (
        <ul className="flex flex-wrap gap-1.5" aria-label={t('card.hashtags')}>
          {e.hashtags.map((tag) => (
            <li key={tag}>
              <Link
                to={`/discover?tag=${encodeURIComponent(tag)}`}
                className="rounded-full bg-secondary px-2 py-0.5 text-xs font-medium text-secondary-foreground hover:bg-accent hover:text-accent-foreground"
              >
                #{tag}
              </Link>
            </li>
          ))}
        </ul>
      ) : null}

      {e.contentUrl ? (
        <a
          href={e.contentUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex w-fit items-center gap-1.5 rounded-md border px-2.5 py-1 text-sm text-primary hover:bg-muted"
        >
          {e.contentType === 'application/pdf' ? (
            <FileTextIcon className="size-4" aria-hidden />
          ) : (
            <ImageIcon className="size-4" aria-hidden />
          )}
          {t('card.viewAttachment')}
        </a>
      ) : null}

      {/* Wraps on phones: like, comments, edit and withdraw are wider than 320 px in one row. */}
      <footer className="flex flex-wrap items-center gap-1 border-t pt-2">
        {/* Nobody likes or comments on one that waits for approval: it is not shown yet. */}
        {e.isPending ? null : <LikeButton endorsement={e} />}
        {e.isPending ? null : (
          <Button variant="ghost" size="sm" onClick={toggleComments} aria-expanded={showComments}>
            <MessageCircleIcon aria-hidden />
            {/* Named by its text, "2 Comments", on phones too (where the word is hidden): the name
                starts with what a speech user sees (WCAG 2.5.3); aria-expanded says open or shut. */}
            {e.commentCount}{' '}
            <span className="sr-only sm:not-sr-only">{t('card.comments', { count: e.commentCount })}</span>
          </Button>
        )}
        {actions ? <div className="ml-auto flex flex-wrap items-center gap-1">{actions}</div> : null}
      </footer>

      {showComments ? (
        <Suspense fallback={<CommentsLoading />}>
          <EndorsementComments vouchId={e.id} renderActions={renderCommentActions} />
        </Suspense>
      ) : null}
    </article>
  )
}

function LikeButton({ endorsement: e }: { endorsement: TEndorsement }) {
  const sharedText = useSharedText()
  const { user } = useCurrentUser()
  const { t } = useTranslation('endorsements')
  const toggle = useToggleLike(e.id)
  const onClick = () => {
    // Not `disabled` while the request runs: disabling the focused button would drop focus to <body>.
    if (toggle.isPending) return
    if (!user) {
      toast({
        title: sharedText(ENDORSEMENT_MESSAGES.authRequired),
        description: sharedText(ENDORSEMENT_MESSAGES.loginToLike),
        variant: 'destructive',
      })
      return
    }
    const like = !e.hasLiked
    toggle.mutate(like, {
      onError: (error) =>
        toast({
          title: like
            ? sharedText(ENDORSEMENT_MESSAGES.likeFailed)
            : sharedText(ENDORSEMENT_MESSAGES.unlikeFailed),
          description: errorMessage(error),
          variant: 'destructive',
        }),
    })
  }
  return (
    <Button
      variant="ghost"
      size="sm"
      onClick={onClick}
      aria-disabled={toggle.isPending || undefined}
      aria-pressed={e.hasLiked}
      className={cn(e.hasLiked && 'text-destructive hover:text-destructive')}
    >
      <HeartIcon className={cn(e.hasLiked && 'fill-current')} aria-hidden />
      {/* Named by its text, "2 Likes", as the comments button is; aria-pressed says whether I like it. */}
      {e.likeCount} <span className="sr-only sm:not-sr-only">{t('card.likes', { count: e.likeCount })}</span>
    </Button>
  )
}

function CommentsLoading() {
  const { t } = useTranslation('endorsements')
  return (
    <div className="grid gap-2 border-t pt-3" aria-label={t('card.loadingComments')}>
      <Skeleton className="h-10 w-full" />
      <Skeleton className="h-10 w-2/3" />
    </div>
  )
}
