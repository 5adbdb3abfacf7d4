import { useQuery } from '@tanstack/react-query'
import { Trash2Icon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { givenRemoteVouchesQuery, useWithdrawRemoteVouch } from '../remote-vouches.api'
import { useSharedText } from '../../../lib/i18n/shared-text'

/** The viewer's vouches for members of other servers, each with Withdraw; nothing when there are none. */
export function GivenRemoteVouches() {
  const { t } = useTranslation('remote-vouches')
  const sharedText = useSharedText()
  const given = useQuery(givenRemoteVouchesQuery())
  const withdraw = useWithdrawRemoteVouch()
  if (!given.data?.length) return null
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('given.title')}</CardTitle>
        <CardDescription>{t('given.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {given.data.map((vouch) => (
            <li key={vouch.id} className="flex flex-wrap items-start gap-3 rounded-lg border p-3">
              <div className="grid min-w-0 flex-1 gap-1">
                <p className="text-sm font-medium break-words">
                  {t('given.for', { handle: vouch.handle })}{' '}
                  <Badge variant="secondary">{sharedText(vouch.category)}</Badge>
                </p>
                {vouch.note ? (
                  <p className="text-sm break-words text-muted-foreground">{vouch.note}</p>
                ) : null}
                {vouch.hashtags.length ? (
                  <p className="text-xs text-muted-foreground">
                    {vouch.hashtags.map((tag) => `#${tag}`).join(' ')}
                  </p>
                ) : null}
              </div>
              <Button
                variant="outline"
                size="sm"
                disabled={withdraw.isPending}
                aria-label={t('given.withdrawLabel', {
                  handle: vouch.handle,
                  category: sharedText(vouch.category),
                })}
                onClick={() =>
                  withdraw.mutate(vouch.id, {
                    onSuccess: () => toast({ title: t('given.withdrawn') }),
                    onError: (error) =>
                      toast({
                        title: t('given.withdrawFailed'),
                        description: errorMessage(error),
                        variant: 'destructive',
                      }),
                  })
                }
              >
                <Trash2Icon aria-hidden />
                {t('given.withdraw')}
              </Button>
            </li>
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
