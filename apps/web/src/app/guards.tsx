import { Navigate, Outlet } from 'react-router'
import { FullPageLoader } from '../components/layout/full-page-loader'
import { Button } from '../components/ui/button'
import { useCurrentUser } from '../lib/session'

/** Signed-in members only; visitors go to /auth (SPEC.md §2). */
export function RequireMember() {
  const { user, isError, refetch } = useCurrentUser()
  if (user === undefined) {
    return isError ? <SessionError onRetry={() => void refetch()} /> : <FullPageLoader />
  }
  if (!user) return <Navigate to="/auth" replace />
  return <Outlet />
}

/** Admins only; visitors go to /auth and members to /. */
export function RequireAdmin() {
  const { user, isError, refetch } = useCurrentUser()
  if (user === undefined) {
    return isError ? <SessionError onRetry={() => void refetch()} /> : <FullPageLoader />
  }
  if (!user) return <Navigate to="/auth" replace />
  if (!user.isAdmin) return <Navigate to="/" replace />
  return <Outlet />
}

/** Auth and password pages: signed-in members go to /. */
export function PublicOnly() {
  const { user, isPending } = useCurrentUser()
  // When the session lookup fails outright, the sign-in forms are still the most useful thing to show.
  if (isPending) return <FullPageLoader />
  if (user) return <Navigate to="/" replace />
  return <Outlet />
}

function SessionError({ onRetry }: { onRetry: () => void }) {
  return (
    <div
      role="alert"
      className="flex min-h-[60vh] flex-col items-center justify-center gap-4 px-4 text-center"
    >
      <h1 className="text-xl font-semibold">We couldn't reach Vouched</h1>
      <p className="max-w-sm text-sm text-muted-foreground">
        Check your connection and try again. Your data is safe.
      </p>
      <Button onClick={onRetry}>Try again</Button>
    </div>
  )
}
