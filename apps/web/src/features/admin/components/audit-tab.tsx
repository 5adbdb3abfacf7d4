import { useQuery } from '@tanstack/react-query'
import { ADMIN_MESSAGES } from '@vouched/shared/admin'
import { format, parseISO } from 'date-fns'
import { Badge } from '../../../components/ui/badge'
import { adminAuditQuery } from '../admin.api'
import { useAdminTable } from '../hooks/use-admin-table'
import { DataTable, LoadError, TableMessage, TablePagination, TableSearch, Td, Th } from './admin-table'

const COLUMNS = 4

/** The audit log: who did what, and when. */
export function AuditTab() {
  const table = useAdminTable()
  const { data, isPending, isError, isFetching, isPlaceholderData } = useQuery(adminAuditQuery(table.params))
  return (
    <div className="grid gap-4">
      <TableSearch
        label="Search the audit log"
        placeholder="Search by admin, action or details"
        value={table.search}
        onChange={table.setSearch}
        busy={isFetching && !isPending}
      />
      {isError ? (
        <LoadError>{ADMIN_MESSAGES.loadAuditFailed}</LoadError>
      ) : (
        <DataTable
          caption="Audit log"
          busy={isPlaceholderData}
          head={
            <>
              <Th>When</Th>
              <Th>Admin</Th>
              <Th>Action</Th>
              <Th>Details</Th>
            </>
          }
        >
          {isPending ? (
            <TableMessage colSpan={COLUMNS}>Loading the audit log...</TableMessage>
          ) : data.items.length === 0 ? (
            <TableMessage colSpan={COLUMNS}>No admin actions recorded yet.</TableMessage>
          ) : (
            data.items.map((entry) => (
              <tr key={entry.id}>
                <Td className="whitespace-nowrap text-muted-foreground">
                  <time dateTime={entry.createdAt}>
                    {format(parseISO(entry.createdAt), 'MMM d, yyyy HH:mm')}
                  </time>
                </Td>
                <Td className="whitespace-nowrap">
                  {entry.adminUsername ? (
                    `@${entry.adminUsername}`
                  ) : (
                    <span className="text-muted-foreground">Deleted admin</span>
                  )}
                </Td>
                <Td>
                  <Badge variant="outline" className="font-mono">
                    {entry.action}
                  </Badge>
                </Td>
                <Td className="max-w-md break-words">{entry.details}</Td>
              </tr>
            ))
          )}
        </DataTable>
      )}
      {data ? (
        <TablePagination
          page={table.page}
          limit={data.limit}
          total={data.total}
          onPage={table.setPage}
          noun="entries"
          singular="entry"
        />
      ) : null}
    </div>
  )
}
