import { useQuery } from '@tanstack/react-query'
import type { TConnection, TConnectionRequest, TConnectionUser } from '@vouched/shared/connections'
import { formatScore } from '@vouched/shared/format'
import { format, isValid, parseISO } from 'date-fns'
import { BadgeCheckIcon, CheckIcon, CompassIcon, SearchIcon, UserMinusIcon, XIcon } from 'lucide-react'
import { useMemo, useState, type ReactNode } from 'react'
import { Link, useSearchParams } from 'react-router'
import { formatAge } from '../../../lib/time'
import { UserAvatar } from '../../../components/ui/avatar'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Input } from '../../../components/ui/input'
import { Skeleton } from '../../../components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs'
import { toast } from '../../../components/ui/toast'
import {
  connectionsQuery,
  pendingRequestsQuery,
  sentRequestsQuery,
  useAcceptConnectionRequest,
  useCancelConnectionRequest,
  useRejectConnectionRequest,
  useRemoveConnection,
} from '../connections.api'
import { CONNECTION_TEXTS as T } from '../connections.texts'
import { RemoveConnectionDialog } from './remove-connection-dialog'

const TABS = ['connections', 'pending', 'sent'] as const
type Tab = (typeof TABS)[number]

const failure = (description: string) => toast({ title: 'Error', description, variant: 'destructive' })
const profilePath = (username: string) => `/profile/${encodeURIComponent(username)}`
const displayName = (user: { fullName: string | null; username: string }) => user.fullName || user.username

/** 'MMM d, yyyy', or 'recently' for an unreadable date. */
function formatDate(value: string) {
  const date = parseISO(value)
  return isValid(date) ? format(date, 'MMM d, yyyy') : 'recently'
}

/**
 * My Network (SPEC.md §2): Connections, Pending and Sent tabs. Load failures throw to the page's error
 * boundary; the chosen tab is kept in `?tab=` so links can open Pending directly.
 */
type ConnectionActions = (connection: TConnection) => ReactNode

/** `connectionActions` lets the page add other features' actions (e.g. Message) to each connection. */
export function NetworkTabs({
  userId,
  connectionActions,
}: {
  userId: number
  connectionActions?: ConnectionActions
}) {
  const [params, setParams] = useSearchParams()
  const requested = params.get('tab')
  const tab: Tab = TABS.includes(requested as Tab) ? (requested as Tab) : 'connections'
  const connections = useQuery({ ...connectionsQuery(userId), throwOnError: true })
  const pending = useQuery({ ...pendingRequestsQuery(), throwOnError: true })
  const sent = useQuery({ ...sentRequestsQuery(), throwOnError: true })

  const onTabChange = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current)
        if (next === 'connections') updated.delete('tab')
        else updated.set('tab', next)
        return updated
      },
      { replace: true },
    )

  return (
    <Tabs value={tab} onValueChange={onTabChange}>
      <TabsList className="w-full sm:w-fit">
        <TabsTrigger value="connections">
          Connections
          <CountBadge count={connections.data?.length} />
        </TabsTrigger>
        <TabsTrigger value="pending">
          Pending
          <CountBadge count={pending.data?.requests.length} />
        </TabsTrigger>
        <TabsTrigger value="sent">
          Sent
          <CountBadge count={sent.data?.requests.length} />
        </TabsTrigger>
      </TabsList>
      <TabsContent value="connections">
        {connections.data ? (
          <ConnectionsList connections={connections.data} actions={connectionActions} />
        ) : (
          <ListSkeleton />
        )}
      </TabsContent>
      <TabsContent value="pending">
        {pending.data ? <PendingList requests={pending.data.requests} /> : <ListSkeleton />}
      </TabsContent>
      <TabsContent value="sent">
        {sent.data ? <SentList requests={sent.data.requests} /> : <ListSkeleton />}
      </TabsContent>
    </Tabs>
  )
}

function CountBadge({ count }: { count: number | undefined }) {
  if (count === undefined) return null
  return (
    <Badge variant={count > 0 ? 'accent' : 'secondary'} className="min-w-5 px-1.5 py-0 tabular-nums">
      {count}
    </Badge>
  )
}

function ListSkeleton() {
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-busy="true" aria-label="Loading">
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-28 rounded-xl" />
      ))}
    </div>
  )
}

function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Card className="flex flex-col items-center gap-3 px-6 py-12 text-center">
      <p className="text-base font-semibold">{title}</p>
      {children}
    </Card>
  )
}

function DiscoverUsersButton() {
  return (
    <Button asChild variant="outline">
      <Link to="/discover">
        <CompassIcon aria-hidden />
        {T.discoverUsers}
      </Link>
    </Button>
  )
}

function MemberHeading({ user, extra }: { user: TConnectionUser | TConnection; extra?: ReactNode }) {
  return (
    <div className="flex min-w-0 items-start gap-3">
      <Link to={profilePath(user.username)} tabIndex={-1} aria-hidden className="shrink-0">
        <UserAvatar
          src={user.profilePicture}
          fullName={user.fullName}
          username={user.username}
          className="size-12"
        />
      </Link>
      <div className="flex min-w-0 flex-col gap-0.5">
        <div className="flex min-w-0 flex-wrap items-center gap-x-2 gap-y-1">
          <Link to={profilePath(user.username)} className="truncate font-semibold hover:underline">
            {displayName(user)}
          </Link>
          {user.isVerified ? (
            <Badge variant="success">
              <BadgeCheckIcon aria-hidden />
              Verified
            </Badge>
          ) : null}
        </div>
        <span className="truncate text-sm text-muted-foreground">@{user.username}</span>
        {extra}
      </div>
    </div>
  )
}

