import { useInfiniteQuery } from '@tanstack/react-query'
import type { TFediversePost } from '@vouched/shared/fediverse-following'
import { BadgeCheckIcon, GlobeIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { UserAvatar } from '../../../components/ui/avatar'
import { Button } from '../../../components/ui/button'
import { Skeleton } from '../../../components/ui/skeleton'
import { errorMessage } from '../../../lib/api-client'
import { formatRelativeTime } from '../../../lib/time'
import { fediverseFeedQuery } from '../fediverse-feed.api'

/**
 * "From the fediverse" on home (issue 30): what the remote accounts the member follows post, newest
 * first, vouches from other Vouched servers marked. Remote text is shown as text, never as HTML.
 */
export function FediverseFeedSection() {
  const { t } = useTranslation('fediverse-feed')
  const feed = useInfiniteQuery(fediverseFeedQuery())
  const items = feed.data?.pages.flatMap((page) => page.items) ?? []
  return (
    <section aria-labelledby="fediverse-feed-heading" className="grid gap-3">
      <h2 id="fediverse-feed-heading" className="flex items-center gap-2 text-lg font-semibold">
        <GlobeIcon className="size-5 text-primary" aria-hidden />
        {t('title')}
      </h2>
      {feed.isPending ? (
        <div aria-busy="true" aria-label={t('loading')} className="grid gap-3">
          <Skeleton className="h-20 w-full" />
        </div>
      ) : feed.isError ? (
        <p className="text-sm text-destructive" role="alert">
          {errorMessage(feed.error)}
        </p>
      ) : items.length === 0 ? (
        <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">{t('empty')}</p>
      ) : (
        <ul className="grid gap-3">
          {items.map((post) => (
            <li key={post.id}>
              <FediversePost post={post} />
            </li>
          ))}
        </ul>
      )}
      {feed.hasNextPage ? (
        <Button
          variant="outline"
          className="justify-self-start"
          disabled={feed.isFetchingNextPage}
          onClick={() => void feed.fetchNextPage()}
        >
          {t('more')}
        </Button>
      ) : null}
    </section>
  )
}

function FediversePost({ post }: { post: TFediversePost }) {
  const { t } = useTranslation('fediverse-feed')
  const name = post.author.name ?? post.author.handle
  return (
    <article className="grid gap-2 rounded-lg border bg-card p-4 shadow-xs">
      <header className="flex min-w-0 items-center gap-2.5">
        <UserAvatar
          src={post.author.avatarUrl}
          fullName={name}
          username={post.author.handle}
          className="size-9"
          aria-hidden
        />
        <div className="flex min-w-0 flex-1 flex-col">
          {post.author.url ? (
            <a
              href={post.author.url}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="truncate font-medium underline-offset-4 hover:underline"
            >
              {name}
            </a>
          ) : (
            <span className="truncate font-medium">{name}</span>
          )}
          <span className="truncate text-xs text-muted-foreground">{post.author.handle}</span>
        </div>
        {post.isVouch ? (
          <span className="inline-flex shrink-0 items-center gap-1 rounded-full bg-success/10 px-2 py-0.5 text-xs font-medium text-success">
            <BadgeCheckIcon className="size-3.5" aria-hidden />
            {t('vouch')}
          </span>
        ) : null}
      </header>
      <p className="text-sm break-words whitespace-pre-line">{post.text}</p>
      <footer className="text-xs text-muted-foreground">
        {post.url ? (
          <a
            href={post.url}
            target="_blank"
            rel="noopener noreferrer nofollow"
            className="underline-offset-4 hover:underline"
          >
            <time dateTime={post.published}>{formatRelativeTime(post.published)}</time>
            <span className="sr-only"> {t('openOriginal')}</span>
          </a>
        ) : (
          <time dateTime={post.published}>{formatRelativeTime(post.published)}</time>
        )}
      </footer>
    </article>
  )
}
