import { Trans, useTranslation } from 'react-i18next'
import type { TEndorsementRequest } from '@vouched/shared/endorsement-requests'
import { useState } from 'react'
import { Link } from 'react-router'
import { UserAvatar } from '../../../components/ui/avatar'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { formatAge } from '../../../lib/time'
import { useCancelEndorsementRequest, useDeclineEndorsementRequest } from '../endorsement-requests.api'
import { useSharedText } from '../../../lib/i18n/shared-text'

export type RenderVouch = (request: TEndorsementRequest) => React.ReactNode

const STATUS_VARIANT = {
  open: 'accent',
  fulfilled: 'success',
  declined: 'secondary',
  cancelled: 'secondary',
} as const

const failure = (title: string, error: unknown) =>
  toast({ title, description: errorMessage(error), variant: 'destructive' })

/** One request: who, which skills, its note and state, and what the viewer can do with it. */
export function RequestItem({
  request,
  box,
  renderVouch,
}: {
  request: TEndorsementRequest
  box: 'received' | 'sent'
  renderVouch?: RenderVouch
}) {
  const { t } = useTranslation('endorsement-requests')
  const sharedText = useSharedText()
  const decline = useDeclineEndorsementRequest()
  const cancel = useCancelEndorsementRequest()
  const other = box === 'received' ? request.fromUser : request.toUser
  const name = other.fullName || other.username
  const profile = `/profile/${encodeURIComponent(other.username)}`
  const open = request.status === 'open'
  // Vouching fulfils the request, and the live refresh may say so before the vouch's own answer
  // arrives: the Vouch slot stays mounted (hidden) so its dialog can finish, toast and close.
  const [vouchMounted, setVouchMounted] = useState(open)
  if (open && !vouchMounted) setVouchMounted(true)
  return (
    <li aria-label={box === 'received' ? t('requestFrom', { name }) : t('requestTo', { name })}>
      <Card className="flex flex-col gap-3 p-4">
        <div className="flex min-w-0 items-start gap-3">
          <Link to={profile} tabIndex={-1} aria-hidden className="shrink-0">
            <UserAvatar
              src={other.profilePicture}
              fullName={other.fullName}
              username={other.username}
              className="size-10"
            />
          </Link>
          <div className="flex min-w-0 flex-1 flex-col gap-1">
            <p className="text-sm">
              <Trans
                t={t}
                i18nKey={box === 'received' ? 'asksYou' : 'youAsked'}
                values={{ name }}
                components={{ name: <Link to={profile} className="font-semibold hover:underline" /> }}
              />
            </p>
            <ul className="flex flex-wrap gap-1.5" aria-label={t('skillsLabel')}>
              {request.hashtags.map((tag) => (
                <li key={tag}>
                  <Badge variant="outline">#{tag}</Badge>
                </li>
              ))}
            </ul>
            {request.category ? (
              <p className="text-xs text-muted-foreground">{sharedText(request.category)}</p>
            ) : null}
            {request.message ? (
              <blockquote className="border-l-2 pl-3 text-sm break-words text-foreground/80">
                {request.message}
              </blockquote>
            ) : null}
          </div>
          <div className="flex shrink-0 flex-col items-end gap-1">
            <Badge variant={STATUS_VARIANT[request.status]}>{t(`status.${request.status}`)}</Badge>
            <span className="text-xs text-muted-foreground">{formatAge(request.createdAt)}</span>
          </div>
        </div>
        <div className="flex flex-wrap justify-end gap-2 empty:hidden">
          {vouchMounted && box === 'received' ? <span hidden={!open}>{renderVouch?.(request)}</span> : null}
          {open && box === 'received' ? (
            <>
              <Button
                size="sm"
                variant="outline"
                disabled={decline.isPending}
                onClick={() =>
                  decline.mutate(request.id, {
                    onSuccess: () => toast({ title: t('declined') }),
                    onError: (error) => failure(t('declineError'), error),
                  })
                }
                aria-label={t('declineLabel', { name })}
              >
                {t('decline')}
              </Button>
            </>
          ) : null}
          {open && box === 'sent' ? (
            <Button
              size="sm"
              variant="outline"
              disabled={cancel.isPending}
              onClick={() =>
                cancel.mutate(request.id, {
                  onSuccess: () => toast({ title: t('canceled') }),
                  onError: (error) => failure(t('cancelError'), error),
                })
              }
              aria-label={t('cancelLabel', { name })}
            >
              {t('cancel')}
            </Button>
          ) : null}
          {request.status === 'fulfilled' && request.vouchId != null ? (
            <Button asChild size="sm" variant="ghost">
              <Link to={`/vouches/${request.vouchId}`}>{t('seeEndorsement')}</Link>
            </Button>
          ) : null}
        </div>
      </Card>
    </li>
  )
}