function ConnectionsList({
  connections,
  actions,
}: {
  connections: TConnection[]
  actions?: ConnectionActions
}) {
  const [search, setSearch] = useState('')
  const query = search.trim().toLowerCase()
  const shown = useMemo(
    () =>
      query
        ? connections.filter(
            (c) =>
              c.username.toLowerCase().includes(query) || (c.fullName ?? '').toLowerCase().includes(query),
          )
        : connections,
    [connections, query],
  )

  if (connections.length === 0) {
    return (
      <EmptyState title={T.noConnections}>
        <p className="max-w-sm text-sm text-muted-foreground">
          Connect with people you have worked with to grow your network.
        </p>
        <DiscoverUsersButton />
      </EmptyState>
    )
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="relative max-w-md">
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          aria-label="Search connections"
          placeholder="Search by name or username..."
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="pl-9"
        />
      </div>
      {shown.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{`No connections match "${search.trim()}".`}</p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label="Connections">
          {shown.map((connection) => (
            <ConnectionItem key={connection.id} connection={connection} actions={actions} />
          ))}
        </ul>
      )}
    </div>
  )
}

function ConnectionItem({ connection, actions }: { connection: TConnection; actions?: ConnectionActions }) {
  const remove = useRemoveConnection()
  const name = displayName(connection)
  return (
    <li>
      <Card className="flex h-full flex-col gap-4 p-4">
        <MemberHeading
          user={connection}
          extra={
            <>
              {connection.title ? (
                <span className="truncate text-sm text-foreground/80">{connection.title}</span>
              ) : null}
              <span className="text-sm text-muted-foreground">
                Reputation{' '}
                <span className="font-semibold text-foreground tabular-nums">
                  {formatScore(connection.reputationScore)}
                </span>
              </span>
            </>
          }
        />
        <div className="mt-auto flex flex-wrap gap-2">
          <Button asChild size="sm" variant="outline" className="flex-1">
            <Link to={profilePath(connection.username)}>View Profile</Link>
          </Button>
          {actions?.(connection)}
          <RemoveConnectionDialog
            name={name}
            onConfirm={() =>
              void remove.mutateAsync(connection.id).then(
                () => toast({ title: T.removed }),
                () => failure(T.networkRemoveError),
              )
            }
          >
            <Button
              size="sm"
              variant="ghost"
              className="text-destructive hover:bg-destructive/10 hover:text-destructive"
              disabled={remove.isPending}
              aria-label={`Remove ${name}`}
            >
              <UserMinusIcon aria-hidden />
              Remove
            </Button>
          </RemoveConnectionDialog>
        </div>
      </Card>
    </li>
  )
}

function PendingList({ requests }: { requests: TConnectionRequest[] }) {
  if (requests.length === 0) return <EmptyState title={T.noPending} />
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label="Pending requests">
      {requests.map((request) => (
        <PendingItem key={request.id} request={request} />
      ))}
    </ul>
  )
}

function PendingItem({ request }: { request: TConnectionRequest }) {
  const accept = useAcceptConnectionRequest()
  const reject = useRejectConnectionRequest()
  const name = displayName(request.fromUser)
  const busy = accept.isPending || reject.isPending
  return (
    <li>
      <Card className="flex h-full flex-col gap-4 p-4">
        <MemberHeading
          user={request.fromUser}
          extra={<span className="text-xs text-muted-foreground">{formatAge(request.createdAt)}</span>}
        />
        {request.message ? (
          <p className="rounded-md bg-muted px-3 py-2 text-sm break-words">{request.message}</p>
        ) : null}
        <div className="mt-auto flex flex-wrap gap-2">
          <Button
            size="sm"
            className="flex-1"
            disabled={busy}
            aria-label={`Accept request from ${name}`}
            onClick={() =>
              void accept.mutateAsync(request.id).then(
                () => toast({ title: T.networkAccepted }),
                () => failure(T.networkAcceptError),
              )
            }
          >
            <CheckIcon aria-hidden />
            {T.accept}
          </Button>
          <Button
            size="sm"
            variant="outline"
            className="flex-1"
            disabled={busy}
            aria-label={`Reject request from ${name}`}
            onClick={() =>
              void reject.mutateAsync(request.id).then(
                () => toast({ title: T.networkRejected }),
                () => failure(T.networkRejectError),
              )
            }
          >
            <XIcon aria-hidden />
            {T.reject}
          </Button>
        </div>
      </Card>
    </li>
  )
}

function SentList({ requests }: { requests: TConnectionRequest[] }) {
  if (requests.length === 0) {
    return (
      <EmptyState title={T.noSent}>
        <DiscoverUsersButton />
      </EmptyState>
    )
  }
  return (
    <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label="Sent requests">
      {requests.map((request) => (
        <SentItem key={request.id} request={request} />
      ))}
    </ul>
  )
}

function SentItem({ request }: { request: TConnectionRequest }) {
  const cancel = useCancelConnectionRequest()
  const name = displayName(request.toUser)
  return (
    <li>
      <Card className="flex h-full flex-col gap-4 p-4">
        <MemberHeading
          user={request.toUser}
          extra={<span className="text-xs text-muted-foreground">Sent {formatDate(request.createdAt)}</span>}
        />
        {request.message ? (
          <p className="rounded-md bg-muted px-3 py-2 text-sm break-words">{request.message}</p>
        ) : null}
        <div className="mt-auto flex">
          <Button
            size="sm"
            variant="outline"
            disabled={cancel.isPending}
            aria-label={`Cancel request to ${name}`}
            onClick={() =>
              void cancel.mutateAsync(request.id).then(
                () => toast({ title: T.networkCanceled }),
                () => failure(T.networkCancelError),
              )
            }
          >
            <XIcon aria-hidden />
            {T.cancel}
          </Button>
        </div>
      </Card>
    </li>
  )
}
