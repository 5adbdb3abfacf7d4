import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { errorMessage } from '../../lib/api-client'
import { useLogout } from '../../lib/session'
import { toast } from '../ui/toast'

/** Sign out with the toasts of SPEC.md §8, then go to /auth. */
export function useSignOut() {
  const { t } = useTranslation('common')
  const logout = useLogout()
  const navigate = useNavigate()
  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        toast({ title: t('signOut.loggedOut'), description: t('signOut.loggedOutDescription') })
        void navigate('/auth', { replace: true })
      },
      onError: (error) => {
        toast({ title: t('signOut.failed'), description: errorMessage(error), variant: 'destructive' })
      },
    })
  return { signOut, isPending: logout.isPending }
}
