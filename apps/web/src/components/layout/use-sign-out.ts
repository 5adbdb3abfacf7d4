import { useNavigate } from 'react-router'
import { errorMessage } from '../../lib/api-client'
import { useLogout } from '../../lib/session'
import { toast } from '../ui/toast'

/** Sign out with the toasts of SPEC.md §8, then go to /auth. */
export function useSignOut() {
  const logout = useLogout()
  const navigate = useNavigate()
  const signOut = () =>
    logout.mutate(undefined, {
      onSuccess: () => {
        toast({ title: 'Logged out', description: 'You have been successfully logged out' })
        void navigate('/auth', { replace: true })
      },
      onError: (error) => {
        toast({ title: 'Logout failed', description: errorMessage(error), variant: 'destructive' })
      },
    })
  return { signOut, isPending: logout.isPending }
}
