import type { TConnection } from '@vouched/shared/connections'
import { formatScore } from '../../../lib/numbers'
import { SearchIcon, UserMinusIcon } from 'lucide-react'
import { useMemo, useState, type ReactNode } from 'react'
import { Trans, useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Button } from '../../../components/ui/button'
import { Card } from '../../../components/ui/card'
import { Input } from '../../../components/ui/input'
import { toast } from '../../../components/ui/toast'
import { useRemoveConnection } from '../connections.api'
import { DiscoverUsersButton, EmptyState } from './network-empty-state'
import { displayName, MemberHeading, profilePath } from './network-member-heading'
import { RemoveConnectionDialog } from './remove-connection-dialog'

/** Other features' actions (e.g. Message) the page adds to each connection's card. */
export type ConnectionActions = (connection: TConnection) => ReactNode

/** My Network's Connections tab: the member's connections, searchable by name or username. */
export function ConnectionsList({
  connections,
  actions,
}: {
  connections: TConnection[]
  actions?: ConnectionActions
}) {
  const { t } = useTranslation('connections')
  const [search, setSearch] = useState('')
  const query = search.trim().toLowerCase()
  const shown = useMemo(
    () =>
      query
        ? connections.filter(
            (c) =>
              c.username.toLowerCase().includes(query) || (c.fullName ?? '').toLowerCase().includes(query),
          )
        : connections,
    [connections, query],
  )

  if (connections.length === 0) {
    return (
      <EmptyState title={t('network.noConnections')}>
        <p className="max-w-sm text-sm text-muted-foreground">{t('network.noConnectionsHint')}</p>
        <DiscoverUsersButton />
      </EmptyState>
    )
  }

  return (
    <div className="flex flex-col gap-4">
      <div className="relative max-w-md">
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          aria-label={t('network.searchLabel')}
          placeholder={t('network.searchPlaceholder')}
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          className="pl-9"
        />
      </div>
      {shown.length === 0 ? (
        <p className="py-6 text-center text-sm text-muted-foreground">
          {t('network.noMatch', { text: search.trim() })}
        </p>
      ) : (
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2" aria-label={t('network.listLabel')}>
          {shown.map((connection) => (
            <ConnectionItem key={connection.id} connection={connection} actions={actions} />
          ))}
        </ul>
      )}
    </div>
  )
}

function ConnectionItem({ connection, actions }: { connection: TConnection; actions?: ConnectionActions }) {
  const { t } = useTranslation('connections')
  const remove = useRemoveConnection()
  const name = displayName(connection)
  return (
    <li>
      <Card className="flex h-full flex-col gap-4 p-4">
        <MemberHeading
          user={connection}
          extra={
            <>
              {connection.title ? (
                <span className="truncate text-sm text-foreground/80">{connection.title}</span>
              ) : null}
              <span className="text-sm text-muted-foreground">
                <Trans
                  t={t}
                  i18nKey="network.reputation"
                  values={{ score: formatScore(connection.reputationScore) }}
                  components={{ score: <span className="font-semibold text-foreground tabular-nums" /> }}
                />
              </span>
            </>
          }
        />
        <div className="mt-auto flex flex-wrap gap-2">
          <Button asChild size="sm" variant="outline" className="flex-1">
            <Link to={profilePath(connection.username)}>{t('network.viewProfile')}</Link>
          </Button>
          {actions?.(connection)}
          <RemoveConnectionDialog
            name={name}
            onConfirm={() =>
              void remove.mutateAsync(connection.id).then(
                () => toast({ title: t('network.removed') }),
                () =>
                  toast({ title: t('error'), description: t('network.removeError'), variant: 'destructive' }),
              )
            }
          >
            <Button
              size="sm"
              variant="ghost"
              className="text-destructive hover:bg-destructive/10 hover:text-destructive"
              disabled={remove.isPending}
              aria-label={t('network.removeLabel', { name })}
            >
              <UserMinusIcon aria-hidden />
              {t('network.remove')}
            </Button>
          </RemoveConnectionDialog>
        </div>
      </Card>
    </li>
  )
}
