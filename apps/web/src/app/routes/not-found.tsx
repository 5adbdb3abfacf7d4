import { CompassIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Button } from '../../components/ui/button'
import { useDocumentTitle } from '../../lib/use-document-title'

export default function NotFoundPage() {
  useDocumentTitle('Page not found')
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-5 px-4 py-24 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-2xl bg-accent text-accent-foreground">
        <CompassIcon className="size-7" aria-hidden />
      </span>
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">404 Page Not Found</h1>
      <p className="max-w-md text-muted-foreground">Did you forget to add the page to the router?</p>
      <Button asChild variant="outline">
        <Link to="/">Go to Homepage</Link>
      </Button>
    </div>
  )
}
