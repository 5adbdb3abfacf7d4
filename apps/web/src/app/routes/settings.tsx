import {
  BellIcon,
  BanIcon,
  CodeIcon,
  DownloadIcon,
  GlobeIcon,
  KeyRoundIcon,
  LockKeyholeIcon,
  PaletteIcon,
  ShieldCheckIcon,
  TriangleAlertIcon,
} from 'lucide-react'
import { useQuery } from '@tanstack/react-query'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { PageContainer } from '../../components/layout/page-container'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { settingsQuery } from '../../features/account/account.api'
import { ApiTokens } from '../../features/account/components/api-tokens'
import { ApproveFollowersSetting } from '../../features/account/components/approve-followers-setting'
import { ColorSchemeSetting } from '../../features/account/components/color-scheme-setting'
import { ChangePasswordForm } from '../../features/account/components/change-password-form'
import { DataExport } from '../../features/account/components/data-export'
import { DeleteAccount } from '../../features/account/components/delete-account'
import { DigestSetting } from '../../features/account/components/digest-setting'
import { LanguageSetting } from '../../features/account/components/language-setting'
import { NotificationPreferences } from '../../features/account/components/notification-preferences'
import { FederationSetting } from '../../features/account/components/federation-setting'
import { ReviewEndorsementsSetting } from '../../features/account/components/review-endorsements-setting'
import { BlockedMembers } from '../../features/blocks/components/blocked-members'
import { BlockedAccounts } from '../../features/fediverse/components/blocked-accounts'
import { FediverseFollowers } from '../../features/fediverse/components/fediverse-followers'
import { FediverseFollowing } from '../../features/fediverse/components/fediverse-following'
import { DeviceNotifications } from '../../features/push/components/device-notifications'
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
 * Followers on the fediverse, the accounts the member follows and blocked remote accounts (issue 30): only where the instance federates.
 * Its id is where a follow-request notification leads.
 */
function FediverseSection() {
  const { t } = useTranslation('app')
  const { t: tf } = useTranslation('fediverse')
  const settings = useQuery(settingsQuery())
  if (!settings.data?.federationAvailable) return null
  return (
    <Section
      id="fediverse-followers"
      icon={<GlobeIcon className="size-5 text-primary" aria-hidden />}
      title={t('settings.sections.fediverse.title')}
      description={t('settings.sections.fediverse.description')}
    >
      <div className="grid gap-6">
        <ApproveFollowersSetting />
        <section aria-labelledby="fediverse-followers-list" className="grid gap-3">
          <h3 id="fediverse-followers-list" className="font-medium">
            {tf('followers.title')}
          </h3>
          <FediverseFollowers />
        </section>
        <section aria-labelledby="fediverse-following-list" className="grid gap-3 border-t pt-5">
          <h3 id="fediverse-following-list" className="font-medium">
            {tf('following.title')}
          </h3>
          <FediverseFollowing />
        </section>
        <section aria-labelledby="fediverse-blocked-list" className="grid gap-3 border-t pt-5">
          <h3 id="fediverse-blocked-list" className="font-medium">
            {tf('blocked.title')}
          </h3>
          <BlockedAccounts />
        </section>
      </div>
    </Section>
  )
}

/**
 * /settings: account, appearance, security, notification preferences, blocked members, data export,
 * API tokens and account deletion.
 */
export default function SettingsPage() {
  const { t } = useTranslation('app')
  useDocumentTitle(t('settings.title'))
  const { user } = useCurrentUser()
  if (!user) return null
  return (
    <PageContainer className="grid max-w-3xl grid-cols-1 gap-6">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">{t('settings.title')}</h1>
        <p className="text-sm text-muted-foreground">{t('settings.intro')}</p>
      </header>
      <Section
        id="account"
        icon={<KeyRoundIcon className="size-5 text-primary" aria-hidden />}
        title={t('settings.sections.account.title')}
        description={t('settings.sections.account.description')}
      >
        <dl className="mb-5 grid gap-1 text-sm">
          <dt className="text-muted-foreground">{t('settings.email')}</dt>
          <dd className="font-medium break-all">{user.email}</dd>
        </dl>
        <ChangePasswordForm />
      </Section>
      <Section
        id="appearance"
        icon={<PaletteIcon className="size-5 text-primary" aria-hidden />}
        title={t('settings.sections.appearance.title')}
        description={t('settings.sections.appearance.description')}
      >
        <div className="grid gap-6">
          <ColorSchemeSetting />
          <LanguageSetting />
        </div>
      </Section>
      <Section
        id="security"
        icon={<LockKeyholeIcon className="size-5 text-primary" aria-hidden />}
        title={t('settings.sections.security.title')}
        description={t('settings.sections.security.description')}
      >
        <SecuritySettings />
      </Section>
      <Section
        id="notifications"
        icon={<BellIcon className="size-5 text-primary" aria-hidden />}
        title={t('settings.sections.notifications.title')}
        description={t('settings.sections.notifications.description')}
      >
        <NotificationPreferences />
        <div className="mt-6 border-t pt-5">
          <DigestSetting />
        </div>
        <section aria-labelledby="device-notifications-title" className="mt-6 grid gap-3 border-t pt-5">
          <h3 id="device-notifications-title" className="font-medium">
            {t('settings.thisDevice')}
          </h3>
          <DeviceNotifications />
        </section>
      </Section>
      <Section
        id="endorsements"
        icon={<ShieldCheckIcon className="size-5 text-primary" aria-hidden />}
        title={t('settings.sections.endorsements.title')}
        description={t('settings.sections.endorsements.description')}
      >
        <div className="grid gap-3">
          <ReviewEndorsementsSetting />
          <FederationSetting />
        </div>
      </Section>
      <FediverseSection />
      <Section
        id="blocked"
        icon={<BanIcon className="size-5 text-primary" aria-hidden />}
        title={t('settings.sections.blocked.title')}
        description={t('settings.sections.blocked.description')}
      >
        <BlockedMembers />
      </Section>
      <Section
        id="data"
        icon={<DownloadIcon className="size-5 text-primary" aria-hidden />}
        title={t('settings.sections.data.title')}
        description={t('settings.sections.data.description')}
      >
        <DataExport />
      </Section>
      <Section
        id="api-tokens"
        icon={<CodeIcon className="size-5 text-primary" aria-hidden />}
        title={t('settings.sections.apiTokens.title')}
        description={t('settings.sections.apiTokens.description')}
      >
        <ApiTokens />
      </Section>
      <Section
        id="delete"
        icon={<TriangleAlertIcon className="size-5 text-destructive" aria-hidden />}
        title={t('settings.sections.delete.title')}
        description={t('settings.sections.delete.description')}
        danger
      >
        <DeleteAccount disabledReason={user.isAdmin ? t('settings.adminCannotDelete') : undefined} />
      </Section>
    </PageContainer>
  )
}
