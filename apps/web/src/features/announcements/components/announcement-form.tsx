import { zodResolver } from '@hookform/resolvers/zod'
import {
  ZCreateAnnouncementBody,
  type TCreateAnnouncementBody,
  type TCreateAnnouncementInput,
} from '@vouched/shared/announcements'
import { ANNOUNCEMENT_MESSAGES } from '@vouched/shared/announcements.constants'
import { Loader2Icon, MegaphoneIcon } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
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
import { Switch } from '../../../components/ui/switch'
import { Textarea } from '../../../components/ui/textarea'
import { toast } from '../../../components/ui/toast'
import { errorMessage, isApiError } from '../../../lib/api-client'
import { useCreateAnnouncement } from '../announcements.api'
import { useSharedText } from '../../../lib/i18n/shared-text'

const FIELDS = ['title', 'content', 'imageUrl', 'pinned'] as const
const emptyForm: TCreateAnnouncementInput = { title: '', content: '', imageUrl: '', pinned: false }

/** Admins post an announcement; the shared schema gives the texts of SPEC.md §5 on both sides. */
export function AnnouncementForm() {
  const sharedText = useSharedText()
  const { t } = useTranslation('announcements')
  const create = useCreateAnnouncement()
  const form = useForm<TCreateAnnouncementInput, unknown, TCreateAnnouncementBody>({
    resolver: zodResolver(ZCreateAnnouncementBody),
    defaultValues: emptyForm,
  })

  const onSubmit = form.handleSubmit((body) =>
    create.mutateAsync(body).then(
      (created) => {
        toast({
          title: t('form.created'),
          description: t('form.createdDescription', { title: created.title }),
        })
        form.reset(emptyForm)
      },
      (error: unknown) => {
        const field = isApiError(error) ? error.field : undefined
        if (field && (FIELDS as readonly string[]).includes(field)) {
          form.setError(field as (typeof FIELDS)[number], { message: errorMessage(error) })
        }
        toast({
          title: sharedText(ANNOUNCEMENT_MESSAGES.createFailed),
          description: errorMessage(error, sharedText(ANNOUNCEMENT_MESSAGES.createFailed)),
          variant: 'destructive',
        })
      },
    ),
  )

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label={t('form.label')}>
        <FormField
          control={form.control}
          name="title"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('form.title')}</FormLabel>
              <FormControl>
                <Input placeholder={t('form.titlePlaceholder')} autoComplete="off" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="content"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('form.content')}</FormLabel>
              <FormControl>
                <Textarea rows={5} placeholder={t('form.contentPlaceholder')} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="imageUrl"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('form.imageUrl')}</FormLabel>
              <FormControl>
                <Input
                  type="url"
                  inputMode="url"
                  placeholder="https://example.com/image.png"
                  {...field}
                  value={field.value ?? ''}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="pinned"
          render={({ field }) => (
            <FormItem className="flex items-center justify-between gap-4 rounded-lg border p-3">
              <div className="grid gap-1">
                <FormLabel>{t('form.pin')}</FormLabel>
                <FormDescription>{t('form.pinHint')}</FormDescription>
              </div>
              <FormControl>
                <Switch
                  checked={field.value ?? false}
                  onCheckedChange={field.onChange}
                  onBlur={field.onBlur}
                />
              </FormControl>
            </FormItem>
          )}
        />
        <Button type="submit" className="w-full sm:w-fit" disabled={create.isPending}>
          {create.isPending ? (
            <Loader2Icon className="animate-spin" aria-hidden />
          ) : (
            <MegaphoneIcon aria-hidden />
          )}
          {create.isPending ? t('form.submitting') : t('form.submit')}
        </Button>
      </form>
    </Form>
  )
}
