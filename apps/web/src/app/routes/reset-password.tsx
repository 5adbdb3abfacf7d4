import { useTranslation } from 'react-i18next'
import { useSearchParams } from 'react-router'
import { AuthLayout, AuthPanel } from '../../features/auth/components/auth-layout'
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form'
import { useDocumentTitle } from '../../lib/use-document-title'

/** Opened from the mailed link /reset-password?token=…&email=… */
export default function ResetPasswordPage() {
  const { t } = useTranslation('app')
  useDocumentTitle(t('resetPassword.documentTitle'))
  const [searchParams] = useSearchParams()
  const token = searchParams.get('token')?.trim() ?? ''
  const email = searchParams.get('email')?.trim() ?? ''
  return (
    <AuthLayout>
      <AuthPanel title={t('resetPassword.title')} description={t('resetPassword.description')}>
        <ResetPasswordForm key={`${token}|${email}`} token={token} email={email} />
      </AuthPanel>
    </AuthLayout>
  )
}
