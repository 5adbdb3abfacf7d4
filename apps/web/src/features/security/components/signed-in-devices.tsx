import { useTranslation } from 'react-i18next'
import type { TSignedInSession } from '@vouched/shared/security'
import {
  LaptopIcon,
  Loader2Icon,
  LogOutIcon,
  MonitorSmartphoneIcon,
  SmartphoneIcon,
  TabletIcon,
} from 'lucide-react'
import { useNavigate } from 'react-router'
import { Badge } from '../../../components/ui/badge'
import { Button } from '../../../components/ui/button'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { formatRelativeTime } from '../../../lib/time'
import { describeDevice } from '../device'
import { useRevokeOtherSessions, useRevokeSession } from '../security.api'

const ICONS = {
  desktop: LaptopIcon,
  mobile: SmartphoneIcon,
  tablet: TabletIcon,
  unknown: MonitorSmartphoneIcon,
}

function SessionRow({ session }: { session: TSignedInSession }) {
  const { t } = useTranslation('security')
  const revoke = useRevokeSession()
  const navigate = useNavigate()
  const device = describeDevice(session.userAgent)
  const Icon = ICONS[device.kind]
  const signOut = () =>
    revoke.mutate(session.id, {
      onSuccess: () => {
        if (session.current) {
          void navigate('/auth', { replace: true })
          return
        }
        toast({
          title: t('devices.signedOut'),
          description: t('devices.signedOutText', { device: device.name }),
        })
      },
      onError: (error) =>
        toast({
          title: t('devices.couldNotSignOut'),
          description: errorMessage(error),
          variant: 'destructive',
        }),
    })
  return (
    <li className="flex flex-wrap items-center gap-3 py-3" aria-label={device.name}>
      <span className="flex size-9 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground">
        <Icon className="size-5" aria-hidden />
      </span>
      <div className="grid min-w-0 flex-1 gap-0.5">
        <p className="flex flex-wrap items-center gap-2 text-sm font-medium">
          {device.name}
          {session.current ? <Badge variant="success">{t('devices.thisDevice')}</Badge> : null}
        </p>
        <p className="text-xs text-muted-foreground">
          {session.current
            ? t('devices.activityNow', { signedIn: formatRelativeTime(session.createdAt) })
            : t('devices.activity', {
                signedIn: formatRelativeTime(session.createdAt),
                lastActive: formatRelativeTime(session.lastSeenAt),
              })}
        </p>
      </div>
      <Button
        type="button"
        variant="outline"
        size="sm"
        onClick={signOut}
        disabled={revoke.isPending}
        aria-label={t('devices.signOutLabel', { device: device.name })}
      >
        {revoke.isPending ? <Loader2Icon className="animate-spin" aria-hidden /> : <LogOutIcon aria-hidden />}
        {t('devices.signOut')}
      </Button>
    </li>
  )
}

/** The member's signed-in sessions, the current one first and marked, each with its own sign-out. */
export function SignedInDevices({ sessions }: { sessions: TSignedInSession[] }) {
  const { t } = useTranslation('security')
  const revokeOthers = useRevokeOtherSessions()
  const ordered = [...sessions].sort((a, b) => Number(b.current) - Number(a.current))
  const others = sessions.filter((session) => !session.current).length
  return (
    <div className="grid gap-3">
      <ul aria-label={t('devices.list')} className="divide-y">
        {ordered.map((session) => (
          <SessionRow key={session.id} session={session} />
        ))}
      </ul>
      <Button
        type="button"
        variant="outline"
        className="justify-self-start"
        disabled={others === 0 || revokeOthers.isPending}
        onClick={() =>
          revokeOthers.mutate(undefined, {
            onSuccess: ({ revoked }) =>
              toast({
                title: t('devices.othersSignedOut'),
                description: t('devices.othersText', { count: revoked }),
              }),
            onError: (error) =>
              toast({
                title: t('devices.couldNotSignOut'),
                description: errorMessage(error),
                variant: 'destructive',
              }),
          })
        }
      >
        {revokeOthers.isPending ? (
          <Loader2Icon className="animate-spin" aria-hidden />
        ) : (
          <LogOutIcon aria-hidden />
        )}
        {t('devices.signOutOthers')}
      </Button>
    </div>
  )
}
