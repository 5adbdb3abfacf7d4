import { Suspense, useState } from 'react'
import { Outlet } from 'react-router'
import { FullPageLoader } from '../components/layout/full-page-loader'
import { TopBarPlaceholder } from '../components/layout/top-bar-frame'
import { useCurrentUser } from '../lib/session'
import { ExpectMemberContext } from './expect-member'
import { lazy } from './lazy'

/** The signed-in bar with its menus and live counts: a chunk of its own, fetched once a member is known. */
export const SignedInTopBar = lazy(() => import('./signed-in-top-bar'))

/** Root layout of every route: the top bar (signed-in only), then the page. */
export function AppShell() {
  const [expectMember, setExpectMember] = useState(false)
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-card px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <MemberTopBar expectMember={expectMember} />
      <main id="main" className="flex flex-1 flex-col">
        <ExpectMemberContext value={setExpectMember}>
          <Suspense fallback={<FullPageLoader />}>
            <Outlet />
          </Suspense>
        </ExpectMemberContext>
      </main>
    </div>
  )
}

/** The bar for a member; its placeholder while a members-only page waits for the session. */
function MemberTopBar({ expectMember }: { expectMember: boolean }) {
  const { user } = useCurrentUser()
  if (!user) return user === undefined && expectMember ? <TopBarPlaceholder /> : null
  return (
    <Suspense fallback={<TopBarPlaceholder />}>
      <SignedInTopBar />
    </Suspense>
  )
}
