import { useTranslation } from 'react-i18next'
import { zodResolver } from '@hookform/resolvers/zod'
import { RECOVERY_CODE_COUNT, ZRecoveryCode, ZTotpCode, type TTwoFactorSetup } from '@vouched/shared/security'
import { CheckIcon, CopyIcon, Loader2Icon, ShieldCheckIcon, ShieldOffIcon } from 'lucide-react'
import { useState } from 'react'
import { useForm, type Resolver } from 'react-hook-form'
import { z } from 'zod'
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert'
import { Badge } from '../../../components/ui/badge'
import {
  SecondFactorField,
  type SecondFactorMode,
  type SecondFactorValues,
} from '../../../components/forms/second-factor-field'
import { Button } from '../../../components/ui/button'
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../../components/ui/form'
import { Input } from '../../../components/ui/input'
import { Skeleton } from '../../../components/ui/skeleton'
import { toast } from '../../../components/ui/toast'
import { errorMessage, isApiError } from '../../../lib/api-client'
import { svgDataUrl, useQrCodeSvg } from '../../../lib/use-qr-code-svg'
import { useDisableTwoFactor, useEnableTwoFactor, useStartTwoFactorSetup } from '../security.api'

const QR_SIZE = 192

/** The otpauth URL as a QR code an authenticator app scans (an SVG drawn by `qrcode`). */
function SetupQrCode({ url }: { url: string }) {
  const { t } = useTranslation('security')
  const current = useQrCodeSvg(url, { size: QR_SIZE, errorCorrectionLevel: 'M', margin: 1 })
  return (
    <div className="w-fit rounded-xl border bg-white p-3 shadow-sm">
      {current ? (
        <img
          src={svgDataUrl(current)}
          width={QR_SIZE}
          height={QR_SIZE}
          alt={t('twoFactor.qr')}
          data-testid="two-factor-qr"
        />
      ) : (
        <Skeleton className="size-48" />
      )}
    </div>
  )
}

/** Groups a base32 secret in fours, as apps that take it by hand show it. */
const groupSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, '$1 ')

const ZConfirm = z.object({ code: ZTotpCode })

