import { SEARCH_RESULTS_MAX, type TSearchSort } from '@vouched/shared/discovery'
import { USERNAME_PATTERN } from '@vouched/shared/users'
import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { list, rankedCards, SORTS, visibleTo, type RankedCard, type SearchViewer } from './discovery.cards'
import { typoCorrections } from './discovery.typos'

/** `LIKE` treats these as wildcards; a search text is only ever text. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** Match groups, best first: the query itself, then its typo corrections. */
export const NAME_RANK = {
  exact: 0,
  prefix: 1,
  substring: 2,
  typoExact: 3,
  typoPrefix: 4,
  typoSubstring: 5,
} as const

/** Below this length a substring or a typo says little: only exact and prefix matches count. */
const LOOSE_MIN_LENGTH = 3

const USERNAME = sql`lower(u.username)`
const NAME_FIELDS = [USERNAME, sql`lower(u.full_name)`, sql`lower(u.title)`]
/** Equality is checked on names only (btree indexes); a title equal to the text still starts with it. */
const EXACT_FIELDS = NAME_FIELDS.slice(0, 2)

/**
 * A text holding a character no username may hold (a space, say) is in no username: its index is
 * not read at all.
 */
const mayBeInUsername = (pattern: string) =>
  USERNAME_PATTERN.test(pattern.replace(/^%|%$/g, '').replace(/\\(.)/g, '$1'))

/** Any of the name fields matches any of the patterns; null when none matches and one is null. */
const anyField = (op: 'eq' | 'like', patterns: string[]) =>
  sql`(${sql.join(
    patterns.flatMap((p) =>
      (op === 'eq' ? EXACT_FIELDS : NAME_FIELDS)
        .filter((f) => f !== USERNAME || mayBeInUsername(p))
        .map((f) => (op === 'eq' ? sql`${f} = ${p}` : sql`${f} like ${p}`)),
    ),
    sql` or `,
  )})`
/** The negation of a match, where a null field counts as "does not match". */
const noField = (op: 'eq' | 'like', patterns: string[]) => sql`not coalesce(${anyField(op, patterns)}, false)`

/**
 * A match group: members matching some LIKE patterns on their names or title, a rank (a group
 * may hold two ranks, e.g. equal and starting with), and conditions they must also meet.
 */
type Bucket = { patterns: string[]; rank: SQL; also?: SQL }

/**
 * The groups of a text (or of its corrections): starting with it (those equal to it ranked first,
 * in the same statement), then, from 3 characters, containing it.
 */
function bucketsFor(phrases: string[], ranks: readonly [number, number, number], loose: boolean): Bucket[] {
  const prefixes = phrases.map((p) => `${escapeLike(p)}%`)
  const buckets: Bucket[] = [
    {
      patterns: prefixes,
      rank: sql`case when ${anyField('eq', phrases)} then ${ranks[0]} else ${ranks[1]} end`,
    },
  ]
  if (loose) {
    buckets.push({
      patterns: phrases.map((p) => `%${escapeLike(p)}%`),
      rank: sql`${ranks[2]}`,
      also: noField('like', prefixes),
    })
  }
  return buckets
}

type BucketSearch = { viewerId: SearchViewer; sort: TSearchSort; limit: number; excludeIds?: number[] }

/** The members of one group, best first, as ranked hits. */
export function nameBucketQuery(bucket: Bucket, search: BucketSearch) {
  const sort = SORTS[search.sort]
  const order = sql`(${bucket.rank}), ${sort.collect}`
  const also = bucket.also ? sql` and ${bucket.also}` : sql``
  const exclude = search.excludeIds?.length ? sql` and u.id not in ${list(search.excludeIds)}` : sql``
  return sql`select u.id, (${bucket.rank})::int as rank, null::int as mc, row_number() over (order by ${order}) as rn
    from users u
    where ${anyField('like', bucket.patterns)}${also} and ${visibleTo(search.viewerId)}${exclude}
    order by ${order} limit ${search.limit}`
}

/**
 * The planner prices lower() and LIKE as nearly free, so for a common prefix it may choose to read
 * every member (hundreds of milliseconds) over the trigram indexes (a few). These settings, scoped
 * to the search's transaction (set_config(…, true)), keep the index plans without leaking into a
 * pooled connection.
 */
const NAME_SEARCH_SETTINGS = sql`select set_config('enable_seqscan', 'off', true),
  set_config('max_parallel_workers_per_gather', '0', true)`

/**
 * Fills the groups in order in one statement (each round trip is a chance at the machine's scheduling
 * tail: docs/performance.md, note 3), asking only for what is still missing: the limit above the
 * groups' union stops reading them once it has its members, so a group is read only when those
 * before it left room.
 */
async function collectBuckets(db: Db, buckets: Bucket[], search: BucketSearch, found: RankedCard[] = []) {
  const limit = search.limit - found.length
  if (limit <= 0) return found
  const each = { ...search, limit, excludeIds: [...(search.excludeIds ?? []), ...found.map((c) => c.id)] }
  const groups = sql.join(
    buckets.map((bucket) => sql`(${nameBucketQuery(bucket, each)})`),
    sql` union all `,
  )
  return [...found, ...(await rankedCards(db, sql`select * from (${groups}) groups limit ${limit}`))]
}

/** Lower-cased, inner spaces collapsed. */
export const normaliseName = (query: string) => query.trim().toLowerCase().replace(/\s+/g, ' ')

export type NameSearch = { query: string; viewerId: SearchViewer; sort: TSearchSort; limit?: number }

/**
 * Members whose username, full name or title matches, ignoring case: equal first, then starting
 * with the text, then containing it; when that leaves room, the same three groups again for the
 * text's typo corrections ('jonh' → 'john', found in the dictionary of member words). The chosen
 * sort orders members inside a group.
 */
export async function searchMembersByName(db: Db, search: NameSearch): Promise<RankedCard[]> {
  const q = normaliseName(search.query)
  if (!q) return []
  const loose = q.length >= LOOSE_MIN_LENGTH
  const options = { viewerId: search.viewerId, sort: search.sort, limit: search.limit ?? SEARCH_RESULTS_MAX }

  return db.transaction(async (tx) => {
    await tx.execute(NAME_SEARCH_SETTINGS)
    const close = await collectBuckets(
      tx,
      bucketsFor([q], [NAME_RANK.exact, NAME_RANK.prefix, NAME_RANK.substring], loose),
      options,
    )
    if (close.length >= options.limit || !loose) return close

    const phrases = await typoCorrections(tx, q)
    if (phrases.length === 0) return close
    return collectBuckets(
      tx,
      bucketsFor(phrases, [NAME_RANK.typoExact, NAME_RANK.typoPrefix, NAME_RANK.typoSubstring], true),
      options,
      close,
    )
  })
}
