import { Trans, useTranslation } from 'react-i18next'
import { useQuery } from '@tanstack/react-query'
import type { TAdminReport } from '@vouched/shared/reports'
import {
  REPORT_ACTION_LABELS,
  REPORT_ACTIONS,
  REPORT_MESSAGES,
  REPORT_STATUSES,
  REPORT_TARGET_LABELS,
  REPORT_TARGET_TYPES,
  type TReportAction,
} from '@vouched/shared/reports.constants'
import { format, parseISO } from 'date-fns'
import { Loader2Icon } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from '../../../components/ui/dialog'
import { Label } from '../../../components/ui/label'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select'
import { Textarea } from '../../../components/ui/textarea'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import {
  reportQueueQuery,
  useDismissReport,
  useResolveReport,
  useUnsuspend,
  type ReportFilters,
} from '../reports.api'
import { useSharedText } from '../../../lib/i18n/shared-text'

/** "Jan 5, 2026 14:30" in English (as before); the language's own short form elsewhere. */
const when = (iso: string, language: string) =>
  language === 'en'
    ? format(parseISO(iso), 'MMM d, yyyy HH:mm')
    : new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(parseISO(iso))

/** Admin → Reports: the review queue, with resolve (and an action) or dismiss. */
export function ReportsTab() {
  const sharedText = useSharedText()
  const { t } = useTranslation('reports')
  const [filters, setFilters] = useState<ReportFilters>({ status: 'open', targetType: 'all', page: 1 })
  const queue = useQuery(reportQueueQuery(filters))
  const pages = queue.data ? Math.max(1, Math.ceil(queue.data.total / queue.data.limit)) : 1

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <div className="grid gap-1.5">
          <Label htmlFor="report-status">{t('tab.statusLabel')}</Label>
          <Select
            value={filters.status}
            onValueChange={(status) =>
              setFilters({ ...filters, status: status as ReportFilters['status'], page: 1 })
            }
          >
            <SelectTrigger id="report-status" className="w-40">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              {[...REPORT_STATUSES, 'all' as const].map((status) => (
                <SelectItem key={status} value={status}>
                  {t(`tab.status.${status}`)}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor="report-type">{t('tab.content')}</Label>
          <Select
            value={filters.targetType}
            onValueChange={(targetType) =>
              setFilters({ ...filters, targetType: targetType as ReportFilters['targetType'], page: 1 })
            }
          >
            <SelectTrigger id="report-type" className="w-40">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="all">{t('tab.allContent')}</SelectItem>
              {REPORT_TARGET_TYPES.map((type) => (
                <SelectItem key={type} value={type}>
                  {sharedText(REPORT_TARGET_LABELS[type])}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
        </div>
        {queue.isFetching && !queue.isPending ? (
          <Loader2Icon
            className="mb-2 size-4 animate-spin text-muted-foreground"
            aria-label={t('tab.refreshing')}
          />
        ) : null}
      </div>

      {queue.isPending ? (
        <p className="text-sm text-muted-foreground">{t('tab.loading')}</p>
      ) : queue.isError ? (
        <p className="text-sm text-destructive" role="alert">
          {sharedText(REPORT_MESSAGES.loadFailed)}
        </p>
      ) : queue.data.items.length === 0 ? (
        <p className="rounded-lg border border-dashed p-6 text-center text-sm text-muted-foreground">
          {filters.status === 'open' ? t('tab.emptyOpen') : t('tab.emptyFiltered')}
        </p>
      ) : (
        <ul className="grid gap-3" aria-label={t('tab.list')}>
          {queue.data.items.map((report) => (
            <ReportItem key={report.id} report={report} />
          ))}
        </ul>
      )}

      {queue.data && queue.data.total > queue.data.limit ? (
        <div className="flex items-center justify-between text-sm">
          <span className="text-muted-foreground">
            {t('tab.pages', { page: filters.page, pages, count: queue.data.total })}
          </span>
          <div className="flex gap-2">
            <Button
              variant="outline"
              size="sm"
              disabled={filters.page <= 1}
              onClick={() => setFilters({ ...filters, page: filters.page - 1 })}
            >
              {t('tab.previous')}
            </Button>
            <Button
              variant="outline"
              size="sm"
              disabled={filters.page >= pages}
              onClick={() => setFilters({ ...filters, page: filters.page + 1 })}
            >
              {t('tab.next')}
            </Button>
          </div>
        </div>
      ) : null}
    </div>
  )
}

function ReportItem({ report }: { report: TAdminReport }) {
  const sharedText = useSharedText()
  const { t, i18n } = useTranslation('reports')
  const unsuspend = useUnsuspend()
  const target = report.targetUser
  return (
    <li
      className="grid gap-2 rounded-xl border bg-card p-4"
      aria-label={t('tab.itemLabel', { id: report.id })}
    >
      <div className="flex flex-wrap items-center gap-2">
        <Badge variant="accent">{sharedText(REPORT_TARGET_LABELS[report.targetType])}</Badge>
        <Badge variant={report.status === 'open' ? 'destructive' : 'secondary'}>
          {t(`tab.status.${report.status}`)}
        </Badge>
        {!report.targetExists ? <Badge variant="outline">{t('tab.contentDeleted')}</Badge> : null}
        <span className="text-xs text-muted-foreground">
          #{report.id} · <time dateTime={report.createdAt}>{when(report.createdAt, i18n.language)}</time>
        </span>
      </div>
      <p className="text-sm">
        <span className="font-medium">{t('tab.reason')}</span>
        {report.reason}
      </p>
      {report.snapshot ? (
        <blockquote className="rounded-md bg-muted px-3 py-2 text-sm break-words whitespace-pre-line">
          {report.snapshot}
        </blockquote>
      ) : null}
      <p className="text-xs text-muted-foreground">
        <Trans
          t={t}
          i18nKey={target ? 'tab.reportedByAbout' : 'tab.reportedBy'}
          values={{ reporter: report.reporter.username, target: target?.username, email: target?.email }}
          components={{
            reporter: <Link to={`/profile/${report.reporter.username}`} className="hover:underline" />,
            target: <Link to={`/profile/${target?.username ?? ''}`} className="hover:underline" />,
          }}
        />
      </p>
      {report.status !== 'open' ? (
        <p className="text-xs text-muted-foreground">
          {t(report.resolvedAt ? 'tab.resolvedByOn' : 'tab.resolvedBy', {
            status: t(`tab.status.${report.status}`),
            admin: report.resolvedBy ? `@${report.resolvedBy.username}` : t('tab.deletedAdmin'),
            date: report.resolvedAt ? when(report.resolvedAt, i18n.language) : '',
          })}
          {report.action ? ` · ${sharedText(REPORT_ACTION_LABELS[report.action])}` : ''}
          {report.resolution ? ` · “${report.resolution}”` : ''}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        {report.status === 'open' ? (
          <>
            <ResolveDialog report={report} />
            <DismissButton id={report.id} />
          </>
        ) : null}
        {target?.suspendedAt ? (
          <>
            <Badge variant="destructive">{t('tab.suspended', { username: target.username })}</Badge>
            <Button
              variant="outline"
              size="sm"
              disabled={unsuspend.isPending}
              onClick={() =>
                unsuspend.mutate(target.id, {
                  onSuccess: () =>
                    toast({
                      title: t('tab.unsuspended'),
                      description: t('tab.unsuspendedText', { username: target.username }),
                    }),
                  onError: (error) =>
                    toast({
                      title: sharedText(REPORT_MESSAGES.resolveFailed),
                      description: errorMessage(error),
                      variant: 'destructive',
                    }),
                })
              }
            >
              {t('tab.unsuspend', { username: target.username })}
            </Button>
          </>
        ) : null}
      </div>
    </li>
  )
}

function DismissButton({ id }: { id: number }) {
  const sharedText = useSharedText()
  const { t } = useTranslation('reports')
  const dismiss = useDismissReport()
  return (
    <Button
      variant="ghost"
      size="sm"
      disabled={dismiss.isPending}
      // mutateAsync: a dismissed report may leave the list, and mutate's callbacks never run once it is gone.
      onClick={() =>
        dismiss.mutateAsync({ id }).then(
          () => toast({ title: t('tab.dismissed') }),
          (error: unknown) =>
            toast({
              title: sharedText(REPORT_MESSAGES.resolveFailed),
              description: errorMessage(error),
              variant: 'destructive',
            }),
        )
      }
    >
      {t('tab.dismiss')}
    </Button>
  )
}

function ResolveDialog({ report }: { report: TAdminReport }) {
  const sharedText = useSharedText()
  const { t } = useTranslation('reports')
  const [open, setOpen] = useState(false)
  const [action, setAction] = useState<TReportAction>(
    report.targetType === 'profile' ? 'suspend-member' : 'delete-content',
  )
  const [note, setNote] = useState('')
  const resolve = useResolveReport()
  const actions = REPORT_ACTIONS.filter(
    (a) =>
      !(report.targetType === 'profile' && (a === 'delete-content' || a === 'delete-and-suspend')) &&
      !(report.targetUser?.isAdmin && (a === 'suspend-member' || a === 'delete-and-suspend')),
  )
  const suspends = action === 'suspend-member' || action === 'delete-and-suspend'
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button size="sm">{t('resolve.trigger')}</Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{t('resolve.title', { id: report.id })}</DialogTitle>
          <DialogDescription>{t('resolve.description')}</DialogDescription>
        </DialogHeader>
        <div className="grid gap-4">
          <div className="grid gap-1.5">
            <Label htmlFor={`action-${report.id}`}>{t('resolve.action')}</Label>
            <Select value={action} onValueChange={(value) => setAction(value as TReportAction)}>
              <SelectTrigger id={`action-${report.id}`}>
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {actions.map((a) => (
                  <SelectItem key={a} value={a}>
                    {sharedText(REPORT_ACTION_LABELS[a])}
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
          </div>
          <div className="grid gap-1.5">
            <Label htmlFor={`note-${report.id}`}>
              {suspends ? t('resolve.reasonShown') : t('resolve.note')}
            </Label>
            <Textarea
              id={`note-${report.id}`}
              rows={3}
              maxLength={500}
              value={note}
              onChange={(event) => setNote(event.target.value)}
            />
          </div>
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={() => setOpen(false)}>
            {t('resolve.cancel')}
          </Button>
          <Button
            variant={action === 'none' ? 'default' : 'destructive'}
            disabled={resolve.isPending}
            // mutateAsync: a resolved report may leave the list, and mutate's callbacks never run once it is gone.
            onClick={() =>
              resolve.mutateAsync({ id: report.id, action, note: note.trim() || undefined }).then(
                () => {
                  toast({
                    title: t('resolve.resolved'),
                    description: sharedText(REPORT_ACTION_LABELS[action]),
                  })
                  setOpen(false)
                },
                (error: unknown) =>
                  toast({
                    title: sharedText(REPORT_MESSAGES.resolveFailed),
                    description: errorMessage(error),
                    variant: 'destructive',
                  }),
              )
            }
          >
            {resolve.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
            {t('resolve.submit')}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  )
}
