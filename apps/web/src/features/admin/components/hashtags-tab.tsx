import { useQuery } from '@tanstack/react-query'
import type { TAdminHashtag } from '@vouched/shared/admin'
import { ADMIN_MESSAGES } from '@vouched/shared/admin.constants'
import { Link } from 'react-router'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { adminHashtagsQuery, useDeleteHashtag } from '../admin.api'
import { useAdminTable } from '../hooks/use-admin-table'
import { ConfirmDeleteButton, PagedAdminTable, Td, Th } from './admin-table'

const COLUMNS = 3

/** Every hashtag with how many endorsements carry it; deleting one removes it from all of them. */
export function HashtagsTab() {
  const table = useAdminTable()
  const result = useQuery(adminHashtagsQuery(table.params))
  return (
    <PagedAdminTable
      table={table}
      result={result}
      search={{ label: 'Search hashtags', placeholder: 'Search hashtags' }}
      caption="Hashtags"
      head={
        <>
          <Th>Hashtag</Th>
          <Th className="text-right">Endorsements</Th>
          <Th className="text-right">
            <span className="sr-only">Actions</span>
          </Th>
        </>
      }
      columns={COLUMNS}
      texts={{
        loading: 'Loading hashtags...',
        empty: 'No hashtags found.',
        loadFailed: ADMIN_MESSAGES.loadHashtagsFailed,
      }}
      noun="hashtags"
      renderRow={(hashtag) => <HashtagRow key={hashtag.id} hashtag={hashtag} />}
    />
  )
}

function HashtagRow({ hashtag }: { hashtag: TAdminHashtag }) {
  const remove = useDeleteHashtag()
  // mutateAsync: the refetch removes this row, and mutate's callbacks never run once it is gone.
  const confirmDelete = () =>
    remove.mutateAsync(hashtag.id).then(
      () => toast({ title: 'Hashtag deleted', description: `#${hashtag.tag} was removed everywhere.` }),
      (error: unknown) =>
        toast({
          title: ADMIN_MESSAGES.deleteHashtagFailed,
          description: errorMessage(error),
          variant: 'destructive',
        }),
    )
  return (
    <tr>
      <Td>
        <Link to={`/discover?tag=${encodeURIComponent(hashtag.tag)}`} className="font-medium hover:underline">
          #{hashtag.tag}
        </Link>
      </Td>
      <Td className="text-right tabular-nums">{hashtag.count}</Td>
      <Td className="text-right">
        <ConfirmDeleteButton
          label={`Delete hashtag #${hashtag.tag}`}
          description={`This will permanently remove #${hashtag.tag} from ${hashtag.count} endorsement${hashtag.count === 1 ? '' : 's'}; the medals earned with it go too. This action cannot be undone.`}
          onConfirm={confirmDelete}
          pending={remove.isPending}
        />
      </Td>
    </tr>
  )
}
