import { zodResolver } from '@hookform/resolvers/zod'
import { changePasswordBody, type TChangePasswordBody } from '@vouched/shared/account'
import { ACCOUNT_MESSAGES } from '@vouched/shared/account.constants'
import { Loader2Icon } from 'lucide-react'
import { useMemo } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form'
import { PasswordInput } from '../../../components/ui/password-input'
import { PasswordStrength } from '../../../components/ui/password-strength'
import { toast } from '../../../components/ui/toast'
import { errorMessage, isApiError } from '../../../lib/api-client'
import { lazyPasswordMeter } from '../../../lib/password-meter'
import { useCurrentUser } from '../../../lib/session'
import { useChangePassword } from '../account.api'
import { useSharedText } from '../../../lib/i18n/shared-text'

const FIELDS = ['currentPassword', 'newPassword', 'confirmPassword'] as const
const EMPTY: TChangePasswordBody = { currentPassword: '', newPassword: '', confirmPassword: '' }

/** Change password: the current one first; the server signs every other session out. */
export function ChangePasswordForm() {
  const sharedText = useSharedText()
  const { t } = useTranslation('account')
  const change = useChangePassword()
  const { user } = useCurrentUser()
  const owner = useMemo(() => ({ username: user?.username, email: user?.email }), [user])
  const schema = useMemo(() => changePasswordBody(lazyPasswordMeter, owner), [owner])
  const form = useForm<TChangePasswordBody>({
    resolver: zodResolver(schema),
    defaultValues: EMPTY,
  })

  const onSubmit = form.handleSubmit((body) =>
    change.mutate(body, {
      onSuccess: (result) => {
        form.reset(EMPTY)
        toast({ title: t('changePassword.changed'), description: result.message })
      },
      onError: (error) => {
        const field = isApiError(error) ? error.field : undefined
        if (field && (FIELDS as readonly string[]).includes(field)) {
          form.setError(
            field as (typeof FIELDS)[number],
            { message: errorMessage(error) },
            { shouldFocus: true },
          )
        }
        toast({
          title: sharedText(ACCOUNT_MESSAGES.passwordChangeFailed),
          description: errorMessage(error),
          variant: 'destructive',
        })
      },
    }),
  )

  return (
    <Form {...form}>
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid max-w-md gap-4"
        aria-label={t('changePassword.formLabel')}
      >
        <FormField
          control={form.control}
          name="currentPassword"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('changePassword.currentPassword')}</FormLabel>
              <FormControl>
                <PasswordInput {...field} autoComplete="current-password" />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="newPassword"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('changePassword.newPassword')}</FormLabel>
              <FormControl>
                <PasswordInput {...field} autoComplete="new-password" />
              </FormControl>
              <PasswordStrength password={field.value} owner={owner} />
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="confirmPassword"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('changePassword.confirmPassword')}</FormLabel>
              <FormControl>
                <PasswordInput {...field} autoComplete="new-password" />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" className="justify-self-start" disabled={change.isPending}>
          {change.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
          {t('changePassword.submit')}
        </Button>
      </form>
    </Form>
  )
}
