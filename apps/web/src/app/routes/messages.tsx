import { MessagesSquareIcon, SquarePenIcon } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate, useParams, useSearchParams } from 'react-router'
import { PageContainer } from '../../components/layout/page-container'
import { Button } from '../../components/ui/button'
import { ConnectionPickerDialog } from '../../features/connections/components/connection-picker-dialog'
import { ConversationList } from '../../features/messaging/components/conversation-list'
import { MessageThread, ThreadNotice } from '../../features/messaging/components/message-thread'
import { NewConversation } from '../../features/messaging/components/new-conversation'
import { ReportDialog } from '../../features/reports/components/report-dialog'
import { cn } from '../../lib/cn'
import { useCurrentUser } from '../../lib/session'
import { useDocumentTitle } from '../../lib/use-document-title'

const positiveInt = (value: string | null | undefined) => {
  const n = Number(value)
  return Number.isInteger(n) && n > 0 ? n : undefined
}

/**
 * /messages, /messages/:conversationId and /messages?to={userId}: conversations beside the open thread,
 * whose received messages can be reported.
 */
export default function MessagesPage() {
  const { t } = useTranslation('app')
  useDocumentTitle(t('messages.title'))
  const { user: me } = useCurrentUser()
  const params = useParams()
  const [search] = useSearchParams()
  const conversationId = positiveInt(params.conversationId)
  const to = conversationId ? undefined : positiveInt(search.get('to'))
  const threadOpen = Boolean(conversationId || to)
  const navigate = useNavigate()
  const [picking, setPicking] = useState(false)

  return (
    <PageContainer className="flex flex-1 flex-col gap-4">
      <h1 className="text-2xl font-semibold tracking-tight">{t('messages.title')}</h1>
      <div className="grid min-h-[32rem] flex-1 overflow-hidden rounded-xl border bg-card md:h-[calc(100dvh-12rem)] md:grid-cols-[20rem_minmax(0,1fr)]">
        <nav
          aria-label={t('messages.listLabel')}
          className={cn('overflow-y-auto border-r md:block', threadOpen ? 'hidden' : 'block')}
        >
          <ConversationList
            selectedId={conversationId}
            newMessage={
              <Button size="sm" onClick={() => setPicking(true)} className="shrink-0">
                <SquarePenIcon aria-hidden />
                {t('messages.newMessage')}
              </Button>
            }
          />
        </nav>
        <section
          aria-label={t('messages.conversation')}
          className={cn('min-h-0 flex-col bg-background/40 md:flex', threadOpen ? 'flex' : 'hidden')}
        >
          {conversationId ? (
            <MessageThread
              key={conversationId}
              conversationId={conversationId}
              renderMessageActions={(message) =>
                // Only the recipient of a message may report it.
                message.senderId !== me?.id ? (
                  <ReportDialog
                    targetType="message"
                    targetId={message.id}
                    subject={t('messages.reportSubject', {
                      name: message.senderFullName || message.senderUsername,
                    })}
                    trigger="icon"
                  />
                ) : null
              }
            />
          ) : to ? (
            <NewConversation key={to} userId={to} />
          ) : (
            <ThreadNotice>
              <span className="grid justify-items-center gap-2">
                <MessagesSquareIcon className="size-8" aria-hidden />
                {t('messages.selectPrompt')}
              </span>
            </ThreadNotice>
          )}
        </section>
      </div>
      <ConnectionPickerDialog
        open={picking}
        onOpenChange={setPicking}
        title={t('messages.newMessage')}
        description={t('messages.pickerDescription')}
        onPick={(connection) => {
          setPicking(false)
          // Opens the existing thread with them, or an empty one (NewConversation).
          void navigate(`/messages?to=${connection.id}`)
        }}
      />
    </PageContainer>
  )
}
