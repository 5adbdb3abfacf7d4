import { useTranslation } from 'react-i18next'
import { FormDialogFooter } from '../../../components/ui/form-dialog-footer'
import { zodResolver } from '@hookform/resolvers/zod'
import { ZCreateReportBody, type TCreateReportBody } from '@vouched/shared/reports'
import { REPORT_MESSAGES, REPORT_REASON_MAX, type TReportTargetType } from '@vouched/shared/reports.constants'
import { useForm } from 'react-hook-form'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form'
import { Textarea } from '../../../components/ui/textarea'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useCreateReport } from '../reports.api'
import { useSharedText } from '../../../lib/i18n/shared-text'

/** The reason form inside ReportDialog (its own chunk). */
export default function ReportForm({
  targetType,
  targetId,
  onDone,
}: {
  targetType: TReportTargetType
  targetId: number
  onDone: () => void
}) {
  const sharedText = useSharedText()
  const { t } = useTranslation('reports')
  const create = useCreateReport()
  const form = useForm<TCreateReportBody>({
    resolver: zodResolver(ZCreateReportBody),
    defaultValues: { targetType, targetId, reason: '' },
  })
  const onSubmit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: () => {
        toast({ title: t('form.sent'), description: sharedText(REPORT_MESSAGES.sent) })
        onDone()
      },
      onError: (error) => {
        toast({
          title: sharedText(REPORT_MESSAGES.sendFailed),
          description: errorMessage(error),
          variant: 'destructive',
        })
      },
    }),
  )
  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField
          control={form.control}
          name="reason"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('form.reason')}</FormLabel>
              <FormControl>
                <Textarea
                  {...field}
                  rows={4}
                  maxLength={REPORT_REASON_MAX}
                  placeholder={t('form.placeholder')}
                />
              </FormControl>
              <p className="text-right text-xs text-muted-foreground">
                {(field.value ?? '').length}/{REPORT_REASON_MAX}
              </p>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormDialogFooter onCancel={onDone} pending={create.isPending}>
          {t('form.send')}
        </FormDialogFooter>
      </form>
    </Form>
  )
}
