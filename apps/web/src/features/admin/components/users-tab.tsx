import { useQuery } from '@tanstack/react-query'
import type { TAdminUser } from '@vouched/shared/admin'
import { ADMIN_MESSAGES } from '@vouched/shared/admin.constants'
import { formatScore } from '@vouched/shared/format'
import { useState } from 'react'
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

const COLUMNS = 6

/** Members: search, page, grant or revoke admin rights, delete (SPEC.md §6). */
export function UsersTab() {
  const table = useAdminTable()
  const result = useQuery(adminUsersQuery(table.params))
  const { user: me } = useCurrentUser()

  return (
    <PagedAdminTable
      table={table}
      result={result}
      search={{ label: 'Search users', placeholder: 'Search by name, username or email' }}
      caption="Users"
      head={
        <>
          <Th>Member</Th>
          <Th className="hidden md:table-cell">Email</Th>
          <Th className="hidden lg:table-cell">Joined</Th>
          <Th className="text-right">Reputation</Th>
          <Th>Admin</Th>
          <Th className="text-right">
            <span className="sr-only">Actions</span>
          </Th>
        </>
      }
      columns={COLUMNS}
      texts={{
        loading: 'Loading users...',
        empty: 'No users found.',
        loadFailed: ADMIN_MESSAGES.loadUsersFailed,
      }}
      noun="users"
      renderRow={(user) => <UserRow key={user.id} user={user} isSelf={user.id === me?.id} />}
    />
  )
}

function UserRow({ user, isSelf }: { user: TAdminUser; isSelf: boolean }) {
  const setAdmin = useSetAdminRights()
  const remove = useDeleteUser()
  const [pendingChange, setPendingChange] = useState<boolean | null>(null)

  const applyAdmin = (isAdmin: boolean) =>
    setAdmin.mutate(
      { id: user.id, isAdmin },
      {
        onSuccess: () =>
          toast({
            title: isAdmin ? 'Admin rights granted' : 'Admin rights removed',
            description: `@${user.username} has been signed out and must sign in again.`,
          }),
        onError: (error) =>
          toast({
            title: ADMIN_MESSAGES.updateUserFailed,
            description: errorMessage(error),
            variant: 'destructive',
          }),
      },
    )

  // mutateAsync: the refetch removes this row, and mutate's callbacks never run once it is gone.
  const confirmDelete = () =>
    remove.mutateAsync(user.id).then(
      () => toast({ title: 'User deleted', description: `@${user.username} and all their data are gone.` }),
      (error: unknown) =>
        toast({
          title: ADMIN_MESSAGES.deleteUserFailed,
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
          {isSelf ? <Badge variant="secondary">You</Badge> : null}
          {user.isAdmin ? <Badge variant="accent">Admin</Badge> : null}
          {user.isVerified ? <Badge variant="success">Verified</Badge> : null}
          {user.suspendedAt ? (
            <Badge variant="destructive" title={user.suspensionReason ?? undefined}>
              Suspended
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
          aria-label={`Admin rights for @${user.username}`}
          title={isSelf ? ADMIN_MESSAGES.selfDemotion : undefined}
        />
        <AlertDialog open={pendingChange !== null} onOpenChange={(open) => !open && setPendingChange(null)}>
          <AlertDialogContent>
            <AlertDialogHeader>
              <AlertDialogTitle>{ADMIN_MESSAGES.confirmTitle}</AlertDialogTitle>
              <AlertDialogDescription>
                {pendingChange
                  ? `@${user.username} will be able to moderate members, endorsements, hashtags, conversations and announcements.`
                  : `@${user.username} will lose access to the admin dashboard.`}{' '}
                They will be signed out of every device.
              </AlertDialogDescription>
            </AlertDialogHeader>
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              <AlertDialogAction
                variant={pendingChange ? 'default' : 'destructive'}
                onClick={() => pendingChange !== null && applyAdmin(pendingChange)}
              >
                {pendingChange ? 'Grant admin rights' : 'Remove admin rights'}
              </AlertDialogAction>
            </AlertDialogFooter>
          </AlertDialogContent>
        </AlertDialog>
      </Td>
      <Td className="text-right">
        <ConfirmDeleteButton
          label={`Delete @${user.username}`}
          description={`This will permanently delete @${user.username} and all their data: endorsements given and received, comments, likes, connections and messages. This action cannot be undone.`}
          onConfirm={confirmDelete}
          pending={remove.isPending}
          disabled={isSelf}
        />
      </Td>
    </tr>
  )
}
