import { useTranslation } from 'react-i18next'
import { zodResolver } from '@hookform/resolvers/zod'
import { ZMessageForm, type TMessage, type TMessageForm } from '@vouched/shared/messaging'
import { MESSAGE_MAX, MESSAGING_MESSAGES } from '@vouched/shared/messaging.constants'
import { Loader2Icon, SendIcon } from 'lucide-react'
import { useForm, useWatch } from 'react-hook-form'
import { Button } from '../../../components/ui/button'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form'
import { Textarea } from '../../../components/ui/textarea'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { useSendMessage } from '../messaging.api'
import { useSharedText } from '../../../lib/i18n/shared-text'

/** Writes to one member: 1–2000 characters; Enter sends, Shift+Enter starts a new line. */
export function MessageComposer({
  recipientId,
  recipientName,
  onSent,
}: {
  recipientId: number
  recipientName: string
  onSent?: (message: TMessage) => void
}) {
  const sharedText = useSharedText()
  const { t } = useTranslation('messaging')
  const send = useSendMessage()
  const form = useForm<TMessageForm>({ resolver: zodResolver(ZMessageForm), defaultValues: { content: '' } })
  const length = useWatch({ control: form.control, name: 'content' }).length

  const onSubmit = form.handleSubmit(({ content }) =>
    send.mutateAsync({ recipientId, content }).then(
      (message) => {
        form.reset({ content: '' })
        form.setFocus('content')
        onSent?.(message)
      },
      (error: unknown) =>
        toast({
          title: sharedText(MESSAGING_MESSAGES.sendFailed),
          description: errorMessage(error),
          variant: 'destructive',
        }),
    ),
  )

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-2 border-t bg-card p-3">
        <FormField
          control={form.control}
          name="content"
          render={({ field }) => (
            <FormItem>
              <FormLabel className="sr-only">{t('composer.label', { name: recipientName })}</FormLabel>
              <div className="flex items-end gap-2">
                <FormControl>
                  <Textarea
                    rows={2}
                    placeholder={t('composer.placeholder', { name: recipientName })}
                    className="max-h-40 min-h-11 resize-none"
                    onKeyDown={(event) => {
                      if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
                        event.preventDefault()
                        void onSubmit()
                      }
                    }}
                    {...field}
                  />
                </FormControl>
                <Button
                  type="submit"
                  size="icon"
                  aria-label={t('composer.send')}
                  disabled={send.isPending || length === 0}
                >
                  {send.isPending ? (
                    <Loader2Icon className="animate-spin" aria-hidden />
                  ) : (
                    <SendIcon aria-hidden />
                  )}
                </Button>
              </div>
              <div className="flex items-start justify-between gap-3">
                <FormMessage />
                <span
                  className={cn(
                    'ml-auto text-xs tabular-nums text-muted-foreground',
                    length > MESSAGE_MAX && 'text-destructive',
                  )}
                >
                  {length}/{MESSAGE_MAX}
                </span>
              </div>
            </FormItem>
          )}
        />
      </form>
    </Form>
  )
}
