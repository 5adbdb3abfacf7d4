import { useQuery } from '@tanstack/react-query'
import { REVIEW_MESSAGES } from '@vouched/shared/endorsement-review'
import type { TEndorsement } from '@vouched/shared/endorsements'
import { CheckIcon, XIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { pendingEndorsementsQuery, useReviewEndorsement } from '../endorsements.api'
import { EditEndorsementDialog } from './edit-endorsement-dialog'
import { EndorsementCard } from './endorsement-card'
import { WithdrawEndorsementButton } from './withdraw-endorsement-button'
import { useSharedText } from '../../../lib/i18n/shared-text'

/**
 * Endorsements that wait for approval (issue 25). On one's own profile: those waiting for the viewer,
 * with Accept and Decline. On another member's: the viewer's own waiting for that member, marked
 * "Awaiting approval", with Withdraw. Nothing at all when there are none.
 */
export function PendingEndorsements({ profileUserId, isOwn }: { profileUserId: number; isOwn: boolean }) {
  const sharedText = useSharedText()
  const { t } = useTranslation('endorsements')
  const pending = useQuery(pendingEndorsementsQuery())
  const list = isOwn
    ? (pending.data?.received ?? [])
    : (pending.data?.given ?? []).filter((e) => e.toUserId === profileUserId)
  if (list.length === 0) return null
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">
          {isOwn ? t('pending.titleOwn') : sharedText(REVIEW_MESSAGES.awaitingApproval)}
        </CardTitle>
        <CardDescription>
          {isOwn ? t('pending.descriptionOwn') : t('pending.descriptionOther')}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid grid-cols-1 gap-3">
        {list.map((endorsement) => (
          <EndorsementCard
            key={endorsement.id}
            endorsement={endorsement}
            actions={
              isOwn ? (
                <ReviewButtons endorsement={endorsement} />
              ) : (
                <>
                  <EditEndorsementDialog endorsement={endorsement} />
                  <WithdrawEndorsementButton id={endorsement.id} />
                </>
              )
            }
          />
        ))}
      </CardContent>
    </Card>
  )
}

function ReviewButtons({ endorsement }: { endorsement: TEndorsement }) {
  const sharedText = useSharedText()
  const { t } = useTranslation('endorsements')
  const review = useReviewEndorsement()
  const answer = (accept: boolean) =>
    review.mutate(
      { id: endorsement.id, accept },
      {
        onSuccess: () =>
          toast({
            title: accept ? sharedText(REVIEW_MESSAGES.accepted) : sharedText(REVIEW_MESSAGES.declined),
          }),
        onError: (error) =>
          toast({
            title: t('pending.answerFailed'),
            description: errorMessage(error),
            variant: 'destructive',
          }),
      },
    )
  return (
    <>
      <Button size="sm" onClick={() => answer(true)} disabled={review.isPending}>
        <CheckIcon aria-hidden />
        {t('pending.accept')}
      </Button>
      <Button variant="outline" size="sm" onClick={() => answer(false)} disabled={review.isPending}>
        <XIcon aria-hidden />
        {t('pending.decline')}
      </Button>
    </>
  )
}
