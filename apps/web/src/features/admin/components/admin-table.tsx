import { ChevronLeftIcon, ChevronRightIcon, Loader2Icon, SearchIcon, Trash2Icon } from 'lucide-react'
import { useId, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription } from '../../../components/ui/alert'
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from '../../../components/ui/alert-dialog'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { cn } from '../../../lib/cn'
import { ADMIN_MESSAGES } from '@vouched/shared/admin.constants'
import type { AdminTableState } from '../hooks/use-admin-table'
import { useSharedText } from '../../../lib/i18n/shared-text'

/** The search box above an admin table; filtering starts after a short pause in typing. */
export function TableSearch({
  label,
  value,
  onChange,
  placeholder,
  busy,
}: {
  label: string
  value: string
  onChange: (value: string) => void
  placeholder: string
  busy?: boolean
}) {
  const { t } = useTranslation('admin')
  const id = useId()
  return (
    <div className="relative w-full sm:max-w-sm">
      <label htmlFor={id} className="sr-only">
        {label}
      </label>
      <SearchIcon
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        id={id}
        type="search"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        placeholder={placeholder}
        className="pl-9"
        autoComplete="off"
      />
      {busy ? (
        <Loader2Icon
          className="absolute top-1/2 right-3 size-4 -translate-y-1/2 animate-spin text-muted-foreground"
          aria-label={t('table.loading')}
        />
      ) : null}
    </div>
  )
}

/** What a table lists, naming its count texts under table.counts and table.pagesLabel. */
export type TableNoun = 'users' | 'hashtags' | 'entries' | 'conversations' | 'endorsements' | 'messages'

/** 'Page x of y' with Previous/Next; the total says how many rows match. */
export function TablePagination({
  page,
  limit,
  total,
  onPage,
  noun,
}: {
  page: number
  limit: number
  total: number
  onPage: (page: number) => void
  noun: TableNoun
}) {
  const { t } = useTranslation('admin')
  const pages = Math.max(1, Math.ceil(total / limit))
  return (
    <nav
      aria-label={t(`table.pagesLabel.${noun}`)}
      className="flex flex-wrap items-center justify-between gap-3 text-sm"
    >
      <p className="text-muted-foreground" aria-live="polite">
        {t('table.summary', {
          items: t(`table.counts.${noun}`, { count: total }),
          page: Math.min(page, pages),
          pages,
        })}
      </p>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={() => onPage(page - 1)} disabled={page <= 1}>
          <ChevronLeftIcon aria-hidden />
          {t('table.previous')}
        </Button>
        <Button variant="outline" size="sm" onClick={() => onPage(page + 1)} disabled={page >= pages}>
          {t('table.next')}
          <ChevronRightIcon aria-hidden />
        </Button>
      </div>
    </nav>
  )
}

export function LoadError({ children }: { children: ReactNode }) {
  return (
    <Alert variant="destructive" role="alert">
      <AlertDescription>{children}</AlertDescription>
    </Alert>
  )
}

/** A scrollable table with a caption for screen readers. */
export function DataTable({
  caption,
  head,
  children,
  busy,
}: {
  caption: string
  head: ReactNode
  children: ReactNode
  busy?: boolean
}) {
  return (
    <div
      className={cn('relative overflow-x-auto rounded-lg border bg-card', busy && 'opacity-70')}
      aria-busy={busy}
    >
      <table className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b bg-muted/50 text-xs tracking-wide text-muted-foreground uppercase">
          <tr>{head}</tr>
        </thead>
        <tbody className="divide-y">{children}</tbody>
      </table>
    </div>
  )
}

export const Th = ({ children, className }: { children?: ReactNode; className?: string }) => (
  <th scope="col" className={cn('px-3 py-2.5 font-medium', className)}>
    {children}
  </th>
)

export const Td = ({ children, className }: { children?: ReactNode; className?: string }) => (
  <td className={cn('px-3 py-2.5 align-middle', className)}>{children}</td>
)

/** A full-width row for loading and empty states. */
export function TableMessage({ colSpan, children }: { colSpan: number; children: ReactNode }) {
  return (
    <tr>
      <td colSpan={colSpan} className="px-3 py-10 text-center text-sm text-muted-foreground">
        {children}
      </td>
    </tr>
  )
}

/** A destructive action behind an 'Are you sure?' confirmation. */
export function ConfirmDeleteButton({
  label,
  description,
  onConfirm,
  pending,
  disabled,
  confirmLabel,
}: {
  /** Accessible name of the trigger, e.g. 'Delete @alice'. */
  label: string
  description: ReactNode
  onConfirm: () => void
  pending?: boolean
  disabled?: boolean
  confirmLabel?: string
}) {
  const sharedText = useSharedText()
  const { t } = useTranslation('admin')
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button
          variant="ghost"
          size="sm"
          className="text-destructive hover:bg-destructive/10 hover:text-destructive"
          aria-label={label}
          disabled={disabled || pending}
        >
          {pending ? <Loader2Icon className="animate-spin" aria-hidden /> : <Trash2Icon aria-hidden />}
          <span className="hidden md:inline">{t('table.delete')}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>{sharedText(ADMIN_MESSAGES.confirmTitle)}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>{t('table.cancel')}</AlertDialogCancel>
          <AlertDialogAction variant="destructive" onClick={onConfirm}>
            {confirmLabel ?? t('table.delete')}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  )
}

type Page<Row> = { items: Row[]; limit: number; total: number }

/**
 * A searchable, paged admin table: the search box, a load error, the rows (or the loading and empty
 * texts) and the pager. The tab owns its query and draws its rows.
 */
export function PagedAdminTable<Row>({
  table,
  result,
  search,
  caption,
  head,
  columns,
  texts,
  noun,
  renderRow,
}: {
  table: AdminTableState
  result: {
    data: Page<Row> | undefined
    isPending: boolean
    isError: boolean
    isFetching: boolean
    isPlaceholderData: boolean
  }
  search: { label: string; placeholder: string }
  caption: string
  head: ReactNode
  columns: number
  texts: { loading: string; empty: string; loadFailed: string }
  /** What the rows are, for the pager. */
  noun: TableNoun
  renderRow: (row: Row) => ReactNode
}) {
  const { data } = result
  return (
    <div className="grid gap-4">
      <TableSearch
        label={search.label}
        placeholder={search.placeholder}
        value={table.search}
        onChange={table.setSearch}
        busy={result.isFetching && !result.isPending}
      />
      {result.isError ? (
        <LoadError>{texts.loadFailed}</LoadError>
      ) : (
        <DataTable caption={caption} busy={result.isPlaceholderData} head={head}>
          {!data ? (
            <TableMessage colSpan={columns}>{texts.loading}</TableMessage>
          ) : data.items.length === 0 ? (
            <TableMessage colSpan={columns}>{texts.empty}</TableMessage>
          ) : (
            data.items.map(renderRow)
          )}
        </DataTable>
      )}
      {data ? (
        <TablePagination
          page={table.page}
          limit={data.limit}
          total={data.total}
          onPage={table.setPage}
          noun={noun}
        />
      ) : null}
    </div>
  )
}
