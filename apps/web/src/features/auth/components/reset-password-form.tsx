import { zodResolver } from '@hookform/resolvers/zod'
import { resetPasswordBody } from '@vouched/shared/auth'
import { AUTH_MESSAGES } from '@vouched/shared/auth.constants'
import { AlertTriangleIcon, CheckCircle2Icon, Loader2Icon } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useForm } from 'react-hook-form'
import { Trans, useTranslation } from 'react-i18next'
import { Link, useNavigate } from 'react-router'
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form'
import { PasswordInput } from '../../../components/ui/password-input'
import { PasswordStrength } from '../../../components/ui/password-strength'
import { isApiError } from '../../../lib/api-client'
import { lazyPasswordMeter } from '../../../lib/password-meter'
import { useResetPassword } from '../auth.api'
import { BackToLogin } from './forgot-password-form'
import { useSharedText } from '../../../lib/i18n/shared-text'

/** SPEC.md §4: after a successful reset, the login page opens by itself after 3 seconds. */
export const RESET_REDIRECT_MS = 3000

const ZResetPasswordForm = resetPasswordBody(lazyPasswordMeter)

export function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const sharedText = useSharedText()
  const { t } = useTranslation('auth')
  const resetPassword = useResetPassword()
  const navigate = useNavigate()
  const [done, setDone] = useState<string | null>(null)
  const [failure, setFailure] = useState<string | null>(null)
  const linkMissing = !token || !email
  const form = useForm({
    resolver: zodResolver(ZResetPasswordForm),
    defaultValues: { token, email, password: '', confirmPassword: '' },
  })

  useEffect(() => {
    if (done === null) return
    const timer = setTimeout(() => void navigate('/auth', { replace: true }), RESET_REDIRECT_MS)
    return () => clearTimeout(timer)
  }, [done, navigate])

  const onSubmit = form.handleSubmit((body) => {
    setFailure(null)
    return resetPassword.mutateAsync(body).then(
      (answer) => setDone(answer.message),
      (error: unknown) => {
        const message = (isApiError(error) && error.body?.message) || t('resetPassword.failed')
        if (isApiError(error) && (error.field === 'password' || error.field === 'confirmPassword')) {
          form.setError(error.field, { message })
        } else {
          setFailure(message)
        }
      },
    )
  })

  if (done !== null) {
    return (
      <div className="grid gap-5">
        <Alert variant="success" role="status">
          <CheckCircle2Icon aria-hidden />
          <AlertTitle>{t('resetPassword.done')}</AlertTitle>
          <AlertDescription>
            <p>{done}</p>
            <p className="mt-1 text-muted-foreground">{t('resetPassword.redirecting')}</p>
          </AlertDescription>
        </Alert>
        <Button asChild size="lg" className="w-full">
          <Link to="/auth" replace>
            {t('resetPassword.goToLogin')}
          </Link>
        </Button>
      </div>
    )
  }

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5">
        {linkMissing ? (
          <Alert variant="destructive" role="alert">
            <AlertTriangleIcon aria-hidden />
            <AlertDescription>
              <p>{sharedText(AUTH_MESSAGES.missingResetLink)}</p>
              <Link
                to="/forgot-password"
                className="mt-1 inline-block font-medium underline underline-offset-4"
              >
                {t('resetPassword.requestNewLink')}
              </Link>
            </AlertDescription>
          </Alert>
        ) : (
          <p className="text-sm text-muted-foreground">
            <Trans
              t={t}
              i18nKey="resetPassword.chooseFor"
              values={{ email }}
              components={{ email: <span className="font-medium text-foreground" /> }}
            />
          </p>
        )}
        {failure ? (
          <Alert variant="destructive" role="alert">
            <AlertTriangleIcon aria-hidden />
            <AlertDescription>
              <p>{failure}</p>
              <Link
                to="/forgot-password"
                className="mt-1 inline-block font-medium underline underline-offset-4"
              >
                {t('resetPassword.requestNewLink')}
              </Link>
            </AlertDescription>
          </Alert>
        ) : null}
        <FormField
          control={form.control}
          name="password"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('resetPassword.newPassword')}</FormLabel>
              <FormControl>
                <PasswordInput autoComplete="new-password" disabled={linkMissing} {...field} />
              </FormControl>
              <PasswordStrength password={field.value} owner={{ email }} />
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="confirmPassword"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('resetPassword.confirmNewPassword')}</FormLabel>
              <FormControl>
                <PasswordInput autoComplete="new-password" disabled={linkMissing} {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" size="lg" className="w-full" disabled={linkMissing || resetPassword.isPending}>
          {resetPassword.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
          {resetPassword.isPending ? t('resetPassword.submitting') : t('resetPassword.submit')}
        </Button>
        <BackToLogin />
      </form>
    </Form>
  )
}
