import type { QueryClient } from '@tanstack/react-query'
import { isValidElement } from 'react'
import { matchRoutes, useRoutes, type Params, type RouteObject } from 'react-router'
import { currentUserQuery } from '../lib/session'
import { AppShell, SignedInTopBar } from './app-shell'
import { PublicOnly, RequireAdmin, RequireMember } from './guards'
import { isPreloadable, lazy } from './lazy'
import { RouteErrorBoundary } from './route-error'
import { prefetch as prefetchHome } from './routes/home.data'
import { prefetch as prefetchProfile } from './routes/profile.data'
import { prefetch as prefetchTopBar } from './signed-in-top-bar.data'

/*
 * Every route of SPEC.md §2. Each page is its own chunk (lazy), loaded inside AppShell's Suspense;
 * the first page's chunk is fetched as the app starts (preloadRoute).
 * To add a page: create src/app/routes/<page>.tsx with a default export, add a lazy import below,
 * and put it under the guard that matches its access rule. A page that fetches on arrival can add
 * a routes/<page>.data.ts (see PageData) and name its prefetch in the route's handle.
 */
const HomePage = lazy(() => import('./routes/home'))
const AuthPage = lazy(() => import('./routes/auth'))
const ForgotPasswordPage = lazy(() => import('./routes/forgot-password'))
const ResetPasswordPage = lazy(() => import('./routes/reset-password'))
const ProfilePage = lazy(() => import('./routes/profile'))
const DiscoverPage = lazy(() => import('./routes/discover'))
const ConnectionsPage = lazy(() => import('./routes/connections'))
const ShareBadgePage = lazy(() => import('./routes/share-badge'))
const MessagesPage = lazy(() => import('./routes/messages'))
const SettingsPage = lazy(() => import('./routes/settings'))
const AdminPage = lazy(() => import('./routes/admin'))
const BadgePage = lazy(() => import('./routes/badge'))
const VerifyPage = lazy(() => import('./routes/verify'))
const NotificationsPage = lazy(() => import('./routes/notifications'))
const VouchPage = lazy(() => import('./routes/vouch'))
const EndorsementRequestsPage = lazy(() => import('./routes/endorsement-requests'))
const FediverseVouchPage = lazy(() => import('./routes/fediverse-vouch'))
const NotFoundPage = lazy(() => import('./routes/not-found'))

/**
 * What a page asks the server for on arrival, in a module of its own that imports only the page's
 * queries (a few hundred bytes each). It is part of the entry, so the router starts the requests
 * together with GET /api/user: the data waits for no chunk, not even a small one (on a slow network
 * every chunk fetched before a request costs it a round trip).
 */
export type PageData = (queryClient: QueryClient, params: Params) => void
type RouteHandle = { prefetch?: PageData }
const withData = (prefetch: PageData): RouteHandle => ({ prefetch })

export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <AppShell isMembersPage={isMembersPage} />
      </RouteErrorBoundary>
    ),
    children: [
      {
        // Signed-in members only.
        element: <RequireMember />,
        children: [
          { index: true, element: <HomePage />, handle: withData(prefetchHome) },
          {
            path: 'profile/:username',
            element: <ProfilePage />,
            handle: withData(prefetchProfile),
          },
          { path: 'discover', element: <DiscoverPage /> },
          { path: 'connections', element: <ConnectionsPage /> },
          { path: 'share-badge/:username', element: <ShareBadgePage /> },
          { path: 'messages', element: <MessagesPage /> },
          { path: 'messages/:conversationId', element: <MessagesPage /> },
          { path: 'settings', element: <SettingsPage /> },
          { path: 'notifications', element: <NotificationsPage /> },
          { path: 'vouches/:id', element: <VouchPage /> },
          { path: 'endorsement-requests', element: <EndorsementRequestsPage /> },
          { path: 'fediverse/vouch', element: <FediverseVouchPage /> },
        ],
      },
      {
        element: <RequireAdmin />,
        children: [{ path: 'admin', element: <AdminPage /> }],
      },
      {
        // Visitors only: signed-in members are sent to /.
        element: <PublicOnly />,
        children: [
          { path: 'auth', element: <AuthPage /> },
          { path: 'forgot-password', element: <ForgotPasswordPage /> },
          { path: 'reset-password', element: <ResetPasswordPage /> },
        ],
      },
      // Public to everyone.
      { path: 'badge/:username', element: <BadgePage /> },
      { path: 'verify', element: <VerifyPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]

/** Whether the page at `pathname` admits members only (its guard waits for the session first). */
function isMembersPage(pathname: string) {
  return (matchRoutes(routes, pathname) ?? []).some(({ route }) => isMembersGuard(route.element))
}

const isMembersGuard = (element: RouteObject['element']) =>
  isValidElement(element) && (element.type === RequireMember || element.type === RequireAdmin)

/**
 * Starts what the first screen needs together with GET /api/user, rather than once the guard has its
 * answer: the page's chunk, the signed-in top bar's chunk on members' pages, and the page's first
 * requests (PageData); the top bar's requests follow as soon as the answer says a member is signed in.
 */
export function preloadRoute(pathname: string, queryClient: QueryClient) {
  const matches = matchRoutes(routes, pathname) ?? []
  const elements = matches.map(({ route }) => (isValidElement(route.element) ? route.element.type : null))
  // Beyond six requests to the host, the browser queues them in the order made. The chunks go
  // first, the largest ahead (the signed-in top bar's, which member pages import from too): the page
  // renders only once all of them are in, while a request for data takes one round trip and finds a
  // free connection as soon as GET /api/user's answer is in.
  // A chunk that fails here fails again when the page renders, which shows RouteError.
  const member = matches.some(({ route }) => isMembersGuard(route.element))
  if (member) SignedInTopBar.preload().catch(ignore)
  for (const type of elements) if (isPreloadable(type)) type.preload().catch(ignore)
  // The data requests go out from a task of their own, a moment later: each fetch() costs the main
  // thread about a millisecond, and the task that starts the app (module evaluation included) is
  // the one everything else waits for.
  setTimeout(() => {
    for (const { route, params } of matches)
      (route.handle as RouteHandle | undefined)?.prefetch?.(queryClient, params)
  }, 0)
  if (member) {
    queryClient.fetchQuery(currentUserQuery).then((user) => user && prefetchTopBar(queryClient), ignore)
  }
}

const ignore = () => {}

/** The route table, inside BrowserRouter (main.tsx) or a MemoryRouter (tests). */
export function AppRoutes() {
  return useRoutes(routes)
}
