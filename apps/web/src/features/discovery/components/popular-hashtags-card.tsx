import { useTranslation } from 'react-i18next'
import { useQuery } from '@tanstack/react-query'
import { DISCOVERY_MESSAGES } from '@vouched/shared/discovery.constants'
import { HashIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Alert, AlertDescription } from '../../../components/ui/alert'
import { Card, CardContent, CardHeader, CardTitle } from '../../../components/ui/card'
import { Skeleton } from '../../../components/ui/skeleton'
import { popularHashtagsQuery } from '../discovery.api'
import { useSharedText } from '../../../lib/i18n/shared-text'

/** The home page's Popular Hashtags (SPEC.md §2): each tag with its count, linking to a hashtag search. */
export function PopularHashtagsCard() {
  const sharedText = useSharedText()
  const { t } = useTranslation('discovery')
  const hashtags = useQuery(popularHashtagsQuery())
  return (
    <Card>
      <CardHeader className="pb-3">
        <CardTitle as="h2" className="flex items-center gap-2 text-lg">
          <HashIcon className="size-5 text-primary" aria-hidden />
          {t('popularHashtags.title')}
        </CardTitle>
      </CardHeader>
      <CardContent>
        {hashtags.isError ? (
          <Alert variant="destructive" role="alert">
            <AlertDescription>{sharedText(DISCOVERY_MESSAGES.hashtagsError)}</AlertDescription>
          </Alert>
        ) : hashtags.isPending ? (
          <div aria-busy="true" aria-label={t('popularHashtags.loading')} className="grid gap-2">
            {Array.from({ length: 5 }, (_, i) => (
              <Skeleton key={i} className="h-8 w-full" />
            ))}
          </div>
        ) : hashtags.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{sharedText(DISCOVERY_MESSAGES.noHashtags)}</p>
        ) : (
          <ul className="grid grid-cols-1 gap-1">
            {hashtags.data.map((hashtag) => (
              <li key={hashtag.id}>
                <Link
                  to={`/discover?tag=${encodeURIComponent(hashtag.tag)}`}
                  className="flex min-w-0 items-center justify-between gap-3 rounded-md px-2 py-1.5 text-sm hover:bg-muted focus-visible:bg-muted"
                >
                  <span className="truncate font-medium">#{hashtag.tag}</span>
                  <span
                    className="rounded-full bg-accent px-2 py-0.5 text-xs font-medium text-accent-foreground tabular-nums"
                    aria-label={t('popularHashtags.count', { count: hashtag.count })}
                  >
                    {hashtag.count}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  )
}
