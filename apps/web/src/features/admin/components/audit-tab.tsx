import { useQuery } from '@tanstack/react-query'
import { ADMIN_MESSAGES } from '@vouched/shared/admin.constants'
import { format, parseISO } from 'date-fns'
import { Badge } from '../../../components/ui/badge'
import { adminAuditQuery } from '../admin.api'
import { useAdminTable } from '../hooks/use-admin-table'
import { PagedAdminTable, Td, Th } from './admin-table'

const COLUMNS = 4

/** The audit log: who did what, and when. */
export function AuditTab() {
  const table = useAdminTable()
  const result = useQuery(adminAuditQuery(table.params))
  return (
    <PagedAdminTable
      table={table}
      result={result}
      search={{ label: 'Search the audit log', placeholder: 'Search by admin, action or details' }}
      caption="Audit log"
      head={
        <>
          <Th>When</Th>
          <Th>Admin</Th>
          <Th>Action</Th>
          <Th>Details</Th>
        </>
      }
      columns={COLUMNS}
      texts={{
        loading: 'Loading the audit log...',
        empty: 'No admin actions recorded yet.',
        loadFailed: ADMIN_MESSAGES.loadAuditFailed,
      }}
      noun="entries"
      singular="entry"
      renderRow={(entry) => (
        <tr key={entry.id}>
          <Td className="whitespace-nowrap text-muted-foreground">
            <time dateTime={entry.createdAt}>{format(parseISO(entry.createdAt), 'MMM d, yyyy HH:mm')}</time>
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
      )}
    />
  )
}
