import { useTranslation } from 'react-i18next'
import { useQuery } from '@tanstack/react-query'
import type { TPopularHashtag, TSuggestedUser } from '@vouched/shared/discovery'
import { SEARCH_QUERY_MAX } from '@vouched/shared/discovery.constants'
import { BadgeCheckIcon, HashIcon, SearchIcon } from 'lucide-react'
import { useMemo, useState, type ComponentProps, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { UserAvatar } from '../../../components/ui/avatar'
import {
  ComboboxGroup,
  comboboxOptionClass,
  ComboboxPopup,
  useCombobox,
} from '../../../components/ui/combobox'
import { Input } from '../../../components/ui/input'
import { cn } from '../../../lib/cn'
import { useDebouncedValue } from '../../../lib/use-debounced-value'
import { suggestQuery } from '../discovery.api'
import { urlForForm } from '../hooks/discover-params'
import { looksLikeRemoteHandle, RemoteAccountPanel } from './remote-account-panel'

/** Long enough that a fast typist asks once per word, short enough to feel immediate. */
export const SUGGEST_DEBOUNCE_MS = 200

type Suggestion = { kind: 'user'; user: TSuggestedUser } | { kind: 'hashtag'; hashtag: TPopularHashtag }

/** One array for "none": the combobox resets its highlight when it is handed a new one. */
const NO_SUGGESTIONS: Suggestion[] = []

/**
 * Suggested members and hashtags for what is being typed, as the server found them (same exclusions
 * as search). Answers for an older text than the one typed stay on screen until the new one arrives.
 */
export function useSuggestions(text: string, { usersOnly = false } = {}) {
  const settled = useDebouncedValue(text.trim(), SUGGEST_DEBOUNCE_MS)
  const query = useQuery({ ...suggestQuery(settled), enabled: settled.length > 0 && text.trim() !== '' })
  const data = text.trim() ? query.data : undefined
  const items = useMemo<Suggestion[]>(() => {
    if (!data) return []
    const users = data.users.map((user) => ({ kind: 'user' as const, user }))
    if (usersOnly) return users
    return [...users, ...data.hashtags.map((hashtag) => ({ kind: 'hashtag' as const, hashtag }))]
  }, [data, usersOnly])
  return { items, settled: settled === text.trim() && !query.isFetching }
}

/**
 * The top bar's search (SPEC.md §2) with suggestions while typing: people open their profile,
 * hashtags search that tag. Enter with no suggestion highlighted goes to
 * /discover?q={text}&sort=reputation, as before.
 */
export function SearchSuggestBox({
  className,
  onSearch,
  fediverse,
}: {
  className?: string
  onSearch?: () => void
  /** Where the instance federates: whether the member publishes (and so may follow remote accounts). */
  fediverse?: { publishes: boolean } | undefined
}) {
  const { t } = useTranslation('discovery')
  const [text, setText] = useState('')
  const navigate = useNavigate()
  // A fediverse handle is looked up on its server, not among members: once typing pauses.
  const remote = fediverse !== undefined && looksLikeRemoteHandle(text)
  const settledHandle = useDebouncedValue(text.trim(), SUGGEST_DEBOUNCE_MS)
  const { items: suggestions } = useSuggestions(remote ? '' : text)
  const items = remote ? NO_SUGGESTIONS : suggestions

  const go = (to: string) => {
    setText('')
    void navigate(to)
    onSearch?.()
  }
  const box = useCombobox({
    items,
    onPick: (item) =>
      go(
        item.kind === 'user'
          ? `/profile/${encodeURIComponent(item.user.username)}`
          : urlForForm({ text: item.hashtag.tag, type: 'hashtag', sort: 'reputation' }),
      ),
    onClear: () => setText(''),
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const query = text.trim()
    // A handle's account is in the panel below the box; there is nothing to search for among members.
    if (!query || remote) return
    go(`/discover?q=${encodeURIComponent(query)}&sort=reputation`)
  }

  const users = items.filter((item) => item.kind === 'user')
  const hashtags = items.filter((item) => item.kind === 'hashtag')
  return (
    <form role="search" onSubmit={submit} className={cn('relative', className)}>
      <SearchIcon
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden
      />
      <Input
        type="search"
        aria-label={t('suggest.label')}
        placeholder={t('suggest.placeholder')}
        // The top bar's "/" shortcut finds the search box it should focus by this attribute.
        aria-keyshortcuts="/"
        data-top-bar-search=""
        value={text}
        maxLength={SEARCH_QUERY_MAX}
        onChange={(event) => {
          setText(event.target.value)
          box.show()
        }}
        className="h-9 rounded-full bg-muted/60 pl-9 shadow-none focus-visible:bg-card"
        {...box.inputProps}
      />
      <ComboboxPopup hidden={!box.expanded} aria-label={t('suggest.suggestions')} {...box.listboxProps}>
        {users.length > 0 ? (
          <ComboboxGroup label={t('suggest.people')}>
            {users.map((item, i) => (
              <UserOption key={item.user.id} user={item.user} {...box.optionProps(i)} />
            ))}
          </ComboboxGroup>
        ) : null}
        {hashtags.length > 0 ? (
          <ComboboxGroup label={t('suggest.hashtags')}>
            {hashtags.map((item, i) => (
              <div
                key={item.hashtag.id}
                className={comboboxOptionClass}
                {...box.optionProps(users.length + i)}
              >
                <HashIcon className="size-4 shrink-0 text-muted-foreground" aria-hidden />
                <span className="min-w-0 flex-1 truncate">{item.hashtag.tag}</span>
                <span className="shrink-0 text-xs text-muted-foreground tabular-nums">
                  {t('suggest.endorsements', { count: item.hashtag.count })}
                </span>
              </div>
            ))}
          </ComboboxGroup>
        ) : null}
      </ComboboxPopup>
      {remote && fediverse && settledHandle === text.trim() ? (
        <div
          className="absolute top-full left-0 z-50 mt-1 w-[min(24rem,calc(100vw-2rem))] rounded-lg border bg-popover text-popover-foreground shadow-lg"
          aria-label={t('remote.heading')}
          role="region"
          onClick={(event) => {
            // Following a link (settings, vouch) leaves the search, as picking a suggestion does.
            if ((event.target as HTMLElement).closest('a')) {
              setText('')
              onSearch?.()
            }
          }}
        >
          <RemoteAccountPanel handle={settledHandle} publishes={fediverse.publishes} />
        </div>
      ) : null}
    </form>
  )
}

/** A member as one option: picture, name with the verified mark, @username and title. */
export function UserOption({ user, ...props }: { user: TSuggestedUser } & ComponentProps<'div'>) {
  const { t } = useTranslation('discovery')
  const name = user.fullName || user.username
  return (
    <div className={comboboxOptionClass} {...props}>
      <UserAvatar
        src={user.profilePicture}
        fullName={user.fullName}
        username={user.username}
        className="size-8"
        aria-hidden
      />
      <span className="flex min-w-0 flex-1 flex-col">
        <span className="flex min-w-0 items-center gap-1 font-medium">
          <span className="truncate">{name}</span>
          {user.isVerified ? (
            <BadgeCheckIcon
              className="size-3.5 shrink-0 text-success"
              aria-label={t('userOption.verified')}
              role="img"
            />
          ) : null}
        </span>
        <span className="truncate text-xs text-muted-foreground">
          @{user.username}
          {user.title ? ` · ${user.title}` : ''}
        </span>
      </span>
    </div>
  )
}
