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

const TAB_LABELS: Record<TAdminTab, { label: string; icon: typeof UsersIcon }> = {
  users: { label: 'Users', icon: UsersIcon },
  reports: { label: 'Reports', icon: FlagIcon },
  endorsements: { label: 'Endorsements', icon: ThumbsUpIcon },
  hashtags: { label: 'Hashtags', icon: HashIcon },
  messages: { label: 'Messages', icon: MessagesSquareIcon },
  announcements: { label: 'Announcements', icon: MegaphoneIcon },
  trust: { label: 'Trust', icon: WaypointsIcon },
  audit: { label: 'Audit', icon: ScrollTextIcon },
}

const isTab = (value: string | null): value is TAdminTab =>
  (ADMIN_TABS as readonly string[]).includes(value ?? '')

function TwoFactorRequiredNotice() {
  return (
    <Alert role="alert">
      <LockKeyholeIcon aria-hidden />
      <AlertTitle>Turn on two-factor sign-in to use the admin dashboard</AlertTitle>
      <AlertDescription>
        <p>
          This site asks every admin to sign in with a code from an authenticator app as well as a password.
        </p>
        <Button asChild className="mt-3">
          <Link to="/settings#security">Turn it on in Settings</Link>
        </Button>
      </AlertDescription>
    </Alert>
  )
}

/** /admin (SPEC.md §2): moderation tabs; the open tab lives in the URL (?tab=) so it survives reloads. */
export default function AdminPage() {
  useDocumentTitle('Admin Dashboard')
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
          <h1 className="text-2xl font-semibold tracking-tight">Admin Dashboard</h1>
          <p className="text-sm text-muted-foreground">
            Moderate members, reports, endorsements, hashtags and conversations.
          </p>
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
                const { label, icon: Icon } = TAB_LABELS[value]
                return (
                  <TabsTrigger key={value} value={value}>
                    <Icon aria-hidden />
                    {label}
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
                  <CardTitle as="h2">New announcement</CardTitle>
                  <CardDescription>Every member sees it on their home page.</CardDescription>
                </CardHeader>
                <CardContent>
                  <AnnouncementForm />
                </CardContent>
              </Card>
              <section aria-labelledby="all-announcements" className="grid gap-3">
                <h2 id="all-announcements" className="text-lg font-semibold">
                  All announcements
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
