import type { QueryClient } from '@tanstack/react-query'
import { isValidElement } from 'react'
import { matchRoutes, useRoutes, type Params, type RouteObject } from 'react-router'
import { AppShell, SignedInTopBar } from './app-shell'
import { PublicOnly, RequireAdmin, RequireMember } from './guards'
import { isPreloadable, lazy } from './lazy'
import { RouteErrorBoundary } from './route-error'

/*
 * Every route of SPEC.md §2. Each page is its own chunk (lazy), loaded inside AppShell's Suspense;
 * the first page's chunk is fetched as the app starts (preloadRoute).
 * To add a page: create src/app/routes/<page>.tsx with a default export, add a lazy import below,
 * and put it under the guard that matches its access rule. A page that fetches on arrival can add
 * a routes/<page>.data.ts (see PageData) and name it in the route's handle.
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
const NotFoundPage = lazy(() => import('./routes/not-found'))

/**
 * What a page asks the server for on arrival, in a module of its own that imports only the page's
 * queries: the router loads it and starts the requests together with GET /api/user, so the data
 * does not wait for the page's chunk (much larger) to arrive first.
 */
export type PageData = { prefetch: (queryClient: QueryClient, params: Params) => void }
type RouteHandle = { data?: () => Promise<PageData> }
const withData = (data: () => Promise<PageData>): RouteHandle => ({ data })

export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <AppShell />
      </RouteErrorBoundary>
    ),
    children: [
      {
        // Signed-in members only.
        element: <RequireMember />,
        children: [
          { index: true, element: <HomePage />, handle: withData(() => import('./routes/home.data')) },
          {
            path: 'profile/:username',
            element: <ProfilePage />,
            handle: withData(() => import('./routes/profile.data')),
          },
          { path: 'discover', element: <DiscoverPage /> },
          { path: 'connections', element: <ConnectionsPage /> },
          { path: 'share-badge/:username', element: <ShareBadgePage /> },
          { path: 'messages', element: <MessagesPage /> },
          { path: 'messages/:conversationId', element: <MessagesPage /> },
          { path: 'settings', element: <SettingsPage /> },
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
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]

/**
 * Starts what the first screen needs together with GET /api/user, rather than once the guard has its
 * answer: the page's chunk, its first requests (PageData), and the signed-in top bar's chunk on
 * members' pages.
 */
export function preloadRoute(pathname: string, queryClient: QueryClient) {
  const matches = matchRoutes(routes, pathname) ?? []
  const elements = matches.map(({ route }) => (isValidElement(route.element) ? route.element.type : null))
  // Most urgent first: beyond six requests to the host, the browser queues them in the order made.
  for (const { route, params } of matches) {
    const data = (route.handle as RouteHandle | undefined)?.data
    if (data) data().then((page) => page.prefetch(queryClient, params), ignore)
  }
  // A chunk that fails here fails again when the page renders, which shows RouteError.
  for (const type of elements) if (isPreloadable(type)) type.preload().catch(ignore)
  if (elements.some((type) => type === RequireMember || type === RequireAdmin)) {
    SignedInTopBar.preload().catch(ignore)
  }
}

const ignore = () => {}

/** The route table, inside BrowserRouter (main.tsx) or a MemoryRouter (tests). */
export function AppRoutes() {
  return useRoutes(routes)
}
