import { AuthCard } from '../../features/auth/components/auth-card'
import { AuthLayout } from '../../features/auth/components/auth-layout'
import { useDocumentTitle } from '../../lib/use-document-title'

export default function AuthPage() {
  useDocumentTitle('Log in or register')
  return (
    <AuthLayout>
      <AuthCard />
    </AuthLayout>
  )
}
