import { useQuery } from '@tanstack/react-query'
import { ADMIN_MESSAGES, type TAdminHashtag } from '@vouched/shared/admin'
import { Link } from 'react-router'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { adminHashtagsQuery, useDeleteHashtag } from '../admin.api'
import { useAdminTable } from '../hooks/use-admin-table'
import {
  ConfirmDeleteButton,
  DataTable,
  LoadError,
  TableMessage,
  TablePagination,
  TableSearch,
  Td,
  Th,
} from './admin-table'

const COLUMNS = 3

/** Every hashtag with how many endorsements carry it; deleting one removes it from all of them. */
export function HashtagsTab() {
  const table = useAdminTable()
  const { data, isPending, isError, isFetching, isPlaceholderData } = useQuery(
    adminHashtagsQuery(table.params),
  )
  return (
    <div className="grid gap-4">
      <TableSearch
        label="Search hashtags"
        placeholder="Search hashtags"
        value={table.search}
        onChange={table.setSearch}
        busy={isFetching && !isPending}
      />
      {isError ? (
        <LoadError>{ADMIN_MESSAGES.loadHashtagsFailed}</LoadError>
      ) : (
        <DataTable
          caption="Hashtags"
          busy={isPlaceholderData}
          head={
            <>
              <Th>Hashtag</Th>
              <Th className="text-right">Endorsements</Th>
              <Th className="text-right">
                <span className="sr-only">Actions</span>
              </Th>
            </>
          }
        >
          {isPending ? (
            <TableMessage colSpan={COLUMNS}>Loading hashtags...</TableMessage>
          ) : data.items.length === 0 ? (
            <TableMessage colSpan={COLUMNS}>No hashtags found.</TableMessage>
          ) : (
            data.items.map((hashtag) => <HashtagRow key={hashtag.id} hashtag={hashtag} />)
          )}
        </DataTable>
      )}
      {data ? (
        <TablePagination
          page={table.page}
          limit={data.limit}
          total={data.total}
          onPage={table.setPage}
          noun="hashtags"
        />
      ) : null}
    </div>
  )
}

function HashtagRow({ hashtag }: { hashtag: TAdminHashtag }) {
  const remove = useDeleteHashtag()
  const confirmDelete = () =>
    remove.mutate(hashtag.id, {
      onSuccess: () =>
        toast({ title: 'Hashtag deleted', description: `#${hashtag.tag} was removed everywhere.` }),
      onError: (error) =>
        toast({
          title: ADMIN_MESSAGES.deleteHashtagFailed,
          description: errorMessage(error),
          variant: 'destructive',
        }),
    })
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
