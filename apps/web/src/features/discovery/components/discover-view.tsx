import { useTranslation } from 'react-i18next'
import { useQuery } from '@tanstack/react-query'
import type { TUserCard } from '@vouched/shared/discovery'
import {
  DISCOVERY_MESSAGES,
  POPULAR_HASHTAGS_DEFAULT,
  POPULAR_USERS_DEFAULT,
  SEARCH_QUERY_MAX,
  SEARCH_SORT_LABELS,
  SEARCH_SORTS,
  SEARCH_TYPE_LABELS,
  type TSearchSort,
} from '@vouched/shared/discovery.constants'
import { InfoIcon, Loader2Icon, SearchIcon } from 'lucide-react'
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { useNavigate, useSearchParams } from 'react-router'
import { Alert, AlertDescription } from '../../../components/ui/alert'
import { Button } from '../../../components/ui/button'
import { Input } from '../../../components/ui/input'
import { Label } from '../../../components/ui/label'
import { toast } from '../../../components/ui/toast'
import { errorMessage } from '../../../lib/api-client'
import { cn } from '../../../lib/cn'
import { popularHashtagsQuery, popularMembersQuery, searchQuery } from '../discovery.api'
import {
  chipAction,
  formFromUrl,
  isTagList,
  searchFromUrl,
  urlForForm,
  type DiscoverForm,
} from '../hooks/discover-params'
import { USER_CARD_GRID, UserCard, UserCardSkeletons } from './user-card'
import { sharedTextOf, useSharedText } from '../../../lib/i18n/shared-text'

const TYPES = ['all', 'user', 'hashtag'] as const

const selectClass =
  'h-9 w-full min-w-0 rounded-md border border-input bg-card px-2.5 text-sm shadow-xs outline-none focus-visible:border-ring'

/**
 * The discover screen (SPEC.md §2). The URL (q, tag, sort) is the search: the form starts from it
 * and submitting writes it, so a search can be shared, reloaded and reached from the top bar.
 */
export function DiscoverView({ onEndorse }: { onEndorse?: (card: TUserCard) => void }) {
  const sharedText = useSharedText()
  const { t } = useTranslation('discovery')
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const inputRef = useRef<HTMLInputElement>(null)

  // The form follows the URL whenever the URL changes (top-bar search, back button, chips).
  const urlKey = params.toString()
  const [form, setForm] = useState<DiscoverForm>(() => formFromUrl(params))
  const [formKey, setFormKey] = useState(urlKey)
  if (formKey !== urlKey) {
    setFormKey(urlKey)
    setForm(formFromUrl(params))
  }

  const active = searchFromUrl(params)
  const results = useQuery({
    ...searchQuery(active ?? { q: '', sort: 'reputation' }),
    enabled: active !== null,
  })
  const popular = useQuery({ ...popularMembersQuery(POPULAR_USERS_DEFAULT), enabled: active === null })
  const tags = useQuery({ ...popularHashtagsQuery(POPULAR_HASHTAGS_DEFAULT), enabled: active === null })

  const failedAt = results.isError ? results.errorUpdatedAt : 0
  useEffect(() => {
    if (!failedAt) return
    toast({
      title: sharedText(DISCOVERY_MESSAGES.searchFailed),
      description: errorMessage(results.error, sharedText(DISCOVERY_MESSAGES.error)),
      variant: 'destructive',
    })
    // One toast per failed search, not per render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [failedAt])

  const loading = active !== null && results.isFetching
  const canSearch = form.text.trim().length > 0 && !loading

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!canSearch) return
    void navigate(urlForForm(form))
  }

  const changeSort = (sort: TSearchSort) => {
    setForm((current) => ({ ...current, sort }))
    // An active search re-sorts at once; otherwise the sort waits for Search.
    if (active) void navigate(urlForForm({ ...formFromUrl(params), sort }))
  }

  const clickChip = (tag: string) => {
    const action = chipAction(form, tag)
    if (action.kind === 'search') {
      void navigate(urlForForm({ text: tag, type: 'hashtag', sort: form.sort }))
      return
    }
    setForm((current) => ({ ...current, text: action.text }))
    inputRef.current?.focus()
  }

  const heading = active
    ? sharedText(DISCOVERY_MESSAGES.resultsHeading(active.q))
    : sharedText(DISCOVERY_MESSAGES.discoverHeading)
  const activeForm = formFromUrl(params)

  return (
    <div className="grid grid-cols-1 gap-6">
      <div className="grid gap-1">
        <h1 className="text-2xl font-semibold tracking-tight [overflow-wrap:anywhere]">{heading}</h1>
        <p className="text-sm text-muted-foreground">{t('view.intro')}</p>
      </div>

      <form
        role="search"
        aria-label={t('view.form')}
        onSubmit={submit}
        className="grid grid-cols-1 gap-3 rounded-xl border bg-card p-4 shadow-sm lg:grid-cols-[minmax(0,1fr)_auto] lg:items-end"
      >
        <div className="grid gap-1.5">
          <Label htmlFor="discover-query">{t('view.search')}</Label>
          <div className="relative">
            <SearchIcon
              className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
              aria-hidden
            />
            <Input
              id="discover-query"
              ref={inputRef}
              type="search"
              value={form.text}
              maxLength={SEARCH_QUERY_MAX}
              placeholder={form.type === 'hashtag' ? t('view.tagPlaceholder') : t('view.placeholder')}
              onChange={(event) => setForm((current) => ({ ...current, text: event.target.value }))}
              className="pl-9"
            />
          </div>
        </div>
        {/* One select a row on phones: half a phone's width clips "Highest Reputation". */}
        <div className="grid grid-cols-1 items-end gap-3 sm:flex">
          <div className="grid min-w-0 gap-1.5 sm:min-w-32">
            <Label htmlFor="discover-type">{t('view.type')}</Label>
            <select
              id="discover-type"
              className={selectClass}
              value={form.type}
              onChange={(event) =>
                setForm((current) => ({ ...current, type: event.target.value as DiscoverForm['type'] }))
              }
            >
              {TYPES.map((type) => (
                <option key={type} value={type}>
                  {sharedText(SEARCH_TYPE_LABELS[type])}
                </option>
              ))}
            </select>
          </div>
          <div className="grid min-w-0 gap-1.5 sm:min-w-44">
            <Label htmlFor="discover-sort">{t('view.sort')}</Label>
            <select
              id="discover-sort"
              className={selectClass}
              value={form.sort}
              onChange={(event) => changeSort(event.target.value as TSearchSort)}
            >
              {SEARCH_SORTS.map((sort) => (
                <option key={sort} value={sort}>
                  {sharedText(SEARCH_SORT_LABELS[sort])}
                </option>
              ))}
            </select>
          </div>
          <Button type="submit" disabled={!canSearch} className="sm:ml-auto lg:ml-0">
            {loading ? <Loader2Icon className="animate-spin" aria-hidden /> : <SearchIcon aria-hidden />}
            {t('view.submit')}
          </Button>
        </div>
      </form>

      {active === null ? (
        <PopularTagChips tags={tags.data?.map((t) => t.tag) ?? []} onPick={clickChip} />
      ) : null}

      {active !== null && isTagList(activeForm.type, activeForm.text) ? (
        <Alert role="note">
          <InfoIcon aria-hidden />
          <AlertDescription>{sharedText(DISCOVERY_MESSAGES.multiHashtagNote)}</AlertDescription>
        </Alert>
      ) : null}

      {active !== null ? (
        <CardList
          label={t('view.results')}
          loadingLabel={t('view.loadingResults')}
          query={results}
          empty={sharedText(DISCOVERY_MESSAGES.noResults)}
          onEndorse={onEndorse}
          count
        />
      ) : (
        <CardList
          label={t('view.popular')}
          loadingLabel={t('view.loadingPopular')}
          query={popular}
          empty={sharedText(DISCOVERY_MESSAGES.noUsers)}
          onEndorse={onEndorse}
        />
      )}
    </div>
  )
}

