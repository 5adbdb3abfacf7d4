import { useQuery } from '@tanstack/react-query'
import type { TRemoteVouchReceived } from '@vouched/shared/remote-vouches'
import { CheckIcon, XIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { receivedRemoteVouchesQuery, useAnswerRemoteVouch } from '../remote-vouches.api'
import { RemoteVouchItem } from './remote-vouch-item'
import { useSharedText } from '../../../lib/i18n/shared-text'

/**
 * Vouches from members of other Vouched servers waiting for the member (on their own profile, beside
 * the local ones waiting for review): Accept shows and counts one, Decline drops it.
 */
export function PendingRemoteVouches() {
  const { t } = useTranslation('remote-vouches')
  const received = useQuery(receivedRemoteVouchesQuery())
  // Held here, not in each item: answering the last one unmounts its buttons, and a mutate() callback
  // of an unmounted observer never runs, so its toast would never show.
  const answer = useAnswerRemoteVouch()
  const reply = (vouch: TRemoteVouchReceived, accept: boolean) =>
    answer.mutate(
      { id: vouch.id, accept },
      {
        onSuccess: () => toast({ title: accept ? t('pending.accepted') : t('pending.declined') }),
        onError: (error) =>
          toast({
            title: t('pending.answerFailed'),
            description: errorMessage(error),
            variant: 'destructive',
          }),
      },
    )
  const pending = (received.data ?? []).filter((vouch) => vouch.status === 'pending')
  if (pending.length === 0) return null
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('pending.title')}</CardTitle>
        <CardDescription>{t('pending.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {pending.map((vouch) => (
            <RemoteVouchItem
              key={vouch.id}
              vouch={vouch}
              actions={<AnswerButtons vouch={vouch} reply={reply} busy={answer.isPending} />}
            />
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}

function AnswerButtons({
  vouch,
  reply,
  busy,
}: {
  vouch: TRemoteVouchReceived
  reply: (vouch: TRemoteVouchReceived, accept: boolean) => void
  busy: boolean
}) {
  const { t } = useTranslation('remote-vouches')
  const sharedText = useSharedText()
  return (
    <>
      <Button
        size="sm"
        onClick={() => reply(vouch, true)}
        disabled={busy}
        aria-label={t('pending.acceptLabel', { handle: vouch.handle, category: sharedText(vouch.category) })}
      >
        <CheckIcon aria-hidden />
        {t('pending.accept')}
      </Button>
      <Button
        variant="outline"
        size="sm"
        onClick={() => reply(vouch, false)}
        disabled={busy}
        aria-label={t('pending.declineLabel', { handle: vouch.handle, category: sharedText(vouch.category) })}
      >
        <XIcon aria-hidden />
        {t('pending.decline')}
      </Button>
    </>
  )
}
