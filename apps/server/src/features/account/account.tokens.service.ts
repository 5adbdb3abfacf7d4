import {
  API_TOKEN_MESSAGES,
  API_TOKENS_MAX,
  type TApiToken,
  type TApiTokenScope,
  type TCreatedApiToken,
} from '@vouched/shared/api-tokens'
import { and, count, desc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { apiTokens, users } from '../../db/schema/index'
import { generateApiToken, hashApiToken } from '../../core/api-tokens'
import { AppError } from '../../core/errors'

type ApiTokenRow = typeof apiTokens.$inferSelect

/** The allow-list of what a listed token shows: never its hash. */
const toApiToken = (row: ApiTokenRow): TApiToken => ({
  id: row.id,
  name: row.name,
  scope: row.scope as TApiTokenScope,
  createdAt: row.createdAt.toISOString(),
  expiresAt: row.expiresAt?.toISOString() ?? null,
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
})

export async function listApiTokens(db: Db, userId: number): Promise<TApiToken[]> {
  const rows = await db
    .select()
    .from(apiTokens)
    .where(eq(apiTokens.userId, userId))
    .orderBy(desc(apiTokens.createdAt), desc(apiTokens.id))
  return rows.map(toApiToken)
}

/**
 * Creates a token and returns it with the secret, which is stored only as its hash and never shown
 * again. The member's row is locked so that two creations at once cannot pass the cap or the name check.
 */
export async function createApiToken(
  db: Db,
  userId: number,
  body: { name: string; scope: TApiTokenScope; expiresInDays?: number | undefined },
): Promise<TCreatedApiToken> {
  const token = generateApiToken()
  const row = await db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update')
    const [held] = await tx.select({ n: count() }).from(apiTokens).where(eq(apiTokens.userId, userId))
    if ((held?.n ?? 0) >= API_TOKENS_MAX)
      throw new AppError('TOO_MANY_TOKENS', API_TOKEN_MESSAGES.tooMany, 409)
    const [sameName] = await tx
      .select({ id: apiTokens.id })
      .from(apiTokens)
      .where(and(eq(apiTokens.userId, userId), sql`lower(${apiTokens.name}) = lower(${body.name})`))
      .limit(1)
    if (sameName) throw new AppError('TOKEN_NAME_TAKEN', API_TOKEN_MESSAGES.nameTaken, 409, 'name')
    const [inserted] = await tx
      .insert(apiTokens)
      .values({
        userId,
        tokenHash: hashApiToken(token),
        name: body.name,
        scope: body.scope,
        expiresAt:
          body.expiresInDays === undefined ? null : new Date(Date.now() + body.expiresInDays * 86_400_000),
      })
      .returning()
    return inserted!
  })
  return { ...toApiToken(row), token }
}

/** Revokes one of the member's tokens; someone else's answers exactly as a token that does not exist. */
export async function revokeApiToken(db: Db, userId: number, id: number) {
  const deleted = await db
    .delete(apiTokens)
    .where(and(eq(apiTokens.id, id), eq(apiTokens.userId, userId)))
    .returning({ id: apiTokens.id })
  if (deleted.length === 0) throw new AppError('NOT_FOUND', API_TOKEN_MESSAGES.notFound, 404)
}
