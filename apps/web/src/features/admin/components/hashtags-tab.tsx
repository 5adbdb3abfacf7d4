import { useQuery } from '@tanstack/react-query'
import type { TAdminHashtag } from '@vouched/shared/admin'
import { ADMIN_MESSAGES } from '@vouched/shared/admin.constants'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { adminHashtagsQuery, useDeleteHashtag } from '../admin.api'
import { useAdminTable } from '../hooks/use-admin-table'
import { ConfirmDeleteButton, PagedAdminTable, Td, Th } from './admin-table'
import { useSharedText } from '../../../lib/i18n/shared-text'

const COLUMNS = 3

/** Every hashtag with how many endorsements carry it; deleting one removes it from all of them. */
export function HashtagsTab() {
  const sharedText = useSharedText()
  const { t } = useTranslation('admin')
  const table = useAdminTable()
  const result = useQuery(adminHashtagsQuery(table.params))
  return (
    <PagedAdminTable
      table={table}
      result={result}
      search={{ label: t('hashtags.searchLabel'), placeholder: t('hashtags.searchPlaceholder') }}
      caption={t('hashtags.caption')}
      head={
        <>
          <Th>{t('hashtags.hashtag')}</Th>
          <Th className="text-right">{t('hashtags.endorsements')}</Th>
          <Th className="text-right">
            <span className="sr-only">{t('table.actions')}</span>
          </Th>
        </>
      }
      columns={COLUMNS}
      texts={{
        loading: t('hashtags.loading'),
        empty: t('hashtags.empty'),
        loadFailed: sharedText(ADMIN_MESSAGES.loadHashtagsFailed),
      }}
      noun="hashtags"
      renderRow={(hashtag) => <HashtagRow key={hashtag.id} hashtag={hashtag} />}
    />
  )
}

function HashtagRow({ hashtag }: { hashtag: TAdminHashtag }) {
  const sharedText = useSharedText()
  const { t } = useTranslation('admin')
  const remove = useDeleteHashtag()
  // mutateAsync: the refetch removes this row, and mutate's callbacks never run once it is gone.
  const confirmDelete = () =>
    remove.mutateAsync(hashtag.id).then(
      () =>
        toast({
          title: t('hashtags.deleted'),
          description: t('hashtags.deletedDescription', { tag: hashtag.tag }),
        }),
      (error: unknown) =>
        toast({
          title: sharedText(ADMIN_MESSAGES.deleteHashtagFailed),
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
          label={t('hashtags.deleteLabel', { tag: hashtag.tag })}
          description={t('hashtags.deleteDescription', { tag: hashtag.tag, count: hashtag.count })}
          onConfirm={confirmDelete}
          pending={remove.isPending}
        />
      </Td>
    </tr>
  )
}
