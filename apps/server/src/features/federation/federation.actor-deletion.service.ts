import { randomUUID } from 'node:crypto'
import type { SenderKeyPair } from '@fedify/fedify'
import { Delete, PUBLIC_COLLECTION } from '@fedify/vocab'
import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/client'
import { recipientOf } from './federation.followers'
import { findUsernameById, listFollowers } from './federation.queries'

/** Written inside the deletion's transaction; null when there is nobody to tell. */
export type ActorDeletion = ((tx: Db) => Promise<void>) | null

/**
 * The `Delete` of a member's actor for their followers (issue 30, decision 154), prepared before the
 * member's row goes and queued in the transaction that deletes it. The keys are read now, while they
 * exist, and travel sealed in the queued message (as every delivery's do), so the Delete is signed and
 * delivered after the row and keys are gone, and only if the deletion commits. Followers waiting for
 * approval were never told anything and are not told this either.
 */
export async function prepareActorDeletion(app: FastifyInstance, userId: number): Promise<ActorDeletion> {
  if (!app.config.federation) return null
  const { fedify, queue } = app.federation
  const username = await findUsernameById(app.db, userId)
  if (username === null) return null
  const followers = await listFollowers(app.db, userId, { limit: 1_000_000 })
  if (followers.length === 0) return null
  const ctx = fedify.createContext(new URL(app.config.publicUrl), undefined)
  const keys: SenderKeyPair[] = (await ctx.getActorKeyPairs(username)).map((pair) => ({
    keyId: pair.keyId,
    privateKey: (pair as typeof pair & Pick<SenderKeyPair, 'privateKey'>).privateKey,
  }))
  // Keys are made when an actor is first served: a member whose actor never was has none to sign with.
  if (keys.length === 0) return null
  const actor = ctx.getActorUri(username)
  const activity = new Delete({
    id: new URL(`#delete/${randomUUID()}`, actor),
    actor,
    to: PUBLIC_COLLECTION,
    object: actor,
  })
  return (tx) =>
    queue.within(tx, () =>
      ctx.sendActivity(keys, followers.map(recipientOf), activity, { preferSharedInbox: true }),
    )
}
