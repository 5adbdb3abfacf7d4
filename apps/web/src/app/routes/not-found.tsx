import { CompassIcon, HomeIcon } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { Button } from '../../components/ui/button'
import { useDocumentTitle } from '../../lib/use-document-title'

/**
 * Any unknown path. SPEC.md's title is kept; its developer text is replaced by words for members with
 * two ways on (issue 23, docs/decisions/094-return-after-sign-in-and-404.md).
 */
export default function NotFoundPage() {
  useDocumentTitle('Page not found')
  const { pathname } = useLocation()
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-5 px-4 py-24 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
        <CompassIcon className="size-7" aria-hidden />
      </span>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">404 Page Not Found</h1>
      <div className="grid max-w-md gap-2 text-muted-foreground">
        <p>
          We couldn&apos;t find <span className="font-medium break-all text-foreground">{pathname}</span>. The
          link may be mistyped, or the page may have moved.
        </p>
        <p>Head back home, or find people to vouch for on Discover.</p>
      </div>
      <div className="flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/">
            <HomeIcon aria-hidden />
            Go to Homepage
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/discover">
            <CompassIcon aria-hidden />
            Discover people
          </Link>
        </Button>
      </div>
    </div>
  )
}
