import type { Activity } from '@fedify/vocab'
import type { FastifyBaseLogger } from 'fastify'
import type { Db } from '../../db/client'
import { activities, type VouchedFederation } from './federation'
import { undoFollowsOfSilenced } from './federation.following'
import {
  deletePublished,
  findUsernameById,
  listFollowers,
  listPublishableVouches,
  listPublished,
  markDirty,
  takeDirtyMembers,
  upsertPublished,
} from './federation.queries'

const BATCH = 20

/**
 * Tells each marked member's followers what changed among their public vouches (docs/decisions/150):
 * what should be published is derived from the current rows, compared with what was published, and the
 * difference is sent as Create, Update or Delete through fedify's queue. Anything that stops a vouch
 * leaving the server (anonymous, hidden, a block, a suspension, either side turning federation off, the
 * vouch withdrawn) reads the same way: it is no longer publishable, so its Note is deleted.
 */
export function createPublisher(
  db: Db,
  federation: VouchedFederation,
  publicUrl: string,
  log: FastifyBaseLogger,
) {
  const ctx = federation.createContext(new URL(publicUrl), undefined)

  async function publishMember(userId: number) {
    const username = await findUsernameById(db, userId)
    // A deleted member's keys went with them: nothing can be signed in their name any more.
    if (username === null) return
    await undoFollowsOfSilenced(db, ctx, userId, username)
    const [wanted, published] = await Promise.all([
      listPublishableVouches(db, userId),
      listPublished(db, userId),
    ])
    // Read from the table, not the followers collection: that one is not served once the member stops
    // publishing, and their followers must still hear that their Notes are gone.
    const followers = (await listFollowers(db, userId, { limit: 1_000_000 })).map((row) => ({
      id: new URL(row.actorUri),
      inboxId: new URL(row.inboxUri),
      endpoints: row.sharedInboxUri ? { sharedInbox: new URL(row.sharedInboxUri) } : null,
    }))
    const send = async (activity: Activity, orderingKey: string | undefined) => {
      if (followers.length === 0) return
      await ctx.sendActivity({ identifier: username }, followers, activity, {
        preferSharedInbox: true,
        orderingKey,
      })
    }
    const sent = new Map(published.map((row) => [row.vouchId, row.fingerprint]))
    for (const vouch of wanted) {
      const before = sent.get(vouch.id)
      sent.delete(vouch.id)
      if (before === vouch.fingerprint) continue
      const note = federation.noteOf(ctx, username, vouch)
      const activity =
        before === undefined ? activities.create(ctx, username, note) : activities.update(ctx, username, note)
      await upsertPublished(db, userId, vouch.id, vouch.fingerprint)
      await send(activity, note.id?.href)
    }
    for (const vouchId of sent.keys()) {
      const activity = activities.delete(ctx, username, vouchId)
      await deletePublished(db, userId, vouchId)
      await send(activity, activity.objectId?.href)
    }
  }

  return {
    /** Handles every member marked so far; resolves when none is left. */
    async drain() {
      for (;;) {
        const members = await takeDirtyMembers(db, BATCH)
        if (members.length === 0) return
        for (const userId of members) {
          try {
            await publishMember(userId)
          } catch (error) {
            log.error({ err: error, userId }, 'federation: publishing failed, will retry')
            await markDirty(db, [userId])
            throw error
          }
        }
      }
    },
  }
}

export type Publisher = ReturnType<typeof createPublisher>
