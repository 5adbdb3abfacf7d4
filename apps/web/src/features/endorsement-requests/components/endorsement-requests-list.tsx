import { useTranslation } from 'react-i18next'
import { useQuery, type UseQueryResult } from '@tanstack/react-query'
import type { TEndorsementRequestList } from '@vouched/shared/endorsement-requests'
import {
  ENDORSEMENT_REQUEST_BOXES,
  type TEndorsementRequestBox,
} from '@vouched/shared/endorsement-requests.constants'
import { useSearchParams } from 'react-router'
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import { Card } from '../../../components/ui/card'
import { Skeleton } from '../../../components/ui/skeleton'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs'
import { endorsementRequestsQuery } from '../endorsement-requests.api'
import { useEndorsementRequestsLiveRefresh } from '../hooks/use-endorsement-requests-live-refresh'
import { RequestItem, type RenderVouch } from './request-item'

/**
 * Received and Sent vouch requests in tabs, the tab kept in `?box=` so a notification can open
 * Received directly. `renderVouch` is the page's Vouch button (the endorsements feature's dialog).
 */
export function EndorsementRequestsList({ renderVouch }: { renderVouch?: RenderVouch }) {
  const { t } = useTranslation('endorsement-requests')
  useEndorsementRequestsLiveRefresh()
  const [params, setParams] = useSearchParams()
  const requested = params.get('box') as TEndorsementRequestBox | null
  const box: TEndorsementRequestBox =
    requested && ENDORSEMENT_REQUEST_BOXES.includes(requested) ? requested : 'received'
  const received = useQuery(endorsementRequestsQuery('received'))
  const sent = useQuery(endorsementRequestsQuery('sent'))
  const openReceived = received.data?.requests.filter((request) => request.status === 'open').length

  const onTabChange = (next: string) =>
    setParams(
      (current) => {
        const updated = new URLSearchParams(current)
        if (next === 'received') updated.delete('box')
        else updated.set('box', next)
        return updated
      },
      { replace: true },
    )

  return (
    <Tabs value={box} onValueChange={onTabChange}>
      <TabsList className="w-full sm:w-fit">
        <TabsTrigger value="received">
          {t('receivedTab')}
          {openReceived ? (
            <Badge variant="accent" className="min-w-5 px-1.5 py-0 tabular-nums">
              {openReceived}
            </Badge>
          ) : null}
        </TabsTrigger>
        <TabsTrigger value="sent">{t('sentTab')}</TabsTrigger>
      </TabsList>
      <TabsContent value="received">
        <Box query={received} box="received" renderVouch={renderVouch} />
      </TabsContent>
      <TabsContent value="sent">
        <Box query={sent} box="sent" />
      </TabsContent>
    </Tabs>
  )
}

function Box({
  query,
  box,
  renderVouch,
}: {
  query: UseQueryResult<TEndorsementRequestList>
  box: TEndorsementRequestBox
  renderVouch?: RenderVouch
}) {
  const { t } = useTranslation('endorsement-requests')
  if (query.isError) {
    return (
      <Alert variant="destructive" role="alert">
        <AlertTitle>{t('loadError')}</AlertTitle>
        <AlertDescription>{t('tryAgainSoon')}</AlertDescription>
      </Alert>
    )
  }
  if (!query.data) {
    return (
      <div className="grid grid-cols-1 gap-3" aria-busy="true" aria-label={t('loading')}>
        {[0, 1, 2].map((i) => (
          <Skeleton key={i} className="h-28 rounded-xl" />
        ))}
      </div>
    )
  }
  const { requests } = query.data
  if (requests.length === 0) {
    return (
      <Card className="flex flex-col items-center gap-2 px-6 py-12 text-center">
        <p className="text-base font-semibold">{box === 'received' ? t('emptyReceived') : t('emptySent')}</p>
        {box === 'sent' ? <p className="text-sm text-muted-foreground">{t('emptySentHint')}</p> : null}
      </Card>
    )
  }
  return (
    <ul className="grid grid-cols-1 gap-3" aria-label={box === 'received' ? t('receivedTab') : t('sentTab')}>
      {requests.map((request) => (
        <RequestItem key={request.id} request={request} box={box} renderVouch={renderVouch} />
      ))}
    </ul>
  )
}
