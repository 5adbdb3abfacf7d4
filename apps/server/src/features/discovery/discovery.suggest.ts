import { SUGGESTIONS_MAX, type TPopularHashtag, type TSearchSuggestions } from '@vouched/shared/discovery'
import { sql } from 'drizzle-orm'
import { queryRows, sqlInteger, type Db } from '../../db/client'
import { searchMembersByName } from './discovery.name-search'

/** `LIKE` treats these as wildcards; a typed text is only ever text. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * Tags starting with the text (ignoring case) that some endorsement still carries, most used first.
 * A walk of hashtags_count_idx that stops at the fifth match: common prefixes end within a few rows,
 * and a prefix nobody used reads the table of distinct tags once (tags are few next to members).
 */
export function suggestHashtags(db: Db, prefix: string, limit = SUGGESTIONS_MAX) {
  return queryRows<TPopularHashtag>(
    db,
    sql`select id, tag, count from hashtags
        where count > 0 and lower(tag) like ${`${escapeLike(prefix.toLowerCase())}%`}
        order by count desc, id limit ${sqlInteger(limit)}`,
  )
}

/**
 * What the search box offers while a member types: members found as the name search finds them
 * (so the same exclusions: never the viewer, admins, suspended members or either side of a block),
 * and tags starting with the text. A leading '#' asks for tags only, as in search.
 */
export async function suggestSearch(db: Db, viewerId: number, text: string): Promise<TSearchSuggestions> {
  const q = text.trim()
  const tagsOnly = q.startsWith('#')
  const tag = q.replace(/^#+/, '').trim()
  // One after the other: the name search holds a transaction, and PGlite has one connection.
  const found = tagsOnly
    ? []
    : await searchMembersByName(db, { query: q, viewerId, sort: 'reputation', limit: SUGGESTIONS_MAX })
  const hashtags = tag ? await suggestHashtags(db, tag) : []
  const users = found.map(({ id, username, fullName, title, profilePicture, isVerified }) => ({
    id,
    username,
    fullName,
    title,
    profilePicture,
    isVerified,
  }))
  return { users, hashtags }
}
