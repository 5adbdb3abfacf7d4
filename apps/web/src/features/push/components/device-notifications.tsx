import { PUSH_MESSAGES, PUSH_TYPE_LABELS, PUSH_TYPES, type TPushType } from '@vouched/shared/push'
import { BellOffIcon } from 'lucide-react'
import { useId } from 'react'
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert'
import { Skeleton } from '../../../components/ui/skeleton'
import { Switch } from '../../../components/ui/switch'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { useDevicePush } from '../hooks/use-device-push'

/**
 * "Notify me on this device": Web Push for this browser, with a switch per notification type (the
 * types of the preferences above). The browser asks for permission on the first turn-on; a refusal is
 * shown with what to do about it.
 */
export function DeviceNotifications() {
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
        {PUSH_MESSAGES.unsupported}.
      </p>
    )
  }
  if (push.loading) return <Skeleton className="h-16 w-full" aria-label="Loading device notifications" />

  const on = push.device != null
  const denied = push.permission === 'denied' && !on

  const toggle = (checked: boolean) => {
    if (checked) {
      void push.turnOn().then(
        (answer) => {
          if (answer === 'granted') toast({ title: PUSH_MESSAGES.subscribed })
        },
        (error: unknown) =>
          toast({
            title: PUSH_MESSAGES.subscribeFailed,
            description: errorMessage(error),
            variant: 'destructive',
          }),
      )
    } else {
      void report(push.turnOff(), PUSH_MESSAGES.unsubscribed, PUSH_MESSAGES.saveFailed)
    }
  }
  const change = (type: TPushType, checked: boolean) =>
    void report(push.setType(type, checked), PUSH_MESSAGES.saved, PUSH_MESSAGES.saveFailed)

  return (
    <div className="grid gap-4">
      <div className="flex items-start justify-between gap-4">
        <div className="grid gap-0.5">
          <span id={titleId} className="font-medium">
            Notify me on this device
          </span>
          <span id={hintId} className="text-sm text-muted-foreground">
            Your browser shows a notification as it happens, even with Vouched closed.
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
          <AlertTitle>Notifications are blocked</AlertTitle>
          <AlertDescription>{PUSH_MESSAGES.denied}</AlertDescription>
        </Alert>
      )}
      {push.loadFailed && (
        <p className="text-sm text-destructive">Could not check this device’s notifications.</p>
      )}
      {on && (
        <fieldset className="grid gap-3 rounded-md border p-3">
          <legend className="px-1 text-sm font-medium">On this device, notify me about</legend>
          {PUSH_TYPES.map((type) => {
            const label = PUSH_TYPE_LABELS[type]
            return (
              <label key={type} className="flex items-center justify-between gap-4 text-sm">
                <span>{label}</span>
                <Switch
                  checked={push.device!.types[type]}
                  disabled={push.busy}
                  aria-label={`${label}: on this device`}
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
