import { useInfiniteQuery } from '@tanstack/react-query'
import { ACTOR_ADDRESS_MAX } from '@vouched/shared/federation-followers'
import { useId, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { Skeleton } from '../../../components/ui/skeleton'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { formatRelativeTime } from '../../../lib/time'
import { blockedAccountsQuery, useBlockAccount, useUnblockAccount } from '../fediverse.api'

/** Settings → remote accounts the member blocked, with Unblock, and a field to block one by handle. */
export function BlockedAccounts() {
  const { t } = useTranslation('fediverse')
  const accounts = useInfiniteQuery(blockedAccountsQuery())
  const block = useBlockAccount()
  const unblock = useUnblockAccount()
  const [actor, setActor] = useState('')
  const inputId = useId()
  const hintId = useId()

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const value = actor.trim()
    if (!value) return
    block.mutate(value, {
      onSuccess: (blocked) => {
        setActor('')
        toast({ title: t('blocked.blocked', { name: blocked.handle ?? blocked.actorUri }) })
      },
      onError: (error) =>
        toast({ title: t('blocked.failed'), description: errorMessage(error), variant: 'destructive' }),
    })
  }

  const rows = accounts.data?.pages.flatMap((page) => page.accounts) ?? []
  return (
    <div className="grid gap-3">
      <form className="grid gap-2" onSubmit={submit}>
        <Label htmlFor={inputId}>{t('blocked.inputLabel')}</Label>
        <div className="flex flex-wrap gap-2">
          <Input
            id={inputId}
            aria-describedby={hintId}
            className="min-w-0 flex-1"
            value={actor}
            maxLength={ACTOR_ADDRESS_MAX}
            placeholder={t('blocked.placeholder')}
            autoComplete="off"
            spellCheck={false}
            onChange={(event) => setActor(event.target.value)}
          />
          <Button type="submit" variant="outline" disabled={block.isPending || !actor.trim()}>
            {t('blocked.submit')}
          </Button>
        </div>
        <p id={hintId} className="text-sm text-muted-foreground">
          {t('blocked.inputHint')}
        </p>
      </form>
      {accounts.isPending ? (
        <Skeleton className="h-14 w-full" aria-label={t('blocked.loading')} />
      ) : accounts.isError ? (
        <p className="text-sm text-destructive">{t('blocked.loadFailed')}</p>
      ) : rows.length === 0 ? (
        <p className="text-sm text-muted-foreground">{t('blocked.empty')}</p>
      ) : (
        <ul className="grid gap-2" aria-label={t('blocked.label')}>
          {rows.map((account) => {
            const name = account.handle ?? account.actorUri
            return (
              <li key={account.id} className="flex flex-wrap items-center gap-3 rounded-lg border p-3">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium">{name}</p>
                  <p className="text-xs text-muted-foreground">
                    {t('blocked.since', { time: formatRelativeTime(account.since) })}
                  </p>
                </div>
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={t('blocked.unblockLabel', { name })}
                  disabled={unblock.isPending}
                  onClick={() =>
                    unblock.mutate(account.id, {
                      onSuccess: () => toast({ title: t('blocked.unblocked', { name }) }),
                      onError: (error) =>
                        toast({
                          title: t('blocked.unblockFailed'),
                          description: errorMessage(error),
                          variant: 'destructive',
                        }),
                    })
                  }
                >
                  {t('blocked.unblock')}
                </Button>
              </li>
            )
          })}
        </ul>
      )}
      {accounts.hasNextPage ? (
        <Button
          variant="ghost"
          size="sm"
          className="justify-self-start"
          disabled={accounts.isFetchingNextPage}
          onClick={() => void accounts.fetchNextPage()}
        >
          {t('blocked.more')}
        </Button>
      ) : null}
    </div>
  )
}
