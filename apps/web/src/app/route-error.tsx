import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { useLocation } from 'react-router'
import { ErrorBoundary } from '../components/layout/error-boundary'
import { Button } from '../components/ui/button'

/** Last-resort screen for an error thrown while rendering a route (including a chunk that failed to load). */
export function RouteError({ error }: { error: unknown }) {
  const { t } = useTranslation('app')
  const chunkFailed =
    error instanceof Error && /dynamically imported module|Importing a module script/i.test(error.message)
  return (
    <div role="alert" className="flex min-h-dvh flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-2xl font-semibold">{t('routeError.title')}</h1>
      <p className="max-w-md text-sm text-muted-foreground">
        {chunkFailed ? t('routeError.newVersion') : t('routeError.failed')}
      </p>
      <Button onClick={() => window.location.reload()}>{t('routeError.refresh')}</Button>
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
