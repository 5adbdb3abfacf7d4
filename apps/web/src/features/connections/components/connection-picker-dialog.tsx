import { useQuery } from '@tanstack/react-query'
import type { TConnection } from '@vouched/shared/connections'
import { CompassIcon, SearchIcon } from 'lucide-react'
import { useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { UserAvatar } from '../../../components/ui/avatar'
import { Button } from '../../../components/ui/button'
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog'
import { Input } from '../../../components/ui/input'
import { Skeleton } from '../../../components/ui/skeleton'
import { useCurrentUser } from '../../../lib/session'
import { connectionsQuery } from '../connections.api'

type Props = {
  open: boolean
  onOpenChange: (open: boolean) => void
  title: string
  description: string
  onPick: (connection: TConnection) => void
}

const matches = (connection: TConnection, needle: string) =>
  connection.username.toLowerCase().includes(needle) ||
  (connection.fullName ?? '').toLowerCase().includes(needle)

/**
 * Choose one of the viewer's connections (e.g. to start a conversation). The whole list is at hand
 * (at most 1,000, DECISIONS: connections), so the search filters it in the browser.
 */
export function ConnectionPickerDialog({ open, onOpenChange, title, description, onPick }: Props) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="sm:max-w-md">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{description}</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every opening starts with an empty search. */}
        {open ? <ConnectionPicker onPick={onPick} onClose={() => onOpenChange(false)} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function ConnectionPicker({ onPick, onClose }: { onPick: Props['onPick']; onClose: () => void }) {
  const { t } = useTranslation('connections')
  const { user: me } = useCurrentUser()
  const connections = useQuery({ ...connectionsQuery(me?.id ?? 0), enabled: Boolean(me) })
  const [text, setText] = useState('')
  const needle = text.trim().toLowerCase()
  const shown = useMemo(
    () => (connections.data ?? []).filter((connection) => !needle || matches(connection, needle)),
    [connections.data, needle],
  )

  if (connections.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true" aria-label={t('picker.loading')}>
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    )
  }
  if (connections.isError) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {t('picker.loadFailed')}
      </p>
    )
  }
  if (connections.data.length === 0) {
    return (
      <div className="grid justify-items-center gap-3 py-4 text-center">
        <p className="font-medium">{t('picker.noConnections')}</p>
        <p className="text-sm text-muted-foreground">{t('picker.noConnectionsHint')}</p>
        <Button asChild variant="outline" size="sm" onClick={onClose}>
          <Link to="/discover">
            <CompassIcon aria-hidden />
            {t('discoverUsers')}
          </Link>
        </Button>
      </div>
    )
  }
  return (
    <div className="grid min-w-0 gap-3">
      <div className="relative">
        <SearchIcon
          className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
          aria-hidden
        />
        <Input
          type="search"
          aria-label={t('picker.searchLabel')}
          placeholder={t('picker.searchPlaceholder')}
          value={text}
          onChange={(event) => setText(event.target.value)}
          className="pl-9"
          autoFocus
        />
      </div>
      {shown.length === 0 ? (
        <p className="py-4 text-center text-sm text-muted-foreground">
          {t('picker.noMatch', { text: text.trim() })}
        </p>
      ) : (
        <ul aria-label={t('picker.listLabel')} className="-mx-2 grid max-h-80 gap-0.5 overflow-y-auto">
          {shown.map((connection) => {
            const name = connection.fullName || connection.username
            return (
              <li key={connection.id} className="min-w-0">
                {/* Inside a scrolling list: the ring is drawn inside, where the list's edge cannot clip it. */}
                <button
                  type="button"
                  data-focus-inset
                  onClick={() => onPick(connection)}
                  className="flex w-full min-w-0 items-center gap-3 rounded-md px-2 py-2 text-left transition-colors hover:bg-muted focus-visible:bg-muted"
                >
                  <UserAvatar
                    src={connection.profilePicture}
                    fullName={connection.fullName}
                    username={connection.username}
                  />
                  <span className="grid min-w-0 flex-1">
                    <span className="truncate font-medium">{name}</span>
                    <span className="truncate text-sm text-muted-foreground">
                      @{connection.username}
                      {connection.title ? ` · ${connection.title}` : ''}
                    </span>
                  </span>
                </button>
              </li>
            )
          })}
        </ul>
      )}
    </div>
  )
}
