import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { Badge } from '../../../components/ui/badge'
import { Skeleton } from '../../../components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs'
import { connectionsQuery, pendingRequestsQuery, sentRequestsQuery } from '../connections.api'
import { ConnectionsList, type ConnectionActions } from './connections-tab'
import { PendingList } from './pending-tab'
import { SentList } from './sent-tab'

const TABS = ['connections', 'pending', 'sent'] as const
type Tab = (typeof TABS)[number]

/**
 * My Network (SPEC.md §2): Connections, Pending and Sent tabs. Load failures throw to the page's error
 * boundary; the chosen tab is kept in `?tab=` so links can open Pending directly. `connectionActions`
 * lets the page add other features' actions (e.g. Message) to each connection.
 */
export function NetworkTabs({
  userId,
  connectionActions,
}: {
  userId: number
  connectionActions?: ConnectionActions
}) {
  const { t } = useTranslation('connections')
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
          {t('network.tabs.connections')}
          <CountBadge count={connections.data?.length} />
        </TabsTrigger>
        <TabsTrigger value="pending">
          {t('network.tabs.pending')}
          <CountBadge count={pending.data?.requests.length} />
        </TabsTrigger>
        <TabsTrigger value="sent">
          {t('network.tabs.sent')}
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
  const { t } = useTranslation('connections')
  return (
    <div className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-busy="true" aria-label={t('network.loading')}>
      {[0, 1, 2, 3].map((i) => (
        <Skeleton key={i} className="h-28 rounded-xl" />
      ))}
    </div>
  )
}
