import { Trans, useTranslation } from 'react-i18next'
import { zodResolver } from '@hookform/resolvers/zod'
import {
  ZAddWorkEmailBody,
  ZVerifyEmailBody,
  type TAddWorkEmailBody,
  type TVerifyEmailBody,
} from '@vouched/shared/profiles'
import { PROFILE_MESSAGES } from '@vouched/shared/profiles.constants'
import { AlertTriangleIcon, ArrowLeftIcon, CheckCircle2Icon, InfoIcon, Loader2Icon } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '../../../components/ui/dialog'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form'
import { Input } from '../../../components/ui/input'
import { toast } from '../../../components/ui/toast'
import { errorMessage, isApiError } from '../../../lib/api-client'
import { useAddWorkEmail, useVerifyWorkEmail } from '../profiles.api'
import type { Step } from './verify-email-dialog'
import { useSharedText } from '../../../lib/i18n/shared-text'

type StepsProps = { step: Step; onStep: (step: Step) => void; onClose: () => void }

/** The dialog's current step (its own chunk, loaded on opening). */
export default function VerifyEmailSteps({ step, onStep, onClose }: StepsProps) {
  return step.name === 'email' ? (
    <EmailStep
      defaultEmail={step.email}
      onSent={(email, demoCode) => onStep({ name: 'code', email, demoCode })}
    />
  ) : step.name === 'code' ? (
    <CodeStep
      email={step.email}
      demoCode={step.demoCode}
      onBack={() => onStep({ name: 'email', email: step.email })}
      onVerified={() => onStep({ name: 'done' })}
    />
  ) : (
    <DoneStep onClose={onClose} />
  )
}

type EmailStepProps = { defaultEmail?: string; onSent: (email: string, demoCode?: string) => void }

function EmailStep({ defaultEmail = '', onSent }: EmailStepProps) {
  const sharedText = useSharedText()
  const { t } = useTranslation('profiles')
  const add = useAddWorkEmail()
  // A refusal that is not about the address (no mail server, too many mails) stays in the dialog.
  const [failure, setFailure] = useState<string | null>(null)
  const form = useForm<TAddWorkEmailBody>({
    resolver: zodResolver(ZAddWorkEmailBody),
    defaultValues: { email: defaultEmail },
  })
  const onSubmit = form.handleSubmit((body) => {
    setFailure(null)
    add.mutate(body, {
      onSuccess: (result) => {
        toast({
          title: t('verifyEmail.codeSent'),
          description: t('verifyEmail.checkInbox', { email: result.email }),
        })
        onSent(result.email, result.verificationCode)
      },
      onError: (error) => {
        if (isApiError(error) && error.field === 'email')
          form.setError('email', { message: errorMessage(error) })
        else setFailure(errorMessage(error))
        toast({
          title: sharedText(PROFILE_MESSAGES.addEmailFailed),
          description: errorMessage(error),
          variant: 'destructive',
        })
      },
    })
  })
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('verifyEmail.title')}</DialogTitle>
        <DialogDescription>{t('verifyEmail.description')}</DialogDescription>
      </DialogHeader>
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField
            control={form.control}
            name="email"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t('verifyEmail.email')}</FormLabel>
                <FormControl>
                  <Input
                    {...field}
                    type="email"
                    autoComplete="email"
                    placeholder={t('verifyEmail.emailPlaceholder')}
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          {failure ? (
            <Alert variant="destructive" role="alert">
              <AlertTriangleIcon aria-hidden />
              <AlertDescription>{failure}</AlertDescription>
            </Alert>
          ) : null}
          <DialogFooter>
            <Button type="submit" disabled={add.isPending}>
              {add.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
              {add.isPending ? t('verifyEmail.sending') : t('verifyEmail.send')}
            </Button>
          </DialogFooter>
        </form>
      </Form>
    </>
  )
}

type CodeStepProps = { email: string; demoCode?: string; onBack: () => void; onVerified: () => void }

function CodeStep({ email, demoCode, onBack, onVerified }: CodeStepProps) {
  const sharedText = useSharedText()
  const { t } = useTranslation('profiles')
  const verify = useVerifyWorkEmail()
  const form = useForm<TVerifyEmailBody>({
    resolver: zodResolver(ZVerifyEmailBody),
    defaultValues: { verificationCode: '' },
  })
  const onSubmit = form.handleSubmit(({ verificationCode }) =>
    verify.mutate(verificationCode.trim(), {
      onSuccess: () => {
        toast({ title: t('verifyEmail.verified'), description: t('verifyEmail.verifiedText') })
        onVerified()
      },
      onError: (error) => {
        form.setError('verificationCode', { message: errorMessage(error) })
        toast({
          title: sharedText(PROFILE_MESSAGES.verificationFailed),
          description: errorMessage(error),
          variant: 'destructive',
        })
      },
    }),
  )
  return (
    <>
      <DialogHeader>
        <DialogTitle>{t('verifyEmail.codeTitle')}</DialogTitle>
        <DialogDescription>{t('verifyEmail.codeDescription', { email })}</DialogDescription>
      </DialogHeader>
      {demoCode ? (
        <Alert>
          <InfoIcon aria-hidden />
          <AlertTitle>{t('verifyEmail.demo')}</AlertTitle>
          <AlertDescription>
            <Trans
              t={t}
              i18nKey="verifyEmail.demoText"
              values={{ code: demoCode }}
              components={{ code: <strong className="font-mono" /> }}
            />
          </AlertDescription>
        </Alert>
      ) : null}
      <Form {...form}>
        <form onSubmit={onSubmit} noValidate className="grid gap-4">
          <FormField
            control={form.control}
            name="verificationCode"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t('verifyEmail.code')}</FormLabel>
                <FormControl>
                  <Input
                    {...field}
                    inputMode="numeric"
                    autoComplete="one-time-code"
                    placeholder="123456"
                    className="font-mono tracking-widest"
                  />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onBack}>
              <ArrowLeftIcon aria-hidden />
              {t('verifyEmail.back')}
            </Button>
            <Button type="submit" disabled={verify.isPending}>
              {verify.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
              {verify.isPending ? t('verifyEmail.verifying') : t('verifyEmail.verify')}
            </Button>
          </DialogFooter>
        </form>
      </Form>
    </>
  )
}

function DoneStep({ onClose }: { onClose: () => void }) {
  const sharedText = useSharedText()
  const { t } = useTranslation('profiles')
  return (
    <>
      <DialogHeader className="items-center text-center sm:text-center">
        <CheckCircle2Icon className="size-12 text-success" aria-hidden />
        <DialogTitle>{t('verifyEmail.doneTitle')}</DialogTitle>
        <DialogDescription>{sharedText(PROFILE_MESSAGES.verifiedBoxText)}</DialogDescription>
      </DialogHeader>
      <DialogFooter className="sm:justify-center">
        <Button onClick={onClose}>{t('verifyEmail.done')}</Button>
      </DialogFooter>
    </>
  )
}
