import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { FullPageLoader } from '../components/layout/full-page-loader'
import { TopBar, type SlotPlacement, type TopBarSlots } from '../components/layout/top-bar'
import { ConnectionRequestsDropdown } from '../features/connections/components/connection-requests-dropdown'
import { useLiveEvents } from '../features/events/hooks/use-live-events'
import { MessagesLink } from '../features/messaging/components/messages-link'
import { NotificationsDropdown } from '../features/notifications/components/notifications-dropdown'

/**
 * Feature-owned parts of the top bar. Each feature adds its component here, e.g.
 * `notifications: <NotificationsDropdown />` or `(placement) => <NotificationsDropdown placement={placement} />`.
 * Leave a slot out until its feature exists: the top bar renders nothing for it.
 */
const topBarSlots: TopBarSlots = {
  notifications: (placement) => <LiveNotifications placement={placement} />,
  connectionRequests: (placement) => <LiveConnectionRequests placement={placement} />,
  messages: (placement) => <LiveMessagesLink placement={placement} />,
}

/*
 * The live event stream (GET /api/events) stays open while the signed-in top bar shows these slots;
 * pending requests are polled every 30 s only while it is down (SPEC.md §9).
 */
function LiveNotifications({ placement }: { placement: SlotPlacement }) {
  useLiveEvents()
  return <NotificationsDropdown placement={placement} />
}

function LiveMessagesLink({ placement }: { placement: SlotPlacement }) {
  const { connected } = useLiveEvents()
  return <MessagesLink placement={placement} poll={!connected} />
}

function LiveConnectionRequests({ placement }: { placement: SlotPlacement }) {
  const { connected } = useLiveEvents()
  return <ConnectionRequestsDropdown placement={placement} poll={!connected} />
}

/** Root layout of every route: the top bar (signed-in only), then the page. */
export function AppShell() {
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-card px-3 py-2 text-sm font-medium shadow focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        Skip to content
      </a>
      <TopBar slots={topBarSlots} />
      <main id="main" className="flex flex-1 flex-col">
        <Suspense fallback={<FullPageLoader />}>
          <Outlet />
        </Suspense>
      </main>
    </div>
  )
}
