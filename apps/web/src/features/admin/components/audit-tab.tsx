import { useQuery } from '@tanstack/react-query'
import { ADMIN_MESSAGES } from '@vouched/shared/admin.constants'
import { parseISO } from 'date-fns'
import { useTranslation } from 'react-i18next'
import { Badge } from '../../../components/ui/badge'
import { formatDay } from '../../../lib/time'
import { adminAuditQuery } from '../admin.api'
import { useAdminTable } from '../hooks/use-admin-table'
import { PagedAdminTable, Td, Th } from './admin-table'
import { useSharedText } from '../../../lib/i18n/shared-text'

const COLUMNS = 4

const pad = (n: number) => String(n).padStart(2, '0')
/** The entry's local time of day, 'HH:mm'. */
const timeOfDay = (date: Date) => `${pad(date.getHours())}:${pad(date.getMinutes())}`

/** The audit log: who did what, and when. */
export function AuditTab() {
  const sharedText = useSharedText()
  const { t } = useTranslation('admin')
  const table = useAdminTable()
  const result = useQuery(adminAuditQuery(table.params))
  return (
    <PagedAdminTable
      table={table}
      result={result}
      search={{ label: t('audit.searchLabel'), placeholder: t('audit.searchPlaceholder') }}
      caption={t('audit.caption')}
      head={
        <>
          <Th>{t('audit.when')}</Th>
          <Th>{t('audit.admin')}</Th>
          <Th>{t('audit.action')}</Th>
          <Th>{t('audit.details')}</Th>
        </>
      }
      columns={COLUMNS}
      texts={{
        loading: t('audit.loading'),
        empty: t('audit.empty'),
        loadFailed: sharedText(ADMIN_MESSAGES.loadAuditFailed),
      }}
      noun="entries"
      renderRow={(entry) => (
        <tr key={entry.id}>
          <Td className="whitespace-nowrap text-muted-foreground">
            <time dateTime={entry.createdAt}>
              {t('audit.time', {
                day: formatDay(parseISO(entry.createdAt)),
                time: timeOfDay(parseISO(entry.createdAt)),
              })}
            </time>
          </Td>
          <Td className="whitespace-nowrap">
            {entry.adminUsername ? (
              `@${entry.adminUsername}`
            ) : (
              <span className="text-muted-foreground">{t('audit.deletedAdmin')}</span>
            )}
          </Td>
          <Td>
            {/* The action's code, as the server logs it: an identifier, not a text to translate. */}
            <Badge variant="outline" className="font-mono" translate="no">
              {entry.action}
            </Badge>
          </Td>
          <Td className="max-w-md break-words">
            <span translate="no">{entry.details}</span>
          </Td>
        </tr>
      )}
    />
  )
}
