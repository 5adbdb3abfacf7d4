import { useTranslation } from 'react-i18next'
import { Navigate, Outlet, useLocation, useSearchParams } from 'react-router'
import { FullPageLoader } from '../components/layout/full-page-loader'
import { Button } from '../components/ui/button'
import { safeNextPath, signInPath } from '../lib/next-path'
import { useCurrentUser } from '../lib/session'

/** Signed-in members only; visitors go to /auth (SPEC.md §2), which brings them back here afterwards. */
export function RequireMember() {
  const { user, isError, refetch } = useCurrentUser()
  const here = useHere()
  if (user === undefined) {
    return isError ? <SessionError onRetry={() => void refetch()} /> : <FullPageLoader />
  }
  if (!user) return <Navigate to={signInPath(here)} replace />
  return <Outlet />
}

/** Admins only; visitors go to /auth (and back here afterwards) and members to /. */
export function RequireAdmin() {
  const { user, isError, refetch } = useCurrentUser()
  const here = useHere()
  if (user === undefined) {
    return isError ? <SessionError onRetry={() => void refetch()} /> : <FullPageLoader />
  }
  if (!user) return <Navigate to={signInPath(here)} replace />
  if (!user.isAdmin) return <Navigate to="/" replace />
  return <Outlet />
}

/** Auth and password pages: signed-in members go to the page named by `?next=` (same site only), else /. */
export function PublicOnly() {
  const { user, isPending } = useCurrentUser()
  const [search] = useSearchParams()
  // When the session lookup fails outright, the sign-in forms are still the most useful thing to show.
  if (isPending) return <FullPageLoader />
  if (user) return <Navigate to={safeNextPath(search.get('next')) ?? '/'} replace />
  return <Outlet />
}

function useHere() {
  const { pathname, search, hash } = useLocation()
  return `${pathname}${search}${hash}`
}

function SessionError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation('app')
  return (
    <div
      role="alert"
      className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <h1 className="text-xl font-semibold">{t('sessionError.title')}</h1>
      <p className="max-w-sm text-sm text-muted-foreground">{t('sessionError.text')}</p>
      <Button onClick={onRetry}>{t('sessionError.retry')}</Button>
    </div>
  )
}
