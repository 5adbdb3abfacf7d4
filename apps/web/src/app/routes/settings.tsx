import { PageContainer } from '../../components/layout/page-container'
import { useDocumentTitle } from '../../lib/use-document-title'

/** Placeholder until its feature lands (see apps/web/SHELL_READY). */
export default function SettingsPage() {
  useDocumentTitle('Settings')
  return (
    <PageContainer>
      <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
    </PageContainer>
  )
}
