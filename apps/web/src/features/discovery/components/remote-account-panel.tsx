import { useQuery } from '@tanstack/react-query'
import type { TRemoteAccount } from '@vouched/shared/fediverse-following'
import { GlobeIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { UserAvatar } from '../../../components/ui/avatar'
import { Button } from '../../../components/ui/button'
import { errorMessage } from '../../../lib/api-client'
import { remoteLookupQuery, useFollowRemote } from '../fediverse.api'

/** Whether what is typed is a fediverse handle (`@user@host`, with or without the first @). */
export const looksLikeRemoteHandle = (text: string) =>
  /^@?[\w.~-]+@[a-z0-9-]+(\.[a-z0-9-]+)*(:\d+)?$/i.test(text.trim())

/**
 * A fediverse account found by its handle in the top bar's search (issue 30): who it is and on which
 * server, with Follow / Requested / Following. Following needs the member to publish (they are seen by
 * the account they follow): otherwise the panel says so and links to the setting.
 */
export function RemoteAccountPanel({ handle, publishes }: { handle: string; publishes: boolean }) {
  const { t } = useTranslation('discovery')
  const lookup = useQuery(remoteLookupQuery(handle))
  return (
    <div className="grid gap-2 p-2" aria-live="polite" aria-busy={lookup.isPending}>
      <p className="flex items-center gap-1.5 text-xs font-medium text-muted-foreground">
        <GlobeIcon className="size-3.5" aria-hidden />
        {t('remote.heading')}
      </p>
      {lookup.isPending ? (
        <p className="text-sm text-muted-foreground">{t('remote.looking', { handle: handle.trim() })}</p>
      ) : lookup.isError ? (
        <p className="text-sm text-destructive" role="alert">
          {errorMessage(lookup.error)}
        </p>
      ) : (
        <RemoteAccount account={lookup.data} handle={handle} publishes={publishes} />
      )}
    </div>
  )
}

function RemoteAccount({
  account,
  handle,
  publishes,
}: {
  account: TRemoteAccount
  handle: string
  publishes: boolean
}) {
  const { t } = useTranslation('discovery')
  const { follow, unfollow } = useFollowRemote(handle)
  const host = account.handle.split('@').at(-1) ?? ''
  const failed = follow.error ?? unfollow.error
  const busy = follow.isPending || unfollow.isPending
  return (
    <div className="grid gap-2">
      <div className="flex min-w-0 items-center gap-2.5">
        <UserAvatar
          src={account.avatarUrl}
          fullName={account.name}
          username={account.handle}
          className="size-10"
          aria-hidden
        />
        <div className="flex min-w-0 flex-1 flex-col">
          <span className="truncate font-medium">{account.name ?? account.handle}</span>
          <span className="truncate text-xs text-muted-foreground">{account.handle}</span>
          <span className="truncate text-xs text-muted-foreground">
            {account.vouched
              ? t('remote.instanceVouched', { host })
              : account.software
                ? t('remote.instanceSoftware', { host, software: account.software })
                : t('remote.instance', { host })}
          </span>
        </div>
      </div>
      {account.summary ? <p className="line-clamp-3 text-sm whitespace-pre-line">{account.summary}</p> : null}
      {publishes ? (
        <div className="flex flex-wrap items-center gap-2">
          {account.following === 'none' ? (
            <Button size="sm" disabled={busy} onClick={() => follow.mutate(account.actorUri)}>
              {t('remote.follow')}
            </Button>
          ) : (
            <>
              <span className="text-sm font-medium" role="status">
                {account.following === 'pending' ? t('remote.requested') : t('remote.following')}
              </span>
              <Button
                size="sm"
                variant="outline"
                disabled={busy}
                onClick={() => unfollow.mutate(account.actorUri)}
              >
                {account.following === 'pending' ? t('remote.cancel') : t('remote.unfollow')}
              </Button>
            </>
          )}
          {account.vouched ? (
            <Button size="sm" variant="outline" asChild>
              <Link
                to={`/fediverse/vouch?actor=${encodeURIComponent(account.actorUri)}&handle=${encodeURIComponent(account.handle)}`}
              >
                {t('remote.vouch')}
              </Link>
            </Button>
          ) : null}
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">
          {t('remote.notPublishing')}{' '}
          <Link to="/settings" className="font-medium text-primary underline-offset-4 hover:underline">
            {t('remote.openSettings')}
          </Link>
        </p>
      )}
      {failed ? (
        <p className="text-sm text-destructive" role="alert">
          {errorMessage(failed)}
        </p>
      ) : null}
    </div>
  )
}
