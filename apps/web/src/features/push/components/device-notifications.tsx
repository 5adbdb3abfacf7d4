import { PUSH_MESSAGES, PUSH_TYPE_LABELS, PUSH_TYPES, type TPushType } from '@vouched/shared/push'
import { BellOffIcon } from 'lucide-react'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert'
import { Skeleton } from '../../../components/ui/skeleton'
import { Switch } from '../../../components/ui/switch'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useSharedText } from '../../../lib/i18n/shared-text'
import { useDevicePush } from '../hooks/use-device-push'

/**
 * "Notify me on this device": Web Push for this browser, with a switch per notification type (the
 * types of the preferences above). The browser asks for permission on the first turn-on; a refusal is
 * shown with what to do about it.
 */
export function DeviceNotifications() {
  const { t } = useTranslation('push')
  const st = useSharedText()
  const push = useDevicePush()
  const id = useId()
  const titleId = `${id}-title`
  const hintId = `${id}-hint`

  const report = (action: Promise<unknown>, success: string, failure: string) =>
    action.then(
      () => toast({ title: success }),
      (error: unknown) => toast({ title: failure, description: errorMessage(error), variant: 'destructive' }),
    )

  if (!push.supported) {
    return (
      <p className="text-sm text-muted-foreground" role="status">
        {st(PUSH_MESSAGES.unsupported)}.
      </p>
    )
  }
  if (push.loading) return <Skeleton className="h-16 w-full" aria-label={t('deviceNotifications.loading')} />

  const on = push.device != null
  const denied = push.permission === 'denied' && !on

  const toggle = (checked: boolean) => {
    if (checked) {
      void push.turnOn().then(
        (answer) => {
          if (answer === 'granted') toast({ title: st(PUSH_MESSAGES.subscribed) })
        },
        (error: unknown) =>
          toast({
            title: st(PUSH_MESSAGES.subscribeFailed),
            description: errorMessage(error),
            variant: 'destructive',
          }),
      )
    } else {
      void report(push.turnOff(), st(PUSH_MESSAGES.unsubscribed), st(PUSH_MESSAGES.saveFailed))
    }
  }
  const change = (type: TPushType, checked: boolean) =>
    void report(push.setType(type, checked), st(PUSH_MESSAGES.saved), st(PUSH_MESSAGES.saveFailed))

  return (
    <div className="grid gap-4">
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-0.5">
          <span id={titleId} className="font-medium">
            {t('deviceNotifications.title')}
          </span>
          <span id={hintId} className="text-sm text-muted-foreground">
            {t('deviceNotifications.hint')}
          </span>
        </div>
        <Switch
          checked={on}
          disabled={push.busy || denied}
          aria-labelledby={titleId}
          aria-describedby={hintId}
          onCheckedChange={toggle}
        />
      </div>
      {push.permission === 'denied' && (
        <Alert variant="destructive" role="alert">
          <BellOffIcon aria-hidden />
          <AlertTitle>{t('deviceNotifications.blocked')}</AlertTitle>
          <AlertDescription>{st(PUSH_MESSAGES.denied)}</AlertDescription>
        </Alert>
      )}
      {push.loadFailed && <p className="text-sm text-destructive">{t('deviceNotifications.loadFailed')}</p>}
      {on && (
        <fieldset className="grid gap-3 rounded-md border p-3">
          <legend className="px-1 text-sm font-medium">{t('deviceNotifications.types')}</legend>
          {PUSH_TYPES.map((type) => {
            const label = st(PUSH_TYPE_LABELS[type])
            return (
              <label key={type} className="flex items-center justify-between gap-4 text-sm">
                <span>{label}</span>
                <Switch
                  checked={push.device!.types[type]}
                  disabled={push.busy}
                  aria-label={t('deviceNotifications.typeLabel', { label })}
                  onCheckedChange={(checked) => change(type, checked)}
                />
              </label>
            )
          })}
        </fieldset>
      )}
    </div>
  )
}
