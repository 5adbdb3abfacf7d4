import { lazy } from 'react'
import { createBrowserRouter, useRoutes, type RouteObject } from 'react-router'
import { AppShell } from './app-shell'
import { PublicOnly, RequireAdmin, RequireMember } from './guards'
import { RouteError } from './route-error'

/*
 * Every route of SPEC.md §2. Each page is its own chunk (lazy), loaded inside AppShell's Suspense.
 * To add a page: create src/app/routes/<page>.tsx with a default export, add a lazy import below,
 * and put it under the guard that matches its access rule.
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

export const routes: RouteObject[] = [
  {
    element: <AppShell />,
    errorElement: <RouteError />,
    children: [
      {
        // Signed-in members only.
        element: <RequireMember />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'profile/:username', element: <ProfilePage /> },
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

export const createAppRouter = () => createBrowserRouter(routes)

/** The same route table for a declarative router (tests render it inside a MemoryRouter). */
export function AppRoutes() {
  return useRoutes(routes)
}
