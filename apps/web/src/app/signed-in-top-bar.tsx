import { useQuery } from '@tanstack/react-query'
import { TopBar, type SlotPlacement, type TopBarSlots } from '../components/layout/top-bar'
import { settingsQuery } from '../features/account/account.api'
import { ColorSchemeMenu } from '../features/account/components/color-scheme-menu'
import { useMemberColorScheme } from '../features/account/hooks/use-color-scheme-choice'
import { useMemberLocale } from '../features/account/hooks/use-language-choice'
import { ConnectionRequestsDropdown } from '../features/connections/components/connection-requests-dropdown'
import { SearchSuggestBox } from '../features/discovery/components/search-suggest-box'
import { useLiveEvents } from '../features/events/hooks/use-live-events'
import { MessagesLink } from '../features/messaging/components/messages-link'
import { NotificationsDropdown } from '../features/notifications/components/notifications-dropdown'
import { CreateEndorsementButton, NewEndorsementHost } from './new-endorsement'

/*
 * The signed-in top bar with its feature-owned parts. A chunk of its own (app-shell.tsx loads it
 * lazily): visitors never download it, and members get it beside the page's chunk, not before.
 */

/**
 * Feature-owned parts of the top bar. Each feature adds its component here, e.g.
 * `notifications: <NotificationsDropdown />` or `(placement) => <NotificationsDropdown placement={placement} />`.
 * Leave a slot out until its feature exists: the top bar renders nothing for it.
 */
const topBarSlots: TopBarSlots = {
  notifications: (placement) => <LiveNotifications placement={placement} />,
  connectionRequests: (placement) => <LiveConnectionRequests placement={placement} />,
  messages: (placement) => <LiveMessagesLink placement={placement} />,
  search: (_placement, onDone) => <Search onDone={onDone} />,
  createEndorsement: (placement) => (
    <CreateEndorsementButton className={placement === 'menu' ? 'h-9' : undefined} />
  ),
  userMenu: <ColorSchemeMenu />,
}

/** The search box, which also finds fediverse accounts where the instance federates (issue 30). */
function Search({ onDone }: { onDone: (() => void) | undefined }) {
  const settings = useQuery(settingsQuery()).data
  const fediverse = settings?.federationAvailable ? { publishes: settings.federated } : undefined
  return <SearchSuggestBox onSearch={onDone} fediverse={fediverse} />
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

export default function SignedInTopBar() {
  useMemberColorScheme()
  useMemberLocale()
  return (
    <>
      <TopBar slots={topBarSlots} />
      <NewEndorsementHost />
    </>
  )
}
