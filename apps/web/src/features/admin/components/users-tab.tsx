import { useQuery } from '@tanstack/react-query'
import type { TAdminUser } from '@vouched/shared/admin'
import { ADMIN_MESSAGES } from '@vouched/shared/admin.constants'
import { formatScore } from '../../../lib/numbers'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../../components/ui/alert-dialog'
import { UserAvatar } from '../../../components/ui/avatar'
import { Badge } from '../../../components/ui/badge'
import { Switch } from '../../../components/ui/switch'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useCurrentUser } from '../../../lib/session'
import { formatRelativeTime } from '../../../lib/time'
import { adminUsersQuery, useDeleteUser, useSetAdminRights } from '../admin.api'
import { useAdminTable } from '../hooks/use-admin-table'
import { ConfirmDeleteButton, PagedAdminTable, Td, Th } from './admin-table'
import { useSharedText } from '../../../lib/i18n/shared-text'

const COLUMNS = 6

/** Members: search, page, grant or revoke admin rights, delete (SPEC.md §6). */
export function UsersTab() {
  const sharedText = useSharedText()
  const { t } = useTranslation('admin')
  const table = useAdminTable()
  const result = useQuery(adminUsersQuery(table.params))
  const { user: me } = useCurrentUser()

  return (
    <PagedAdminTable
      table={table}
      result={result}
      search={{ label: t('users.searchLabel'), placeholder: t('users.searchPlaceholder') }}
      caption={t('users.caption')}
      head={
        <>
          <Th>{t('users.member')}</Th>
          <Th className="hidden md:table-cell">{t('users.email')}</Th>
          <Th className="hidden lg:table-cell">{t('users.joined')}</Th>
          <Th className="text-right">{t('users.reputation')}</Th>
          <Th>{t('users.admin')}</Th>
          <Th className="text-right">
            <span className="sr-only">{t('table.actions')}</span>
          </Th>
        </>
      }
      columns={COLUMNS}
      texts={{
        loading: t('users.loading'),
        empty: t('users.empty'),
        loadFailed: sharedText(ADMIN_MESSAGES.loadUsersFailed),
      }}
      noun="users"
      renderRow={(user) => <UserRow key={user.id} user={user} isSelf={user.id === me?.id} />}
    />
  )
}

function UserRow({ user, isSelf }: { user: TAdminUser; isSelf: boolean }) {
  const sharedText = useSharedText()
  const { t } = useTranslation('admin')
  const setAdmin = useSetAdminRights()
  const remove = useDeleteUser()
  const [pendingChange, setPendingChange] = useState<boolean | null>(null)

  const applyAdmin = (isAdmin: boolean) =>
    setAdmin.mutate(
      { id: user.id, isAdmin },
      {
        onSuccess: () =>
          toast({
            title: isAdmin ? t('users.granted') : t('users.removed'),
            description: t('users.signedOut', { username: user.username }),
          }),
        onError: (error) =>
          toast({
            title: sharedText(ADMIN_MESSAGES.updateUserFailed),
            description: errorMessage(error),
            variant: 'destructive',
          }),
      },
    )

  // mutateAsync: the refetch removes this row, and mutate's callbacks never run once it is gone.
  const confirmDelete = () =>
    remove.mutateAsync(user.id).then(
      () =>
        toast({
          title: t('users.deleted'),
          description: t('users.deletedDescription', { username: user.username }),
        }),
      (error: unknown) =>
        toast({
          title: sharedText(ADMIN_MESSAGES.deleteUserFailed),
          description: errorMessage(error),
          variant: 'destructive',
        }),
    )

  return (
    <tr>
      <Td>
        <Link
          to={`/profile/${encodeURIComponent(user.username)}`}
          className="flex min-w-0 items-center gap-3 hover:underline"
        >
          <UserAvatar src={user.profilePicture} fullName={user.fullName} username={user.username} />
          <span className="flex min-w-0 flex-col">
            <span className="truncate font-medium">{user.fullName || user.username}</span>
            <span className="truncate text-xs text-muted-foreground">@{user.username}</span>
          </span>
        </Link>
        <span className="mt-1 flex gap-1">
          {isSelf ? <Badge variant="secondary">{t('users.you')}</Badge> : null}
          {user.isAdmin ? <Badge variant="accent">{t('users.adminBadge')}</Badge> : null}
          {user.isVerified ? <Badge variant="success">{t('users.verified')}</Badge> : null}
          {user.suspendedAt ? (
            <Badge variant="destructive" title={user.suspensionReason ?? undefined}>
              {t('users.suspended')}
            </Badge>
          ) : null}
        </span>
      </Td>
      <Td className="hidden max-w-56 truncate md:table-cell">{user.email}</Td>
      <Td className="hidden whitespace-nowrap text-muted-foreground lg:table-cell">
        <time dateTime={user.createdAt}>{formatRelativeTime(user.createdAt)}</time>
      </Td>
      <Td className="text-right tabular-nums">{formatScore(user.reputationScore)}</Td>
      <Td>
        <Switch
          checked={user.isAdmin}
          disabled={isSelf || setAdmin.isPending}
          onCheckedChange={(checked) => setPendingChange(checked)}
          aria-label={t('users.adminRightsFor', { username: user.username })}
          title={isSelf ? sharedText(ADMIN_MESSAGES.selfDemotion) : undefined}
        />
        <AlertDialog open={pendingChange !== null} onOpenChange={(open) => !open && setPendingChange(null)}>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{sharedText(ADMIN_MESSAGES.confirmTitle)}</AlertDialogTitle>
              <AlertDialogDescription>
                {pendingChange
                  ? t('users.grantDescription', { username: user.username })
                  : t('users.revokeDescription', { username: user.username })}
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>{t('table.cancel')}</AlertDialogCancel>
              <AlertDialogAction
                variant={pendingChange ? 'default' : 'destructive'}
                onClick={() => pendingChange !== null && applyAdmin(pendingChange)}
              >
                {pendingChange ? t('users.grant') : t('users.revoke')}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </Td>
      <Td className="text-right">
        <ConfirmDeleteButton
          label={t('users.deleteLabel', { username: user.username })}
          description={t('users.deleteDescription', { username: user.username })}
          onConfirm={confirmDelete}
          pending={remove.isPending}
          disabled={isSelf}
        />
      </Td>
    </tr>
  )
}
