import { useQuery } from '@tanstack/react-query'
import type { TAdminEndorsement } from '@vouched/shared/admin'
import { ADMIN_MESSAGES } from '@vouched/shared/admin.constants'
import { formatMultiplier } from '../../../lib/numbers'
import { EyeOffIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Badge } from '../../../components/ui/badge'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { formatRelativeTime } from '../../../lib/time'
import { adminEndorsementsQuery, useDeleteEndorsement } from '../admin.api'
import { useAdminTable } from '../hooks/use-admin-table'
import { ConfirmDeleteButton, PagedAdminTable, Td, Th } from './admin-table'
import { useSharedText } from '../../../lib/i18n/shared-text'

const COLUMNS = 6

const MemberLink = ({ username, fullName }: { username: string; fullName: string | null }) => (
  <Link to={`/profile/${encodeURIComponent(username)}`} className="flex flex-col hover:underline">
    <span className="font-medium">{fullName || username}</span>
    <span className="text-xs text-muted-foreground">@{username}</span>
  </Link>
)

/** Every endorsement, anonymous endorsers named; deleting one recomputes the receiver's standing. */
export function EndorsementsTab() {
  const sharedText = useSharedText()
  const { t } = useTranslation('admin')
  const table = useAdminTable()
  const result = useQuery(adminEndorsementsQuery(table.params))
  return (
    <PagedAdminTable
      table={table}
      result={result}
      search={{ label: t('endorsements.searchLabel'), placeholder: t('endorsements.searchPlaceholder') }}
      caption={t('endorsements.caption')}
      head={
        <>
          <Th>{t('endorsements.from')}</Th>
          <Th>{t('endorsements.to')}</Th>
          <Th>{t('endorsements.category')}</Th>
          <Th className="hidden lg:table-cell">{t('endorsements.hashtags')}</Th>
          <Th className="hidden md:table-cell">{t('endorsements.given')}</Th>
          <Th className="text-right">
            <span className="sr-only">{t('table.actions')}</span>
          </Th>
        </>
      }
      columns={COLUMNS}
      texts={{
        loading: t('endorsements.loading'),
        empty: t('endorsements.empty'),
        loadFailed: sharedText(ADMIN_MESSAGES.loadEndorsementsFailed),
      }}
      noun="endorsements"
      renderRow={(endorsement) => <EndorsementRow key={endorsement.id} endorsement={endorsement} />}
    />
  )
}

function EndorsementRow({ endorsement }: { endorsement: TAdminEndorsement }) {
  const sharedText = useSharedText()
  const { t } = useTranslation('admin')
  const remove = useDeleteEndorsement()
  // mutateAsync: the refetch that follows removes this row, and mutate's own callbacks never run once
  // their component is gone, so the toast would depend on which finishes first.
  const confirmDelete = () =>
    remove.mutateAsync(endorsement.id).then(
      () =>
        toast({
          title: t('endorsements.deleted'),
          description: t('endorsements.deletedDescription', { username: endorsement.toUsername }),
        }),
      (error: unknown) =>
        toast({
          title: sharedText(ADMIN_MESSAGES.deleteEndorsementFailed),
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
            {t('endorsements.anonymous')}
          </Badge>
        ) : null}
      </Td>
      <Td>
        <MemberLink username={endorsement.toUsername} fullName={endorsement.toFullName} />
      </Td>
      <Td>
        <span className="font-medium">{sharedText(endorsement.category)}</span>
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
          label={t('endorsements.deleteLabel', {
            from: endorsement.fromUsername,
            to: endorsement.toUsername,
          })}
          description={t('endorsements.deleteDescription', {
            category: endorsement.category,
            from: endorsement.fromUsername,
            to: endorsement.toUsername,
          })}
          onConfirm={confirmDelete}
          pending={remove.isPending}
        />
      </Td>
    </tr>
  )
}
