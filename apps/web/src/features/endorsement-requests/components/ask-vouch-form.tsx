import { useTranslation } from 'react-i18next'
import { zodResolver } from '@hookform/resolvers/zod'
import { ZEndorsementRequestForm, type TEndorsementRequestForm } from '@vouched/shared/endorsement-requests'
import { ANY_CATEGORY, ENDORSEMENT_REQUEST_MESSAGE_MAX } from '@vouched/shared/endorsement-requests.constants'
import { CATEGORIES } from '@vouched/shared/endorsements.constants'
import { useForm } from 'react-hook-form'
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '../../../components/ui/form'
import { FormDialogFooter } from '../../../components/ui/form-dialog-footer'
import { Input } from '../../../components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select'
import { Textarea } from '../../../components/ui/textarea'
import { toast } from '../../../components/ui/toast'
import { errorMessage, isApiError } from '../../../lib/api-client'
import { useCreateEndorsementRequest } from '../endorsement-requests.api'
import { useSharedText } from '../../../lib/i18n/shared-text'

const FORM_FIELDS = ['hashtags', 'category', 'message'] as const

/** The form inside AskVouchButton's dialog (its own chunk). */
export default function AskVouchForm({
  target,
  onDone,
}: {
  target: { id: number; username: string; fullName?: string | null }
  onDone: () => void
}) {
  const { t } = useTranslation('endorsement-requests')
  const sharedText = useSharedText()
  const create = useCreateEndorsementRequest()
  const name = target.fullName || target.username
  // raw: the fields keep the form's types (the shared ui's FormField knows one type per form); the
  // checked values become the API's body on submit.
  const form = useForm<TEndorsementRequestForm>({
    resolver: zodResolver(ZEndorsementRequestForm, undefined, { raw: true }),
    defaultValues: { toUserId: target.id, hashtags: '', category: ANY_CATEGORY, message: '' },
  })

  const onSubmit = form.handleSubmit((values) =>
    create.mutate(ZEndorsementRequestForm.parse(values), {
      onSuccess: () => {
        toast({ title: t('sent'), description: t('sentDescription', { name }) })
        onDone()
      },
      onError: (error) => {
        const field = isApiError(error) ? error.field : undefined
        if (field && (FORM_FIELDS as readonly string[]).includes(field)) {
          form.setError(field as (typeof FORM_FIELDS)[number], { message: errorMessage(error) })
        }
        toast({ title: t('sendError'), description: errorMessage(error), variant: 'destructive' })
      },
    }),
  )

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField
          control={form.control}
          name="hashtags"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('skills')}</FormLabel>
              <FormControl>
                <Input {...field} placeholder={t('skillsPlaceholder')} autoComplete="off" />
              </FormControl>
              <FormDescription>{t('skillsHint')}</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="category"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('category')}</FormLabel>
              <Select value={field.value} onValueChange={field.onChange}>
                <FormControl>
                  <SelectTrigger>
                    <SelectValue />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
                  <SelectItem value={ANY_CATEGORY}>{t('anyCategory')}</SelectItem>
                  {CATEGORIES.map((category) => (
                    <SelectItem key={category} value={category}>
                      {sharedText(category)}
                    </SelectItem>
                  ))}
                </SelectContent>
              </Select>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="message"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('message')}</FormLabel>
              <FormControl>
                <Textarea {...field} rows={3} placeholder={t('messagePlaceholder')} />
              </FormControl>
              <div className="flex justify-between gap-2">
                <FormMessage />
                <span className="ml-auto text-xs text-muted-foreground">
                  {field.value.length}/{ENDORSEMENT_REQUEST_MESSAGE_MAX}
                </span>
              </div>
            </FormItem>
          )}
        />
        <FormDialogFooter onCancel={onDone} pending={create.isPending}>
          {create.isPending ? t('sending') : t('send')}
        </FormDialogFooter>
      </form>
    </Form>
  )
}
