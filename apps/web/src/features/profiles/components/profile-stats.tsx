import { useTranslation } from 'react-i18next'
import type { TProfileUser } from '@vouched/shared/profiles'
import { isValid, parseISO } from 'date-fns'
import { ActivityIcon, CalendarIcon, ThumbsUpIcon, type LucideIcon } from 'lucide-react'
import { Card, CardContent } from '../../../components/ui/card'
import { formatMonth } from '../../../lib/time'

type Props = { user: Pick<TProfileUser, 'vouchCount' | 'activityScore' | 'createdAt'> }

/** Endorsements received, activity over 30 days and membership age, beside the About text. */
export function ProfileStats({ user }: Props) {
  const { t } = useTranslation('profiles')
  const joined = parseISO(user.createdAt)
  return (
    <Card>
      <CardContent className="p-0">
        <dl className="divide-y">
          <Stat icon={ThumbsUpIcon} label={t('stats.received')} value={String(user.vouchCount)} />
          <Stat icon={ActivityIcon} label={t('stats.activity')} value={String(user.activityScore)} />
          <Stat
            icon={CalendarIcon}
            label={t('stats.memberSince')}
            value={isValid(joined) ? formatMonth(joined) : '—'}
          />
        </dl>
      </CardContent>
    </Card>
  )
}

function Stat({ icon: Icon, label, value }: { icon: LucideIcon; label: string; value: string }) {
  return (
    <div className="flex items-center justify-between gap-3 px-5 py-3">
      <dt className="flex items-center gap-2 text-sm text-muted-foreground">
        <Icon className="size-4" aria-hidden />
        {label}
      </dt>
      <dd className="text-sm font-semibold tabular-nums">{value}</dd>
    </div>
  )
}
