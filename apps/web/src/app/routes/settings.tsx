import {
  BellIcon,
  BanIcon,
  CodeIcon,
  DownloadIcon,
  KeyRoundIcon,
  LockKeyholeIcon,
  PaletteIcon,
  ShieldCheckIcon,
  TriangleAlertIcon,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { PageContainer } from '../../components/layout/page-container'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { ApiTokens } from '../../features/account/components/api-tokens'
import { ColorSchemeSetting } from '../../features/account/components/color-scheme-setting'
import { ChangePasswordForm } from '../../features/account/components/change-password-form'
import { DataExport } from '../../features/account/components/data-export'
import { DeleteAccount } from '../../features/account/components/delete-account'
import { LanguageSetting } from '../../features/account/components/language-setting'
import { NotificationPreferences } from '../../features/account/components/notification-preferences'
import { ReviewEndorsementsSetting } from '../../features/account/components/review-endorsements-setting'
import { BlockedMembers } from '../../features/blocks/components/blocked-members'
import { SecuritySettings } from '../../features/security/components/security-settings'
import { useCurrentUser } from '../../lib/session'
import { useDocumentTitle } from '../../lib/use-document-title'

function Section({
  id,
  icon,
  title,
  description,
  children,
  danger = false,
}: {
  id: string
  icon: ReactNode
  title: string
  description: string
  children: ReactNode
  danger?: boolean
}) {
  return (
    <Card id={id} aria-labelledby={`${id}-title`} className={danger ? 'border-destructive/40' : undefined}>
      <CardHeader>
        <CardTitle as="h2" id={`${id}-title`} className="flex items-center gap-2">
          {icon}
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent>{children}</CardContent>
    </Card>
  )
}

/**
 * /settings: account, appearance, security, notification preferences, blocked members, data export,
 * API tokens and account deletion.
 */
export default function SettingsPage() {
  useDocumentTitle('Settings')
  const { user } = useCurrentUser()
  if (!user) return null
  return (
    <PageContainer className="grid max-w-3xl grid-cols-1 gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
        <p className="text-sm text-muted-foreground">Your account, your notifications and your data.</p>
      </header>
      <Section
        id="account"
        icon={<KeyRoundIcon className="size-5 text-primary" aria-hidden />}
        title="Account"
        description="Changing your password signs you out everywhere else."
      >
        <dl className="mb-5 grid gap-1 text-sm">
          <dt className="text-muted-foreground">Email</dt>
          <dd className="font-medium break-all">{user.email}</dd>
        </dl>
        <ChangePasswordForm />
      </Section>
      <Section
        id="appearance"
        icon={<PaletteIcon className="size-5 text-primary" aria-hidden />}
        title="Appearance"
        description="Light, dark, or whatever your device uses."
      >
        <div className="grid gap-6">
          <ColorSchemeSetting />
          <LanguageSetting />
        </div>
      </Section>
      <Section
        id="security"
        icon={<LockKeyholeIcon className="size-5 text-primary" aria-hidden />}
        title="Security"
        description="Two-factor sign-in and the devices signed in to your account."
      >
        <SecuritySettings />
      </Section>
      <Section
        id="notifications"
        icon={<BellIcon className="size-5 text-primary" aria-hidden />}
        title="Notifications"
        description="Choose what reaches you in the app and by email."
      >
        <NotificationPreferences />
      </Section>
      <Section
        id="endorsements"
        icon={<ShieldCheckIcon className="size-5 text-primary" aria-hidden />}
        title="Endorsements"
        description="Decide what appears on your profile."
      >
        <ReviewEndorsementsSetting />
      </Section>
      <Section
        id="blocked"
        icon={<BanIcon className="size-5 text-primary" aria-hidden />}
        title="Blocked members"
        description="Blocked members cannot reach you, and you do not see each other."
      >
        <BlockedMembers />
      </Section>
      <Section
        id="data"
        icon={<DownloadIcon className="size-5 text-primary" aria-hidden />}
        title="Your data"
        description="Download everything Vouched stores about you."
      >
        <DataExport />
      </Section>
      <Section
        id="api-tokens"
        icon={<CodeIcon className="size-5 text-primary" aria-hidden />}
        title="API tokens"
        description="Let your own scripts use the Vouched API as you."
      >
        <ApiTokens />
      </Section>
      <Section
        id="delete"
        icon={<TriangleAlertIcon className="size-5 text-destructive" aria-hidden />}
        title="Delete account"
        description="Leave Vouched and take your data with you."
        danger
      >
        <DeleteAccount
          disabledReason={
            user.isAdmin
              ? 'Admins cannot delete their own account: ask another admin to revoke your admin rights first.'
              : undefined
          }
        />
      </Section>
    </PageContainer>
  )
}
