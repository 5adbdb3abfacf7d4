import { zodResolver } from '@hookform/resolvers/zod'
import { ZCategory, ZHashtagList } from '@vouched/shared/endorsements'
import {
  CATEGORIES,
  DEFAULT_CATEGORY,
  ENDORSEMENT_MESSAGES,
  NOTE_MAX,
} from '@vouched/shared/endorsements.constants'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { Button } from '../../../components/ui/button'
import {
  Form,
  FormControl,
  FormDescription,
  FormField,
  FormItem,
  FormLabel,
  FormMessage,
} from '../../../components/ui/form'
import { Input } from '../../../components/ui/input'
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../../components/ui/select'
import { Textarea } from '../../../components/ui/textarea'
import { toast } from '../../../components/ui/toast'
import { errorMessage, isApiError } from '../../../lib/api-client'
import { useGiveRemoteVouch } from '../remote-vouches.api'
import { useSharedText } from '../../../lib/i18n/shared-text'

const skillsOf = (text: string) => text.split(/[,\s]+/).filter(Boolean)

/** The local vouch's rules; skills typed as one line, separated by commas or spaces. */
const ZRemoteVouchForm = z.object({
  category: ZCategory,
  note: z.string().trim().max(NOTE_MAX, ENDORSEMENT_MESSAGES.noteMax),
  hashtags: z.string().superRefine((text, ctx) => {
    const checked = ZHashtagList.safeParse(skillsOf(text))
    if (!checked.success) ctx.addIssue({ code: 'custom', message: checked.error.issues[0]!.message })
  }),
})
type FormValues = z.infer<typeof ZRemoteVouchForm>
const FIELDS = ['category', 'note', 'hashtags'] as const

/**
 * Vouching for a member of another Vouched server: category, note and skills as for a local vouch,
 * never anonymous (their server shows who gave it). Their server asks them before it shows.
 */
export function RemoteVouchForm({ actorUri, handle }: { actorUri: string; handle: string }) {
  const { t } = useTranslation('remote-vouches')
  const sharedText = useSharedText()
  const give = useGiveRemoteVouch()
  const form = useForm<FormValues>({
    resolver: zodResolver(ZRemoteVouchForm),
    defaultValues: { category: DEFAULT_CATEGORY, note: '', hashtags: '' },
  })

  const onSubmit = form.handleSubmit((values) => {
    give.mutate(
      {
        actorUri,
        category: values.category,
        note: values.note || undefined,
        hashtags: ZHashtagList.parse(skillsOf(values.hashtags)),
      },
      {
        onSuccess: () => {
          toast({ title: t('form.sent'), description: t('form.sentText', { handle }) })
          form.reset()
        },
        onError: (error) => {
          const field = isApiError(error) ? error.field : undefined
          if (field && (FIELDS as readonly string[]).includes(field)) {
            form.setError(field as (typeof FIELDS)[number], { message: errorMessage(error) })
          }
          toast({ title: t('form.failed'), description: errorMessage(error), variant: 'destructive' })
        },
      },
    )
  })

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField
          control={form.control}
          name="category"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('form.category')}</FormLabel>
              <Select value={field.value} onValueChange={field.onChange}>
                <FormControl>
                  <SelectTrigger>
                    <SelectValue placeholder={t('form.chooseCategory')} />
                  </SelectTrigger>
                </FormControl>
                <SelectContent>
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
          name="note"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('form.note')}</FormLabel>
              <FormControl>
                <Textarea {...field} rows={4} maxLength={NOTE_MAX} placeholder={t('form.notePlaceholder')} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="hashtags"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('form.skills')}</FormLabel>
              <FormControl>
                <Input {...field} placeholder={t('form.skillsPlaceholder')} autoComplete="off" />
              </FormControl>
              <FormDescription>{t('form.skillsHint')}</FormDescription>
              <FormMessage />
            </FormItem>
          )}
        />
        <p className="text-sm text-muted-foreground">{t('form.notAnonymous', { handle })}</p>
        <div>
          <Button type="submit" disabled={give.isPending}>
            {give.isPending ? t('form.submitting') : t('form.submit')}
          </Button>
        </div>
      </form>
    </Form>
  )
}
