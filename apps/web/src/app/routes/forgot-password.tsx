import { useTranslation } from 'react-i18next'
import { AuthLayout, AuthPanel } from '../../features/auth/components/auth-layout'
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form'
import { useDocumentTitle } from '../../lib/use-document-title'

export default function ForgotPasswordPage() {
  const { t } = useTranslation('app')
  useDocumentTitle(t('forgotPassword.documentTitle'))
  return (
    <AuthLayout>
      <AuthPanel title={t('forgotPassword.title')} description={t('forgotPassword.description')}>
        <ForgotPasswordForm />
      </AuthPanel>
    </AuthLayout>
  )
}
