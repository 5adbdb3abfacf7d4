import { zodResolver } from '@hookform/resolvers/zod'
import {
  REPORT_MESSAGES,
  REPORT_REASON_MAX,
  REPORT_TARGET_LABELS,
  ZCreateReportBody,
  type TCreateReportBody,
  type TReportTargetType,
} from '@vouched/shared/reports'
import { FlagIcon, Loader2Icon } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
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
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form'
import { Textarea } from '../../../components/ui/textarea'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useCreateReport } from '../reports.api'

type Props = {
  targetType: TReportTargetType
  targetId: number
  /** What the trigger and dialog name, e.g. 'this endorsement'. */
  subject: string
  size?: 'sm' | 'default'
  variant?: 'ghost' | 'outline'
}

/** Report content to the admins with a reason (1–1000 characters). */
export function ReportDialog({ targetType, targetId, subject, size = 'sm', variant = 'ghost' }: Props) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant={variant} size={size} aria-label={`Report ${subject}`}>
          <FlagIcon aria-hidden />
          <span className={size === 'sm' ? 'hidden sm:inline' : undefined}>Report</span>
        </Button>
      </DialogTrigger>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Report {subject}</DialogTitle>
          <DialogDescription>
            Tell the admins what is wrong with this {REPORT_TARGET_LABELS[targetType].toLowerCase()}. They
            review every report; the member is not told who reported them.
          </DialogDescription>
        </DialogHeader>
        {open ? (
          <ReportForm targetType={targetType} targetId={targetId} onDone={() => setOpen(false)} />
        ) : null}
      </DialogContent>
    </Dialog>
  )
}

function ReportForm({
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
        <DialogFooter>
          <Button type="button" variant="outline" onClick={onDone}>
            Cancel
          </Button>
          <Button type="submit" disabled={create.isPending}>
            {create.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
            Send report
          </Button>
        </DialogFooter>
      </form>
    </Form>
  )
}
