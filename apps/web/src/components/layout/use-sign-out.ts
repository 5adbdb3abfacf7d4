import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { errorMessage } from '../../lib/api-client'
import { pushSupport, unsubscribeBrowser } from '../../lib/push-device'
import { useLogout } from '../../lib/session'
import { toast } from '../ui/toast'

/**
 * Sign out with the toasts of SPEC.md §8, then go to /auth. The server dropped this device's pushes with
 * the session (decision 158); the browser's subscription ends too, so the next member signing in here is
 * not subscribed by the settings page re-sending it.
 */
export function useSignOut() {
  const { t } = useTranslation('common')
  const logout = useLogout()
  const navigate = useNavigate()
  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        if (pushSupport() === 'supported') void unsubscribeBrowser().catch(() => null)
        toast({ title: t('signOut.loggedOut'), description: t('signOut.loggedOutDescription') })
        void navigate('/auth', { replace: true })
      },
      onError: (error) => {
        toast({ title: t('signOut.failed'), description: errorMessage(error), variant: 'destructive' })
      },
    })
  return { signOut, isPending: logout.isPending }
}
