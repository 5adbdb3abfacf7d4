import { ADMIN_TABS, type TAdminTab } from '@vouched/shared/admin.constants'
import {
  FlagIcon,
  HashIcon,
  LockKeyholeIcon,
  MegaphoneIcon,
  MessagesSquareIcon,
  ScrollTextIcon,
  ShieldCheckIcon,
  ThumbsUpIcon,
  UsersIcon,
  WaypointsIcon,
} from 'lucide-react'
import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { PageContainer } from '../../components/layout/page-container'
import { Alert, AlertDescription, AlertTitle } from '../../components/ui/alert'
import { Button } from '../../components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../components/ui/card'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs'
import { AuditTab } from '../../features/admin/components/audit-tab'
import { ConversationsTab } from '../../features/admin/components/conversations-tab'
import { EndorsementsTab } from '../../features/admin/components/endorsements-tab'
import { HashtagsTab } from '../../features/admin/components/hashtags-tab'
import { UsersTab } from '../../features/admin/components/users-tab'
import { AnnouncementAdminList } from '../../features/announcements/components/announcement-admin-list'
import { AnnouncementForm } from '../../features/announcements/components/announcement-form'
import { ReportsTab } from '../../features/reports/components/reports-tab'
import { securityQuery } from '../../features/security/security.api'
import { TrustSeedsPanel } from '../../features/trust/components/trust-seeds-panel'
import { useDocumentTitle } from '../../lib/use-document-title'

// Each tab's label is `admin.tabs.<tab>` in the app namespace.
const TAB_ICONS: Record<TAdminTab, typeof UsersIcon> = {
  users: UsersIcon,
  reports: FlagIcon,
  endorsements: ThumbsUpIcon,
  hashtags: HashIcon,
  messages: MessagesSquareIcon,
  announcements: MegaphoneIcon,
  trust: WaypointsIcon,
  audit: ScrollTextIcon,
}

const isTab = (value: string | null): value is TAdminTab =>
  (ADMIN_TABS as readonly string[]).includes(value ?? '')

function TwoFactorRequiredNotice() {
  const { t } = useTranslation('app')
  return (
    <Alert role="alert">
      <LockKeyholeIcon aria-hidden />
      <AlertTitle>{t('admin.twoFactor.title')}</AlertTitle>
      <AlertDescription>
        <p>{t('admin.twoFactor.text')}</p>
        <Button asChild className="mt-3">
          <Link to="/settings#security">{t('admin.twoFactor.link')}</Link>
        </Button>
      </AlertDescription>
    </Alert>
  )
}

/** /admin (SPEC.md §2): moderation tabs; the open tab lives in the URL (?tab=) so it survives reloads. */
export default function AdminPage() {
  const { t } = useTranslation('app')
  useDocumentTitle(t('admin.title'))
  const [params, setParams] = useSearchParams()
  const requested = params.get('tab')
  const tab: TAdminTab = isTab(requested) ? requested : 'users'
  // With REQUIRE_ADMIN_2FA=1 the admin routes refuse an admin without two-factor: say why and where to go.
  const security = useQuery(securityQuery())
  const mustTurnOnTwoFactor = Boolean(security.data?.twoFactorRequired && !security.data.twoFactorEnabled)

  return (
    <PageContainer className="grid grid-cols-1 gap-6">
      <header className="flex items-center gap-3">
        <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <ShieldCheckIcon className="size-5" aria-hidden />
        </span>
        <div>
          <h1 className="text-2xl font-semibold tracking-tight">{t('admin.title')}</h1>
          <p className="text-sm text-muted-foreground">{t('admin.intro')}</p>
        </div>
      </header>
      {mustTurnOnTwoFactor ? (
        <TwoFactorRequiredNotice />
      ) : (
        <Tabs
          value={tab}
          onValueChange={(next) => setParams(next === 'users' ? {} : { tab: next }, { replace: true })}
        >
          <div className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
            <TabsList>
              {ADMIN_TABS.map((value) => {
                const Icon = TAB_ICONS[value]
                return (
                  <TabsTrigger key={value} value={value}>
                    <Icon aria-hidden />
                    {t(`admin.tabs.${value}`)}
                  </TabsTrigger>
                )
              })}
            </TabsList>
          </div>
          <TabsContent value="users">
            <UsersTab />
          </TabsContent>
          <TabsContent value="reports">
            <ReportsTab />
          </TabsContent>
          <TabsContent value="endorsements">
            <EndorsementsTab />
          </TabsContent>
          <TabsContent value="hashtags">
            <HashtagsTab />
          </TabsContent>
          <TabsContent value="messages">
            <ConversationsTab />
          </TabsContent>
          <TabsContent value="announcements">
            <div className="grid items-start gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
              <Card>
                <CardHeader>
                  <CardTitle as="h2">{t('admin.newAnnouncement.title')}</CardTitle>
                  <CardDescription>{t('admin.newAnnouncement.description')}</CardDescription>
                </CardHeader>
                <CardContent>
                  <AnnouncementForm />
                </CardContent>
              </Card>
              <section aria-labelledby="all-announcements" className="grid gap-3">
                <h2 id="all-announcements" className="text-lg font-semibold">
                  {t('admin.allAnnouncements')}
                </h2>
                <AnnouncementAdminList />
              </section>
            </div>
          </TabsContent>
          <TabsContent value="trust">
            <TrustSeedsPanel />
          </TabsContent>
          <TabsContent value="audit">
            <AuditTab />
          </TabsContent>
        </Tabs>
      )}
    </PageContainer>
  )
}
