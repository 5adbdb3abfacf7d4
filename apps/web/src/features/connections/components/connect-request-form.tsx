import { FormDialogFooter } from '../../../components/ui/form-dialog-footer'
import { zodResolver } from '@hookform/resolvers/zod'
import { ZConnectionRequestForm } from '@vouched/shared/connections'
import { CONNECTION_MESSAGE_MAX } from '@vouched/shared/connections.constants'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form'
import { Textarea } from '../../../components/ui/textarea'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useSendConnectionRequest } from '../connections.api'

/** The optional note of a connection request, inside ConnectButton's dialog (its own chunk). */
export default function ConnectRequestForm({ userId, onDone }: { userId: number; onDone: () => void }) {
  const { t } = useTranslation('connections')
  const send = useSendConnectionRequest()
  const form = useForm({ resolver: zodResolver(ZConnectionRequestForm), defaultValues: { message: '' } })

  const onSubmit = form.handleSubmit(({ message }) =>
    send.mutateAsync({ userId, message: message?.trim() || undefined }).then(
      () => {
        toast({ title: t('requestForm.sent') })
        onDone()
      },
      (error: unknown) =>
        toast({
          title: t('requestForm.sendError'),
          description: errorMessage(error),
          variant: 'destructive',
        }),
    ),
  )

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField
          control={form.control}
          name="message"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('requestForm.message')}</FormLabel>
              <FormControl>
                <Textarea rows={4} placeholder={t('requestForm.placeholder')} {...field} />
              </FormControl>
              <div className="flex justify-between gap-2">
                <FormMessage />
                <span className="ml-auto text-xs text-muted-foreground">
                  {(field.value ?? '').length}/{CONNECTION_MESSAGE_MAX}
                </span>
              </div>
            </FormItem>
          )}
        />
        <FormDialogFooter onCancel={onDone} pending={send.isPending}>
          {t('requestForm.submit')}
        </FormDialogFooter>
      </form>
    </Form>
  )
}
