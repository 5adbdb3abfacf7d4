import { zodResolver } from '@hookform/resolvers/zod'
import { ZLoginBody } from '@vouched/shared/auth'
import { AUTH_MESSAGES } from '@vouched/shared/auth.constants'
import type { TSelfUser } from '@vouched/shared/users'
import { Loader2Icon } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { Link, useNavigate, useSearchParams } from 'react-router'
import { Button } from '../../../components/ui/button'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form'
import { Input } from '../../../components/ui/input'
import { PasswordInput } from '../../../components/ui/password-input'
import { toast } from '../../../components/ui/toast'
import { errorMessage, isApiError } from '../../../lib/api-client'
import { safeNextPath } from '../../../lib/next-path'
import { needsSecondFactor, useLogin } from '../../../lib/session'
import { PasskeySignIn } from './passkey-sign-in'
import { TwoFactorStep } from './two-factor-step'
import { useSharedText } from '../../../lib/i18n/shared-text'

/** Login by username or email (SPEC.md §5). `defaultUsername` pre-fills it (e.g. after "please log in instead"). */
export function LoginForm({ defaultUsername = '' }: { defaultUsername?: string }) {
  const sharedText = useSharedText()
  const { t } = useTranslation('auth')
  const login = useLogin()
  const navigate = useNavigate()
  const [search] = useSearchParams()
  const form = useForm({
    resolver: zodResolver(ZLoginBody),
    defaultValues: { username: defaultUsername, password: '' },
  })

  const [secondStep, setSecondStep] = useState(false)

  const signedIn = (user: TSelfUser) => {
    toast({ title: t('login.welcomeBack'), description: t('login.loggedInAs', { username: user.username }) })
    // Back to the page that sent the visitor here (/auth?next=…), else home.
    void navigate(safeNextPath(search.get('next')) ?? '/', { replace: true })
  }

  const onSubmit = form.handleSubmit((body) =>
    login.mutateAsync(body).then(
      (result) => {
        if (needsSecondFactor(result)) {
          setSecondStep(true)
          return
        }
        signedIn(result)
      },
      (error: unknown) => {
        // Wrong credentials (and bad input) get the one neutral message on the username field; other failures
        // (rate limit, server down) say what happened instead, so nobody retypes a correct password for nothing.
        const credentials = isApiError(error) && (error.status === 400 || error.status === 401)
        form.setError('username', {
          message: credentials
            ? sharedText(AUTH_MESSAGES.invalidLogin)
            : errorMessage(error, sharedText(AUTH_MESSAGES.invalidLogin)),
        })
        form.resetField('password', { keepError: false })
        form.setFocus('password')
        toast({ title: t('login.failed'), description: errorMessage(error), variant: 'destructive' })
      },
    ),
  )

  if (secondStep) {
    return (
      <TwoFactorStep
        onSignedIn={signedIn}
        onRestart={() => {
          setSecondStep(false)
          form.resetField('password')
        }}
      />
    )
  }

  return (
    <div className="grid gap-5">
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate className="grid gap-5">
          <FormField
            control={form.control}
            name="username"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t('login.usernameOrEmail')}</FormLabel>
                <FormControl>
                  <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="password"
            render={({ field }) => (
              <FormItem>
                <div className="flex items-center justify-between">
                  <FormLabel>{t('login.password')}</FormLabel>
                  <Link
                    to="/forgot-password"
                    className="text-sm font-medium text-primary underline-offset-4 hover:underline"
                  >
                    {t('login.forgotPassword')}
                  </Link>
                </div>
                <FormControl>
                  <PasswordInput autoComplete="current-password" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <Button type="submit" size="lg" className="mt-1 w-full" disabled={login.isPending}>
            {login.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
            {login.isPending ? t('login.submitting') : t('login.submit')}
          </Button>
        </form>
      </Form>
      <PasskeySignIn onSignedIn={signedIn} />
    </div>
  )
}
