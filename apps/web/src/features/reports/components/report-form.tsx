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
  const create = useCreateReport()
  const form = useForm<TCreateReportBody>({
    resolver: zodResolver(ZCreateReportBody),
    defaultValues: { targetType, targetId, reason: '' },
  })
  const onSubmit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: () => {
        toast({ title: 'Report sent', description: REPORT_MESSAGES.sent })
        onDone()
      },
      onError: (error) => {
        toast({ title: REPORT_MESSAGES.sendFailed, description: errorMessage(error), variant: 'destructive' })
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
              <FormLabel>Reason</FormLabel>
              <FormControl>
                <Textarea {...field} rows={4} maxLength={REPORT_REASON_MAX} placeholder="What is wrong?" />
              </FormControl>
              <p className="text-right text-xs text-muted-foreground">
                {(field.value ?? '').length}/{REPORT_REASON_MAX}
              </p>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormDialogFooter onCancel={onDone} pending={create.isPending}>
          Send report
        </FormDialogFooter>
      </form>
    </Form>
  )
}
