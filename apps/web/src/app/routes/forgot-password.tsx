import { AuthLayout, AuthPanel } from '../../features/auth/components/auth-layout'
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form'
import { useDocumentTitle } from '../../lib/use-document-title'

export default function ForgotPasswordPage() {
  useDocumentTitle('Forgot password')
  return (
    <AuthLayout>
      <AuthPanel
        title="Forgot your password?"
        description="Enter the email address of your account and we'll send you a link to choose a new password."
      >
        <ForgotPasswordForm />
      </AuthPanel>
    </AuthLayout>
  )
}
