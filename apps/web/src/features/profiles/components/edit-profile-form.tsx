import { useTranslation } from 'react-i18next'
import { FormDialogFooter } from '../../../components/ui/form-dialog-footer'
import { zodResolver } from '@hookform/resolvers/zod'
import { ZUpdateProfileBody, type TUpdateProfileBody } from '@vouched/shared/profiles'
import { PROFILE_MESSAGES } from '@vouched/shared/profiles.constants'
import { BIO_MAX, FULL_NAME_MAX, LOCATION_MAX, TITLE_MAX } from '@vouched/shared/users.constants'
import { useForm } from 'react-hook-form'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form'
import { Input } from '../../../components/ui/input'
import { Textarea } from '../../../components/ui/textarea'
import { toast } from '../../../components/ui/toast'
import { errorMessage, isApiError } from '../../../lib/api-client'
import { useUpdateProfile } from '../profiles.api'
import type { Editable } from './edit-profile-dialog'
import { useSharedText } from '../../../lib/i18n/shared-text'

const FIELDS = ['fullName', 'title', 'bio', 'location'] as const

/** The form inside EditProfileDialog (its own chunk). */
export default function EditProfileForm({ user, onDone }: { user: Editable; onDone: () => void }) {
  const sharedText = useSharedText()
  const { t } = useTranslation('profiles')
  const update = useUpdateProfile(user.id)
  const form = useForm<TUpdateProfileBody>({
    resolver: zodResolver(ZUpdateProfileBody),
    defaultValues: {
      fullName: user.fullName ?? '',
      title: user.title ?? '',
      bio: user.bio ?? '',
      location: user.location ?? '',
    },
  })

  const onSubmit = form.handleSubmit((body) => {
    update.mutate(body, {
      onSuccess: () => {
        toast({ title: t('edit.updated'), description: t('edit.updatedText') })
        onDone()
      },
      onError: (error) => {
        const field = isApiError(error) ? error.field : undefined
        if (field && (FIELDS as readonly string[]).includes(field)) {
          form.setError(field as (typeof FIELDS)[number], { message: errorMessage(error) })
        }
        toast({
          title: sharedText(PROFILE_MESSAGES.updateFailed),
          description: errorMessage(error, sharedText(PROFILE_MESSAGES.updateProfileFailed)),
          variant: 'destructive',
        })
      },
    })
  })

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <FormField
          control={form.control}
          name="fullName"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('edit.fullName')}</FormLabel>
              <FormControl>
                <Input {...field} value={field.value ?? ''} maxLength={FULL_NAME_MAX} autoComplete="name" />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="title"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('edit.jobTitle')}</FormLabel>
              <FormControl>
                <Input
                  {...field}
                  value={field.value ?? ''}
                  maxLength={TITLE_MAX}
                  placeholder={t('edit.jobTitlePlaceholder')}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="location"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('edit.location')}</FormLabel>
              <FormControl>
                <Input
                  {...field}
                  value={field.value ?? ''}
                  maxLength={LOCATION_MAX}
                  placeholder={t('edit.locationPlaceholder')}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="bio"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('edit.bio')}</FormLabel>
              <FormControl>
                <Textarea {...field} value={field.value ?? ''} rows={4} maxLength={BIO_MAX} />
              </FormControl>
              <p className="text-right text-xs text-muted-foreground">
                {(field.value ?? '').length}/{BIO_MAX}
              </p>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormDialogFooter onCancel={onDone} pending={update.isPending}>
          {update.isPending ? t('edit.saving') : t('edit.save')}
        </FormDialogFooter>
      </form>
    </Form>
  )
}
