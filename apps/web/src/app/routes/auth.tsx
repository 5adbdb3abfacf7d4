import { useTranslation } from 'react-i18next'
import { AuthCard } from '../../features/auth/components/auth-card'
import { AuthLayout } from '../../features/auth/components/auth-layout'
import { useDocumentTitle } from '../../lib/use-document-title'

export default function AuthPage() {
  const { t } = useTranslation('app')
  useDocumentTitle(t('auth.documentTitle'))
  return (
    <AuthLayout>
      <AuthCard />
    </AuthLayout>
  )
}