/** Step two of turning on: scan, then confirm a code so we know the app has the secret. */
function ConfirmSetup({
  setup,
  onEnabled,
  onCancel,
}: {
  setup: TTwoFactorSetup
  onEnabled: (recoveryCodes: string[]) => void
  onCancel: () => void
}) {
  const { t } = useTranslation('security')
  const enable = useEnableTwoFactor()
  const form = useForm<{ code: string }>({
    resolver: zodResolver(ZConfirm) as Resolver<{ code: string }>,
    defaultValues: { code: '' },
  })
  const onSubmit = form.handleSubmit((body) =>
    enable.mutate(body, {
      onSuccess: (result) => onEnabled(result.recoveryCodes),
      onError: (error) => {
        form.setError('code', { message: errorMessage(error) }, { shouldFocus: true })
        if (isApiError(error) && error.code === 'TWO_FACTOR_SETUP_MISSING') onCancel()
      },
    }),
  )
  return (
    <div className="grid gap-5">
      <ol className="grid list-decimal gap-1 pl-5 text-sm text-muted-foreground">
        <li>{t('twoFactor.step1')}</li>
        <li>{t('twoFactor.step2')}</li>
        <li>{t('twoFactor.step3')}</li>
      </ol>
      <div className="flex flex-wrap items-start gap-5">
        <SetupQrCode url={setup.otpauthUrl} />
        <div className="grid min-w-0 flex-1 gap-1 text-sm">
          <span className="text-muted-foreground">{t('twoFactor.key')}</span>
          <code
            className="rounded-md bg-muted px-2 py-1.5 font-mono text-sm break-all"
            data-testid="two-factor-secret"
          >
            {groupSecret(setup.secret)}
          </code>
        </div>
      </div>
      <Form {...form}>
        <form
          onSubmit={onSubmit}
          noValidate
          className="grid max-w-xs gap-3"
          aria-label={t('twoFactor.confirmForm')}
        >
          <FormField
            control={form.control}
            name="code"
            render={({ field }) => (
              <FormItem>
                <FormLabel>{t('twoFactor.code')}</FormLabel>
                <FormControl>
                  <Input inputMode="numeric" autoComplete="one-time-code" placeholder="123456" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <div className="flex gap-2">
            <Button type="submit" disabled={enable.isPending}>
              {enable.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
              {t('twoFactor.turnOn')}
            </Button>
            <Button type="button" variant="outline" onClick={onCancel}>
              {t('twoFactor.cancel')}
            </Button>
          </div>
        </form>
      </Form>
    </div>
  )
}

/** The ten recovery codes, shown once right after turning on. */
function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('security')
  const [copied, setCopied] = useState(false)
  const copy = () =>
    navigator.clipboard.writeText(codes.join('\n')).then(
      () => setCopied(true),
      () => toast({ title: t('twoFactor.copyFailed'), description: t('twoFactor.copyFailedText') }),
    )
  return (
    <div className="grid gap-4">
      <Alert variant="success" role="status">
        <ShieldCheckIcon aria-hidden />
        <AlertTitle>{t('twoFactor.isOn')}</AlertTitle>
        <AlertDescription>{t('twoFactor.saveCodes', { total: RECOVERY_CODE_COUNT })}</AlertDescription>
      </Alert>
      <ul
        aria-label={t('twoFactor.codes')}
        className="grid w-fit grid-cols-2 gap-x-6 gap-y-1 rounded-lg border bg-muted/40 p-4 font-mono text-sm"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {copied ? <CheckIcon aria-hidden /> : <CopyIcon aria-hidden />}
          {copied ? t('twoFactor.copied') : t('twoFactor.copyCodes')}
        </Button>
        <Button type="button" onClick={onDone}>
          {t('twoFactor.saved')}
        </Button>
      </div>
    </div>
  )
}

const ZDisableWithCode = z.object({ code: ZTotpCode, recoveryCode: z.string() })
const ZDisableWithRecovery = z.object({ code: z.string(), recoveryCode: ZRecoveryCode })

/** Turning off takes a current code, or a recovery code for a member without their phone. */
function DisableTwoFactor({ onCancel }: { onCancel: () => void }) {
  const { t } = useTranslation('security')
  const disable = useDisableTwoFactor()
  const [mode, setMode] = useState<SecondFactorMode>('code')
  const form = useForm<SecondFactorValues>({
    resolver: zodResolver(
      mode === 'code' ? ZDisableWithCode : ZDisableWithRecovery,
    ) as Resolver<SecondFactorValues>,
    defaultValues: { code: '', recoveryCode: '' },
  })
  const onSubmit = form.handleSubmit((values) =>
    disable.mutate(mode === 'code' ? { code: values.code } : { recoveryCode: values.recoveryCode }, {
      onSuccess: () => {
        toast({ title: t('twoFactor.isOff'), description: t('twoFactor.isOffText') })
        onCancel()
      },
      onError: (error) => form.setError(mode, { message: errorMessage(error) }, { shouldFocus: true }),
    }),
  )
  return (
    <Form {...form}>
      <form
        onSubmit={onSubmit}
        noValidate
        className="grid max-w-xs gap-3"
        aria-label={t('twoFactor.disableForm')}
      >
        <SecondFactorField mode={mode} control={form.control} codeLabel={t('twoFactor.currentCode')} />
        <Button
          type="button"
          variant="link"
          className="h-auto justify-self-start p-0 text-sm"
          onClick={() => {
            form.clearErrors()
            setMode(mode === 'code' ? 'recoveryCode' : 'code')
          }}
        >
          {mode === 'code' ? t('twoFactor.useRecovery') : t('twoFactor.useApp')}
        </Button>
        <div className="flex gap-2">
          <Button type="submit" variant="destructive" disabled={disable.isPending}>
            {disable.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : null}
            {t('twoFactor.turnOff')}
          </Button>
          <Button type="button" variant="outline" onClick={onCancel}>
            {t('twoFactor.cancel')}
          </Button>
        </div>
      </form>
    </Form>
  )
}

type Step =
  | { name: 'idle' }
  | { name: 'setup'; setup: TTwoFactorSetup }
  | { name: 'codes'; codes: string[] }
  | { name: 'disable' }

/** Two-factor sign-in: off → scan and confirm → recovery codes once → on (and back off with a code). */
export function TwoFactorSettings({
  enabled,
  recoveryCodesLeft,
}: {
  enabled: boolean
  recoveryCodesLeft: number
}) {
  const { t } = useTranslation('security')
  const [step, setStep] = useState<Step>({ name: 'idle' })
  const start = useStartTwoFactorSetup()
  const idle = () => setStep({ name: 'idle' })

  if (step.name === 'codes') return <RecoveryCodes codes={step.codes} onDone={idle} />
  if (step.name === 'setup') {
    return (
      <ConfirmSetup
        setup={step.setup}
        onEnabled={(codes) => setStep({ name: 'codes', codes })}
        onCancel={idle}
      />
    )
  }

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-3">
        {enabled ? (
          <Badge variant="success">
            <ShieldCheckIcon aria-hidden />
            {t('twoFactor.on')}
          </Badge>
        ) : (
          <Badge variant="secondary">
            <ShieldOffIcon aria-hidden />
            {t('twoFactor.off')}
          </Badge>
        )}
        <p className="text-sm text-muted-foreground">
          {enabled
            ? t('twoFactor.enabledText', { left: recoveryCodesLeft, total: RECOVERY_CODE_COUNT })
            : t('twoFactor.disabledText')}
        </p>
      </div>
      {enabled ? (
        step.name === 'disable' ? (
          <DisableTwoFactor onCancel={idle} />
        ) : (
          <Button
            type="button"
            variant="outline"
            className="justify-self-start"
            onClick={() => setStep({ name: 'disable' })}
          >
            {t('twoFactor.turnOffButton')}
          </Button>
        )
      ) : (
        <Button
          type="button"
          className="justify-self-start"
          disabled={start.isPending}
          onClick={() =>
            start.mutate(undefined, {
              onSuccess: (setup) => setStep({ name: 'setup', setup }),
              onError: (error) =>
                toast({
                  title: t('twoFactor.couldNotStart'),
                  description: errorMessage(error),
                  variant: 'destructive',
                }),
            })
          }
        >
          {start.isPending ? (
            <Loader2Icon className="animate-spin" aria-hidden />
          ) : (
            <ShieldCheckIcon aria-hidden />
          )}
          {t('twoFactor.turnOnButton')}
        </Button>
      )}
    </div>
  )
}
