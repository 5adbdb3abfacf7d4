import {
  parseSearchTags,
  SEARCH_SORTS,
  SEARCH_TYPES,
  type TSearchSort,
  type TSearchType,
} from '@vouched/shared/discovery.constants'
import type { SearchParams } from '../discovery.api'

/** The discover form: the text as typed, the type (all = names and hashtags) and the sort. */
export type DiscoverForm = { text: string; type: TSearchType | 'all'; sort: TSearchSort }

const isSort = (value: string | null): value is TSearchSort =>
  (SEARCH_SORTS as readonly string[]).includes(value ?? '')
const isType = (value: string | null): value is TSearchType =>
  (SEARCH_TYPES as readonly string[]).includes(value ?? '')

/**
 * SPEC.md §2: q, tag and sort prefill the form; `tag` means a hashtag search. `type=user` keeps a
 * users-only search across reloads.
 */
export function formFromUrl(params: URLSearchParams): DiscoverForm {
  const sort = params.get('sort')
  const tag = params.get('tag')
  const base = { sort: isSort(sort) ? sort : 'reputation' } as const
  if (tag?.trim()) return { ...base, text: tag, type: 'hashtag' }
  const type = params.get('type')
  return { ...base, text: params.get('q') ?? '', type: isType(type) ? type : 'all' }
}

/** The search the URL asks for, or null when there is no query (the discovery view). */
export function searchFromUrl(params: URLSearchParams): SearchParams | null {
  const form = formFromUrl(params)
  const q = form.text.trim()
  if (!q) return null
  return { q, sort: form.sort, ...(form.type === 'all' ? {} : { type: form.type }) }
}

/** The URL of a submitted form: hashtag searches use `tag`, like the home page's hashtag links. */
export function urlForForm(form: DiscoverForm): string {
  const text = form.text.trim()
  const params = new URLSearchParams()
  if (form.type === 'hashtag') params.set('tag', text)
  else {
    params.set('q', text)
    if (form.type === 'user') params.set('type', 'user')
  }
  params.set('sort', form.sort)
  return `/discover?${params.toString()}`
}

/** Does the search text list several hashtags? (Then the results note how they rank.) */
export const isTagList = (type: DiscoverForm['type'], text: string) =>
  type === 'hashtag' && text.includes(',')

/**
 * A popular tag chip clicked (SPEC.md §2): while a comma list of hashtags is being typed, the tag is
 * appended to it (once); otherwise it searches that hashtag alone.
 */
export function chipAction(
  form: Pick<DiscoverForm, 'text' | 'type'>,
  tag: string,
): { kind: 'append'; text: string } | { kind: 'search'; tag: string } {
  if (!isTagList(form.type, form.text)) return { kind: 'search', tag }
  const present = parseSearchTags(form.text).some((t) => t.toLowerCase() === tag.toLowerCase())
  if (present) return { kind: 'append', text: form.text }
  const head = form.text.replace(/[\s,]+$/, '')
  return { kind: 'append', text: head ? `${head}, ${tag}` : tag }
}
