import { useQuery } from '@tanstack/react-query'
import { useTranslation } from 'react-i18next'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'
import { memberRemoteVouchesQuery } from '../remote-vouches.api'
import { RemoteVouchItem } from './remote-vouch-item'

/** A member's accepted vouches from other Vouched servers, each with its origin; nothing when none. */
export function MemberRemoteVouches({ username }: { username: string }) {
  const { t } = useTranslation('remote-vouches')
  const vouches = useQuery(memberRemoteVouchesQuery(username))
  if (!vouches.data?.length) return null
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('member.title')}</CardTitle>
        <CardDescription>{t('member.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="grid gap-3">
          {vouches.data.map((vouch) => (
            <RemoteVouchItem key={vouch.id} vouch={vouch} />
          ))}
        </ul>
      </CardContent>
    </Card>
  )
}
