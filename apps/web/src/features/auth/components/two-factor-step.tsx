import { zodResolver } from '@hookform/resolvers/zod'
import { SECURITY_MESSAGES, ZRecoveryCode, ZTotpCode } from '@vouched/shared/security'
import type { TSelfUser } from '@vouched/shared/users'
import { Loader2Icon, ShieldCheckIcon } from 'lucide-react'
import { useState } from 'react'
import { useForm, type Resolver } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { z } from 'zod'
import { Button } from '../../../components/ui/button'
import {
  SecondFactorField,
  type SecondFactorMode,
  type SecondFactorValues,
} from '../../../components/forms/second-factor-field'
import { Form } from '../../../components/ui/form'
import { toast } from '../../../components/ui/toast'
import { errorMessage, isApiError } from '../../../lib/api-client'
import { useCompleteTwoFactor } from '../../../lib/session'
import { useSharedText } from '../../../lib/i18n/shared-text'

const ZCodeForm = z.object({ code: ZTotpCode, recoveryCode: z.string() })
const ZRecoveryForm = z.object({ code: z.string(), recoveryCode: ZRecoveryCode })

/**
 * The second step of /auth when the member has two-factor sign-in on: a code from their app, or one of
 * their recovery codes. A pending sign-in lasts five minutes; past that (or after too many wrong codes)
 * the member goes back to the password.
 */
export function TwoFactorStep({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: (user: TSelfUser) => void
  onRestart: () => void
}) {
  const sharedText = useSharedText()
  const { t } = useTranslation('auth')
  const complete = useCompleteTwoFactor()
  const [mode, setMode] = useState<SecondFactorMode>('code')
  const form = useForm<SecondFactorValues>({
    // Only the field in use is checked, with the server's own rules.
    resolver: zodResolver(mode === 'code' ? ZCodeForm : ZRecoveryForm) as Resolver<SecondFactorValues>,
    defaultValues: { code: '', recoveryCode: '' },
  })

  const switchMode = () => {
    form.clearErrors()
    setMode(mode === 'code' ? 'recoveryCode' : 'code')
  }

  const onSubmit = form.handleSubmit((values) =>
    complete.mutate(mode === 'code' ? { code: values.code } : { recoveryCode: values.recoveryCode }, {
      onSuccess: onSignedIn,
      onError: (error) => {
        if (isApiError(error) && error.code === 'TWO_FACTOR_EXPIRED') {
          toast({
            title: t('twoFactor.signInAgain'),
            description: errorMessage(error),
            variant: 'destructive',
          })
          onRestart()
          return
        }
        form.setError(mode, { message: errorMessage(error) }, { shouldFocus: true })
        form.resetField(mode, { keepError: true })
      },
    }),
  )

  return (
    <Form {...form}>
      <form onSubmit={onSubmit} noValidate className="grid gap-5" aria-label={t('twoFactor.formLabel')}>
        <div className="flex items-start gap-3 rounded-lg bg-accent/60 p-3 text-sm">
          <ShieldCheckIcon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
          <p>{mode === 'code' ? t('twoFactor.codeHint') : t('twoFactor.recoveryHint')}</p>
        </div>
        <SecondFactorField
          mode={mode}
          control={form.control}
          codeLabel={t('twoFactor.codeLabel')}
          autoFocus
        />
        <Button type="submit" size="lg" className="w-full" disabled={complete.isPending}>
          {complete.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
          {complete.isPending ? t('twoFactor.submitting') : t('twoFactor.submit')}
        </Button>
        <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
          <Button type="button" variant="link" className="h-auto p-0" onClick={switchMode}>
            {mode === 'code' ? t('twoFactor.useRecoveryCode') : t('twoFactor.useAppCode')}
          </Button>
          <Button
            type="button"
            variant="link"
            className="h-auto p-0 text-muted-foreground"
            onClick={onRestart}
          >
            {t('twoFactor.backToPassword')}
          </Button>
        </div>
        <p className="sr-only" aria-live="polite">
          {mode === 'code'
            ? sharedText(SECURITY_MESSAGES.codeRequired)
            : sharedText(SECURITY_MESSAGES.recoveryCodeRequired)}
        </p>
      </form>
    </Form>
  )
}
