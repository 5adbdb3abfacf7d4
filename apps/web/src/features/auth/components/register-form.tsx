import { zodResolver } from '@hookform/resolvers/zod'
import { registerBody, type TRegisterBody } from '@vouched/shared/auth'
import { ChevronDownIcon, Loader2Icon } from 'lucide-react'
import { useState } from 'react'
import { useForm, useWatch, type FieldPath } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { useNavigate, useSearchParams } from 'react-router'
import { Button } from '../../../components/ui/button'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form'
import { Input } from '../../../components/ui/input'
import { PasswordInput } from '../../../components/ui/password-input'
import { PasswordStrength } from '../../../components/ui/password-strength'
import { Textarea } from '../../../components/ui/textarea'
import { toast } from '../../../components/ui/toast'
import { cn } from '../../../lib/cn'
import { errorMessage, isApiError } from '../../../lib/api-client'
import { safeNextPath } from '../../../lib/next-path'
import { lazyPasswordMeter } from '../../../lib/password-meter'
import { useRegister } from '../../../lib/session'

const FIELDS: FieldPath<TRegisterBody>[] = [
  'username',
  'email',
  'password',
  'passwordConfirm',
  'fullName',
  'title',
  'bio',
  'location',
]
const OPTIONAL_FIELDS = new Set<string>(['title', 'bio', 'location'])
const ZRegisterForm = registerBody(lazyPasswordMeter)

type Props = {
  /** Called when the server says the email already has an account ("... log in ..."): go to the login tab. */
  onAccountExists: (email: string) => void
}

export function RegisterForm({ onAccountExists }: Props) {
  const { t } = useTranslation('auth')
  const register = useRegister()
  const navigate = useNavigate()
  const [search] = useSearchParams()
  const [showDetails, setShowDetails] = useState(false)
  const form = useForm({
    resolver: zodResolver(ZRegisterForm),
    defaultValues: {
      username: '',
      email: '',
      password: '',
      passwordConfirm: '',
      fullName: '',
      title: '',
      bio: '',
      location: '',
    },
  })

  const [username, email] = useWatch({ control: form.control, name: ['username', 'email'] })

  const onSubmit = form.handleSubmit(
    (body) =>
      register.mutateAsync(body).then(
        () => {
          toast({ title: t('register.created'), description: t('register.createdDescription') })
          // Back to the page that sent the visitor here (/auth?next=…), else home.
          void navigate(safeNextPath(search.get('next')) ?? '/', { replace: true })
        },
        (error: unknown) => {
          const message = errorMessage(error)
          toast({ title: t('register.failed'), description: message, variant: 'destructive' })
          const field = isApiError(error) ? error.field : undefined
          if (!field || !(FIELDS as string[]).includes(field)) return
          const name = field as FieldPath<TRegisterBody>
          if (OPTIONAL_FIELDS.has(name)) setShowDetails(true)
          form.setError(name, { message }, { shouldFocus: true })
          if (name === 'email' && message.toLowerCase().includes('log in')) onAccountExists(body.email)
        },
      ),
    (errors) => {
      if (Object.keys(errors).some((name) => OPTIONAL_FIELDS.has(name))) setShowDetails(true)
    },
  )

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-4">
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="fullName"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t('register.fullName')}</FormLabel>
                <FormControl>
                  <Input autoComplete="name" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="username"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t('register.username')}</FormLabel>
                <FormControl>
                  <Input autoComplete="username" autoCapitalize="none" spellCheck={false} {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <FormField
          control={form.control}
          name="email"
          render={({ field }) => (
            <FormItem>
              <FormLabel>{t('register.email')}</FormLabel>
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
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="password"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t('register.password')}</FormLabel>
                <FormControl>
                  <PasswordInput autoComplete="new-password" {...field} />
                </FormControl>
                <PasswordStrength password={field.value} owner={{ username, email }} />
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="passwordConfirm"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t('register.confirmPassword')}</FormLabel>
                <FormControl>
                  <PasswordInput autoComplete="new-password" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>

        <div className="rounded-lg border border-dashed">
          <button
            type="button"
            aria-expanded={showDetails}
            aria-controls="register-details"
            onClick={() => setShowDetails((value) => !value)}
            className="flex w-full items-center justify-between rounded-lg px-3 py-2.5 text-left text-sm font-medium text-muted-foreground transition-colors hover:text-foreground"
          >
            {t('register.moreDetails')}
            <ChevronDownIcon
              className={cn('size-4 transition-transform', showDetails && 'rotate-180')}
              aria-hidden
            />
          </button>
          <div id="register-details" hidden={!showDetails} className="grid gap-4 px-3 pt-1 pb-3">
            <div className="grid gap-4 sm:grid-cols-2">
              <FormField
                control={form.control}
                name="title"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>{t('register.title')}</FormLabel>
                    <FormControl>
                      <Input
                        autoComplete="organization-title"
                        placeholder={t('register.titlePlaceholder')}
                        {...field}
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
                    <FormLabel>{t('register.location')}</FormLabel>
                    <FormControl>
                      <Input
                        autoComplete="address-level2"
                        placeholder={t('register.locationPlaceholder')}
                        {...field}
                      />
                    </FormControl>
                    <FormMessage />
                  </FormItem>
                )}
              />
            </div>
            <FormField
              control={form.control}
              name="bio"
              render={({ field }) => (
                <FormItem>
                  <FormLabel>{t('register.bio')}</FormLabel>
                  <FormControl>
                    <Textarea rows={3} placeholder={t('register.bioPlaceholder')} {...field} />
                  </FormControl>
                  <FormMessage />
                </FormItem>
              )}
            />
          </div>
        </div>

        <Button type="submit" size="lg" className="mt-1 w-full" disabled={register.isPending}>
          {register.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
          {register.isPending ? t('register.submitting') : t('register.submit')}
        </Button>
      </form>
    </Form>
  )
}