/** Up to 10 popular hashtags; clicking one searches it (or adds it to a comma list being typed). */
function PopularTagChips({ tags, onPick }: { tags: string[]; onPick: (tag: string) => void }) {
  const { t } = useTranslation('discovery')
  if (tags.length === 0) return null
  return (
    <section aria-labelledby="popular-tags-heading" className="grid gap-2">
      <h2 id="popular-tags-heading" className="text-sm font-medium text-muted-foreground">
        {t('view.popularTags')}
      </h2>
      <ul className="flex flex-wrap gap-2">
        {tags.slice(0, POPULAR_HASHTAGS_DEFAULT).map((tag) => (
          <li key={tag}>
            <button
              type="button"
              onClick={() => onPick(tag)}
              className={cn(
                'rounded-full border bg-card px-3 py-1 text-sm font-medium shadow-xs transition-colors',
                'hover:border-primary hover:text-primary',
              )}
            >
              #{tag}
            </button>
          </li>
        ))}
      </ul>
    </section>
  )
}

type CardQuery = { data: TUserCard[] | undefined; isPending: boolean; isError: boolean }

function CardList({
  label,
  loadingLabel,
  query,
  empty,
  onEndorse,
  count = false,
}: {
  label: string
  /** Names the placeholders while the list loads ('Loading search results'). */
  loadingLabel: string
  query: CardQuery
  empty: string
  onEndorse?: (card: TUserCard) => void
  /** Say how many members the list holds ('12 people'). */
  count?: boolean
}) {
  const sharedText = useSharedText()
  const size = query.data?.length ?? 0
  return (
    <section aria-label={label} className="grid gap-4">
      <h2 className="sr-only">{label}</h2>
      {count && !query.isPending && !query.isError && size > 0 ? (
        <p className="-mb-1 text-sm font-medium text-muted-foreground" data-testid="result-count">
          {sharedTextOf(DISCOVERY_MESSAGES.resultCount(size), (c) => c.DISCOVERY_MESSAGES.resultCount(size))}
        </p>
      ) : null}
      {query.isError ? (
        <Alert variant="destructive" role="alert">
          <AlertDescription>{sharedText(DISCOVERY_MESSAGES.error)}</AlertDescription>
        </Alert>
      ) : query.isPending ? (
        <UserCardSkeletons label={loadingLabel} />
      ) : !query.data || query.data.length === 0 ? (
        <p className="rounded-xl border border-dashed p-8 text-center text-sm text-muted-foreground">
          {empty}
        </p>
      ) : (
        <ul className={USER_CARD_GRID}>
          {query.data.map((card) => (
            <li key={card.id} className="grid min-w-0">
              <UserCard card={card} onEndorse={onEndorse} />
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
