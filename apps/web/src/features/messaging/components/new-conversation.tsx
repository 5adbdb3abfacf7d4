import { useTranslation } from 'react-i18next'
import { useQuery } from '@tanstack/react-query'
import { MESSAGING_MESSAGES } from '@vouched/shared/messaging.constants'
import { Loader2Icon } from 'lucide-react'
import { Navigate, useNavigate } from 'react-router'
import { Alert, AlertDescription } from '../../../components/ui/alert'
import { isApiError } from '../../../lib/api-client'
import { conversationWithQuery } from '../messaging.api'
import { MessageComposer } from './message-composer'
import { ThreadHeader, ThreadNotice } from './message-thread'
import { useSharedText } from '../../../lib/i18n/shared-text'

/**
 * /messages?to={userId}: the thread with that member if one exists, else an empty one whose first
 * message opens the conversation. Only connections can be written to.
 */
export function NewConversation({ userId }: { userId: number }) {
  const sharedText = useSharedText()
  const { t } = useTranslation('messaging')
  const navigate = useNavigate()
  const { data, isPending, isError, error } = useQuery(conversationWithQuery(userId))

  if (isError) {
    return (
      <ThreadNotice>
        <Alert variant="destructive" role="alert" className="max-w-sm">
          <AlertDescription>
            {isApiError(error) && error.status !== 500 && error.body?.message
              ? error.body.message
              : sharedText(MESSAGING_MESSAGES.loadMessagesFailed)}
          </AlertDescription>
        </Alert>
      </ThreadNotice>
    )
  }
  if (isPending) {
    return (
      <ThreadNotice>
        <Loader2Icon className="size-5 animate-spin" aria-label={t('newConversation.loading')} />
      </ThreadNotice>
    )
  }
  if (data.conversation) return <Navigate to={`/messages/${data.conversation.id}`} replace />
  const name = data.otherUser.fullName || data.otherUser.username
  return (
    <>
      <ThreadHeader otherUser={data.otherUser} />
      {data.canMessage ? (
        <>
          <ThreadNotice>{sharedText(MESSAGING_MESSAGES.noMessages)}</ThreadNotice>
          <MessageComposer
            recipientId={data.otherUser.id}
            recipientName={name}
            onSent={(message) => void navigate(`/messages/${message.conversationId}`, { replace: true })}
          />
        </>
      ) : (
        <ThreadNotice>
          {t('newConversation.notConnected', { reason: sharedText(MESSAGING_MESSAGES.notConnected), name })}
        </ThreadNotice>
      )}
    </>
  )
}
