import { useQuery } from '@tanstack/react-query'
import type { TAdminEndorsement } from '@vouched/shared/admin'
import { ADMIN_MESSAGES } from '@vouched/shared/admin.constants'
import { formatMultiplier } from '@vouched/shared/format'
import { EyeOffIcon } from 'lucide-react'
import { Link } from 'react-router'
import { Badge } from '../../../components/ui/badge'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { formatRelativeTime } from '../../../lib/time'
import { adminEndorsementsQuery, useDeleteEndorsement } from '../admin.api'
import { useAdminTable } from '../hooks/use-admin-table'
import { ConfirmDeleteButton, PagedAdminTable, Td, Th } from './admin-table'

const COLUMNS = 6

const MemberLink = ({ username, fullName }: { username: string; fullName: string | null }) => (
  <Link to={`/profile/${encodeURIComponent(username)}`} className="flex flex-col hover:underline">
    <span className="font-medium">{fullName || username}</span>
    <span className="text-xs text-muted-foreground">@{username}</span>
  </Link>
)

/** Every endorsement, anonymous endorsers named; deleting one recomputes the receiver's standing. */
export function EndorsementsTab() {
  const table = useAdminTable()
  const result = useQuery(adminEndorsementsQuery(table.params))
  return (
    <PagedAdminTable
      table={table}
      result={result}
      search={{ label: 'Search endorsements', placeholder: 'Search by member or category' }}
      caption="Endorsements"
      head={
        <>
          <Th>From</Th>
          <Th>To</Th>
          <Th>Category</Th>
          <Th className="hidden lg:table-cell">Hashtags</Th>
          <Th className="hidden md:table-cell">Given</Th>
          <Th className="text-right">
            <span className="sr-only">Actions</span>
          </Th>
        </>
      }
      columns={COLUMNS}
      texts={{
        loading: 'Loading endorsements...',
        empty: 'No endorsements found.',
        loadFailed: ADMIN_MESSAGES.loadEndorsementsFailed,
      }}
      noun="endorsements"
      renderRow={(endorsement) => <EndorsementRow key={endorsement.id} endorsement={endorsement} />}
    />
  )
}

function EndorsementRow({ endorsement }: { endorsement: TAdminEndorsement }) {
  const remove = useDeleteEndorsement()
  // mutateAsync: the refetch that follows removes this row, and mutate's own callbacks never run once
  // their component is gone, so the toast would depend on which finishes first.
  const confirmDelete = () =>
    remove.mutateAsync(endorsement.id).then(
      () =>
        toast({
          title: 'Endorsement deleted',
          description: `@${endorsement.toUsername}'s reputation, hashtags and medals were recomputed.`,
        }),
      (error: unknown) =>
        toast({
          title: ADMIN_MESSAGES.deleteEndorsementFailed,
          description: errorMessage(error),
          variant: 'destructive',
        }),
    )
  return (
    <tr>
      <Td>
        <MemberLink username={endorsement.fromUsername} fullName={endorsement.fromFullName} />
        {endorsement.isAnonymous ? (
          <Badge variant="secondary" className="mt-1">
            <EyeOffIcon aria-hidden />
            Anonymous
          </Badge>
        ) : null}
      </Td>
      <Td>
        <MemberLink username={endorsement.toUsername} fullName={endorsement.toFullName} />
      </Td>
      <Td>
        <span className="font-medium">{endorsement.category}</span>
        <span className="block text-xs text-muted-foreground">
          {formatMultiplier(endorsement.engagementWeight)}
        </span>
        {endorsement.note ? (
          <span className="block max-w-64 truncate text-xs text-muted-foreground" title={endorsement.note}>
            “{endorsement.note}”
          </span>
        ) : null}
      </Td>
      <Td className="hidden lg:table-cell">
        <span className="flex max-w-64 flex-wrap gap-1">
          {endorsement.hashtags.map((tag) => (
            <Badge key={tag} variant="outline">
              #{tag}
            </Badge>
          ))}
        </span>
      </Td>
      <Td className="hidden whitespace-nowrap text-muted-foreground md:table-cell">
        <time dateTime={endorsement.createdAt}>{formatRelativeTime(endorsement.createdAt)}</time>
      </Td>
      <Td className="text-right">
        <ConfirmDeleteButton
          label={`Delete endorsement from @${endorsement.fromUsername} to @${endorsement.toUsername}`}
          description={`This will permanently delete the ${endorsement.category} endorsement from @${endorsement.fromUsername} to @${endorsement.toUsername}, with its likes and comments. @${endorsement.toUsername}'s reputation, hashtags and medals will be recomputed.`}
          onConfirm={confirmDelete}
          pending={remove.isPending}
        />
      </Td>
    </tr>
  )
}
