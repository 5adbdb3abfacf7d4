import type { TSelfUser } from '@vouched/shared/users'
import { KeyRoundIcon, Loader2Icon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { toast } from '../../../components/ui/toast'
import { passkeyCancelled, passkeyErrorMessage, passkeysSupported } from '../../../lib/passkeys'
import { usePasskeySignIn } from '../../../lib/session'

/**
 * "Sign in with a passkey" under the password form: the browser lists the passkeys it holds for this
 * site, and the one chosen signs the member in alone (no password, no two-factor code).
 */
export function PasskeySignIn({ onSignedIn }: { onSignedIn: (user: TSelfUser) => void }) {
  const { t } = useTranslation('auth')
  const signIn = usePasskeySignIn()
  if (!passkeysSupported()) return null
  const start = () =>
    signIn.mutate(undefined, {
      onSuccess: onSignedIn,
      onError: (error) =>
        toast({
          title: passkeyCancelled(error) ? t('passkeySignIn.notSignedIn') : t('passkeySignIn.failed'),
          description: passkeyErrorMessage(error),
          variant: passkeyCancelled(error) ? undefined : 'destructive',
        }),
    })
  return (
    <div className="grid gap-4">
      <div className="flex items-center gap-3 text-xs text-muted-foreground uppercase" aria-hidden>
        <span className="h-px flex-1 bg-border" />
        {t('passkeySignIn.or')}
        <span className="h-px flex-1 bg-border" />
      </div>
      <Button
        type="button"
        variant="outline"
        size="lg"
        className="w-full"
        onClick={start}
        disabled={signIn.isPending}
      >
        {signIn.isPending ? (
          <Loader2Icon className="animate-spin" aria-hidden />
        ) : (
          <KeyRoundIcon aria-hidden />
        )}
        {t('passkeySignIn.signIn')}
      </Button>
    </div>
  )
}
