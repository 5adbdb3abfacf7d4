import type { ReactNode } from 'react'
import { useLocation } from 'react-router'
import { ErrorBoundary } from '../components/layout/error-boundary'
import { Button } from '../components/ui/button'

/** Last-resort screen for an error thrown while rendering a route (including a chunk that failed to load). */
export function RouteError({ error }: { error: unknown }) {
  const chunkFailed =
    error instanceof Error && /dynamically imported module|Importing a module script/i.test(error.message)
  return (
    <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-semibold">Something went wrong</h1>
      <p className="max-w-md text-sm text-muted-foreground">
        {chunkFailed
          ? 'A new version of Vouched is available. Reload the page to continue.'
          : 'There was an error loading this page. Please try refreshing.'}
      </p>
      <Button onClick={() => window.location.reload()}>Refresh Page</Button>
    </div>
  )
}

/** Shows RouteError in place of the app when a route throws; going to another page tries again. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation()
  return (
    <ErrorBoundary resetKey={pathname} fallback={({ error }) => <RouteError error={error} />}>
      {children}
    </ErrorBoundary>
  )
}
