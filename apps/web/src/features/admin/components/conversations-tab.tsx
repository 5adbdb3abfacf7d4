import { useQuery } from '@tanstack/react-query'
import type { TAdminConversation } from '@vouched/shared/admin'
import { ADMIN_MESSAGES } from '@vouched/shared/admin.constants'
import { MessagesSquareIcon } from 'lucide-react'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { UserAvatar } from '../../../components/ui/avatar'
import { Button } from '../../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog'
import { formatRelativeTime } from '../../../lib/time'
import { adminConversationsQuery, adminMessagesQuery } from '../admin.api'
import { useAdminTable } from '../hooks/use-admin-table'
import { LoadError, PagedAdminTable, TablePagination, Td, Th } from './admin-table'
import { useSharedText } from '../../../lib/i18n/shared-text'

const COLUMNS = 5
const MESSAGES_PER_PAGE = 50

const nameOf = (user: { fullName: string | null; username: string }) => user.fullName || user.username

/** Every conversation (SPEC.md §3 admin view); opening one shows its messages without marking them read. */
export function ConversationsTab() {
  const sharedText = useSharedText()
  const { t } = useTranslation('admin')
  const table = useAdminTable()
  const result = useQuery(adminConversationsQuery(table.params))
  const [open, setOpen] = useState<TAdminConversation | null>(null)

  return (
    <>
      <PagedAdminTable
        table={table}
        result={result}
        search={{ label: t('conversations.searchLabel'), placeholder: t('conversations.searchPlaceholder') }}
        caption={t('conversations.caption')}
        head={
          <>
            <Th>{t('conversations.participants')}</Th>
            <Th className="hidden md:table-cell">{t('conversations.lastMessage')}</Th>
            <Th className="text-right">{t('conversations.messages')}</Th>
            <Th className="hidden lg:table-cell">{t('conversations.lastActivity')}</Th>
            <Th className="text-right">
              <span className="sr-only">{t('table.actions')}</span>
            </Th>
          </>
        }
        columns={COLUMNS}
        texts={{
          loading: t('conversations.loading'),
          empty: t('conversations.empty'),
          loadFailed: sharedText(ADMIN_MESSAGES.loadConversationsFailed),
        }}
        noun="conversations"
        renderRow={(conversation) => (
          <tr key={conversation.id}>
            <Td>
              <span className="flex flex-col gap-1.5">
                {[conversation.user, conversation.otherUser].map((user) => (
                  <span key={user.id} className="flex items-center gap-2">
                    <UserAvatar
                      src={user.profilePicture}
                      fullName={user.fullName}
                      username={user.username}
                      className="size-6 text-[0.65rem]"
                    />
                    <span className="font-medium">{nameOf(user)}</span>
                    <span className="text-xs text-muted-foreground">@{user.username}</span>
                  </span>
                ))}
              </span>
            </Td>
            <Td className="hidden max-w-72 md:table-cell">
              <span className="line-clamp-2 text-muted-foreground" translate="no">
                {conversation.lastMessage?.content ?? '—'}
              </span>
            </Td>
            <Td className="text-right tabular-nums">{conversation.messageCount}</Td>
            <Td className="hidden whitespace-nowrap text-muted-foreground lg:table-cell">
              <time dateTime={conversation.lastMessageAt}>
                {formatRelativeTime(conversation.lastMessageAt)}
              </time>
            </Td>
            <Td className="text-right">
              <Button
                variant="outline"
                size="sm"
                onClick={() => setOpen(conversation)}
                aria-label={t('conversations.viewLabel', {
                  first: conversation.user.username,
                  second: conversation.otherUser.username,
                })}
              >
                <MessagesSquareIcon aria-hidden />
                <span className="hidden md:inline">{t('conversations.view')}</span>
              </Button>
            </Td>
          </tr>
        )}
      />
      <Dialog open={open !== null} onOpenChange={(next) => !next && setOpen(null)}>
        <DialogContent className="max-w-2xl">
          {open ? <ConversationMessages conversation={open} /> : null}
        </DialogContent>
      </Dialog>
    </>
  )
}

function ConversationMessages({ conversation }: { conversation: TAdminConversation }) {
  const sharedText = useSharedText()
  const { t } = useTranslation('admin')
  const [page, setPage] = useState(1)
  const { data, isPending, isError } = useQuery(
    adminMessagesQuery(conversation.id, { q: '', page, limit: MESSAGES_PER_PAGE }),
  )
  return (
    <>
      <DialogHeader>
        <DialogTitle>
          {t('conversations.title', {
            first: nameOf(conversation.user),
            second: nameOf(conversation.otherUser),
          })}
        </DialogTitle>
        <DialogDescription>{t('conversations.description')}</DialogDescription>
      </DialogHeader>
      {isError ? (
        <LoadError>{sharedText(ADMIN_MESSAGES.loadMessagesFailed)}</LoadError>
      ) : isPending ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{t('conversations.loadingMessages')}</p>
      ) : data.items.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">{t('conversations.noMessages')}</p>
      ) : (
        <ol
          className="grid max-h-[60vh] gap-3 overflow-y-auto pr-1"
          aria-label={t('conversations.messagesLabel')}
        >
          {data.items.map((message) => (
            <li key={message.id} className="grid gap-1 rounded-lg border bg-muted/30 p-3">
              <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                <span className="font-medium text-foreground">
                  {message.senderFullName || message.senderUsername}
                </span>
                <time dateTime={message.createdAt}>{formatRelativeTime(message.createdAt)}</time>
                <span>· {t(`conversations.status.${message.status}`)}</span>
              </span>
              <p className="text-sm break-words whitespace-pre-line" translate="no">
                {message.content}
              </p>
            </li>
          ))}
        </ol>
      )}
      {data && data.total > MESSAGES_PER_PAGE ? (
        <TablePagination page={page} limit={data.limit} total={data.total} onPage={setPage} noun="messages" />
      ) : null}
    </>
  )
}
