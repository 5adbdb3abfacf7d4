import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet, useLocation } from 'react-router'
import { FullPageLoader } from '../components/layout/full-page-loader'
import { TopBarPlaceholder } from '../components/layout/top-bar-frame'
import { useCurrentUser } from '../lib/session'
import { lazy } from './lazy'

/** The signed-in bar with its menus and live counts: a chunk of its own, fetched once a member is known. */
export const SignedInTopBar = lazy(() => import('./signed-in-top-bar'))

/**
 * Root layout of every route: the top bar (signed-in only), then the page. `isMembersPage` (the
 * router's) tells whether a path's guard admits members only: while such a page waits for the
 * session, a signed-in bar is about to show, so its place is kept from the first paint and the page
 * does not move down when the bar arrives (layout shift).
 */
export function AppShell({ isMembersPage }: { isMembersPage: (pathname: string) => boolean }) {
  const { pathname } = useLocation()
  const { t } = useTranslation('app')
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-card px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t('appShell.skipToContent')}
      </a>
      <MemberTopBar expectMember={isMembersPage(pathname)} />
      <main id="main" className="flex flex-1 flex-col">
        <Suspense fallback={<FullPageLoader />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  )
}

/** The bar for a member; its placeholder while a members-only page waits for the session. */
function MemberTopBar({ expectMember }: { expectMember: boolean }) {
  const { user, isError } = useCurrentUser()
  // A failed session lookup shows the guard's error, with no bar.
  if (!user) return user === undefined && !isError && expectMember ? <TopBarPlaceholder /> : null
  return (
    <Suspense fallback={<TopBarPlaceholder />}>
      <SignedInTopBar />
    </Suspense>
  )
}
