import { zodResolver } from '@hookform/resolvers/zod'
import { ZForgotPasswordBody } from '@vouched/shared/auth'
import { AUTH_MESSAGES } from '@vouched/shared/auth.constants'
import { ArrowLeftIcon, Loader2Icon, MailCheckIcon } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form'
import { Input } from '../../../components/ui/input'
import { useRequestPasswordReset } from '../auth.api'
import { useSharedText } from '../../../lib/i18n/shared-text'

/**
 * Asks for a reset link. Whatever the server answers, the same neutral message shows (SPEC.md §8), so the
 * page never reveals whether an address has an account; failures are only logged.
 */
export function ForgotPasswordForm() {
  const sharedText = useSharedText()
  const { t } = useTranslation('auth')
  const requestReset = useRequestPasswordReset()
  const [sent, setSent] = useState(false)
  const form = useForm({ resolver: zodResolver(ZForgotPasswordBody), defaultValues: { email: '' } })

  const onSubmit = form.handleSubmit((body) =>
    requestReset.mutateAsync(body).then(
      () => setSent(true),
      (error: unknown) => {
        console.warn('Password reset request failed', error)
        setSent(true)
      },
    ),
  )

  if (sent) {
    return (
      <div className="grid gap-5">
        <Alert variant="success" role="status">
          <MailCheckIcon aria-hidden />
          <AlertTitle>{t('forgotPassword.checkEmail')}</AlertTitle>
          <AlertDescription>
            <p>{sharedText(AUTH_MESSAGES.forgotPasswordSent)}</p>
          </AlertDescription>
        </Alert>
        <BackToLogin />
      </div>
    )
  }

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('forgotPassword.email')}</FormLabel>
              <FormControl>
                <Input
                  type="email"
                  autoComplete="email"
                  autoCapitalize="none"
                  spellCheck={false}
                  {...field}
                />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" size="lg" className="w-full" disabled={requestReset.isPending}>
          {requestReset.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
          {requestReset.isPending ? t('forgotPassword.submitting') : t('forgotPassword.submit')}
        </Button>
        <BackToLogin />
      </form>
    </Form>
  )
}

export function BackToLogin() {
  const { t } = useTranslation('auth')
  return (
    <Button asChild variant="ghost" className="w-full text-muted-foreground">
      <Link to="/auth">
        <ArrowLeftIcon aria-hidden />
        {t('forgotPassword.backToLogin')}
      </Link>
    </Button>
  )
}
