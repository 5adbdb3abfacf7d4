import { randomUUID } from 'node:crypto'
import type { Context, InboxContext } from '@fedify/fedify'
import { Hashtag, isActor, Link, Note, Offer, Source, Undo, type Actor } from '@fedify/vocab'
import {
  REMOTE_VOUCH_MESSAGES,
  remoteVouchPoints,
  ZRemoteVouchContent,
  type TCreateRemoteVouch,
  type TRemoteVouchGiven,
  type TRemoteVouchReceived,
} from '@vouched/shared/remote-vouches'
import { NOTIFICATION_TEXTS } from '@vouched/shared/notifications.constants'
import { and, desc, eq, sql } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config'
import { AppError, notFound } from '../../core/errors'
import type { Db } from '../../db/client'
import { remoteVouchesGiven, remoteVouchesReceived, users } from '../../db/schema/index'
import { createNotification, removeNotificationsAbout } from '../notifications/notifications.service'
import { findActorMember } from './federation.queries'
import { Temporal } from './temporal'
import { federationOff } from './federation.guard'
import { remoteSoftware } from './federation.lookup'

/**
 * Vouching across Vouched instances (issue 30; docs/decisions/156). A member who publishes vouches for a
 * member of another Vouched server: the vouch is an `Offer` of a `Note` sent to that member's actor alone,
 * and `Undo(Offer)` takes it back. Received, it waits for its member's consent, then shows with its
 * origin and counts for a small, capped amount per instance.
 */

type Deps = {
  db: Db
  config: Config
  log: FastifyBaseLogger
  /** A remote account the member refused (blocked): its vouches are dropped like its follows. */
  isRefusedFollower?: (userId: number, actorUri: URL) => Promise<boolean>
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

const handleOf = (actor: Actor) =>
  `@${actor.preferredUsername?.toString() ?? actor.id!.pathname.split('/').at(-1)}@${actor.id!.host}`

/** Whether the server at this origin says it runs Vouched (its NodeInfo). */
export const isVouchedServer = async (origin: URL, privateAddresses: boolean) =>
  (await remoteSoftware(origin, privateAddresses)) === 'vouched'

const asGiven = (row: typeof remoteVouchesGiven.$inferSelect): TRemoteVouchGiven => ({
  id: row.id,
  actorUri: row.actorUri,
  handle: row.handle,
  category: row.category,
  note: row.note,
  hashtags: row.hashtags,
  createdAt: row.createdAt.toISOString(),
})

const asReceived = (row: typeof remoteVouchesReceived.$inferSelect): TRemoteVouchReceived => ({
  id: row.id,
  handle: row.handle,
  instance: row.instance,
  actorUri: row.actorUri,
  profileUrl: row.profileUrl,
  name: row.name,
  category: row.category,
  note: row.note,
  hashtags: row.hashtags,
  status: row.status,
  createdAt: row.createdAt.toISOString(),
})

/**
 * Runs `change` with the member's row locked and moves their reputation by what it changes in the
 * points accepted remote vouches add (decision 156): the difference of the capped sums, before and after.
 */
async function movingRemotePoints<T>(db: Db, userId: number, change: (tx: Db) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from ${users} where id = ${userId} for no key update`)
    const before = await countAcceptedInstances(tx, userId)
    const result = await change(tx)
    const after = await countAcceptedInstances(tx, userId)
    const delta = remoteVouchPoints(after) - remoteVouchPoints(before)
    if (delta !== 0) {
      await tx
        .update(users)
        .set({ reputationScore: sql`${users.reputationScore} + ${delta}::real` })
        .where(eq(users.id, userId))
    }
    return result
  })
}

/** A received remote vouch is gone (declined, removed, taken back): so is the notice that announced it. */
async function removeReceived(tx: Db, row: { id: number; toUserId: number }) {
  await tx.delete(remoteVouchesReceived).where(eq(remoteVouchesReceived.id, row.id))
  await removeNotificationsAbout(tx, { userId: row.toUserId, type: 'remote-vouch', entityId: row.id })
}

/** The instances a member accepted at least one remote vouch from: what decision 156 counts. */
export async function countAcceptedInstances(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(distinct ${remoteVouchesReceived.instance})::int` })
    .from(remoteVouchesReceived)
    .where(and(eq(remoteVouchesReceived.toUserId, userId), eq(remoteVouchesReceived.status, 'accepted')))
  return row?.n ?? 0
}

export function createRemoteVouches(deps: Deps) {
  const { db, config, log } = deps
  const ownOrigin = new URL(config.publicUrl).origin
  const absolute = (path: string) => new URL(path, config.publicUrl)

  function offerOf(
    ctx: Context<void>,
    username: string,
    giverName: string,
    receiver: { id: URL; handle: string },
    vouch: typeof remoteVouchesGiven.$inferSelect,
  ): Offer {
    const giver = ctx.getActorUri(username)
    const tagUrl = (tag: string) => absolute(`/discover?q=${encodeURIComponent(`#${tag}`)}&sort=reputation`)
    const content = [
      `<p><a href="${escapeHtml(giver.href)}">${escapeHtml(giverName)}</a> vouched for ` +
        `<a href="${escapeHtml(receiver.id.href)}">${escapeHtml(receiver.handle)}</a> in ` +
        `<strong>${escapeHtml(vouch.category)}</strong></p>`,
      vouch.note ? `<p>${escapeHtml(vouch.note)}</p>` : '',
      vouch.hashtags.length > 0
        ? `<p>${vouch.hashtags.map((tag) => `#${escapeHtml(tag)}`).join(' ')}</p>`
        : '',
    ].join('')
    const note = new Note({
      id: new URL(`/federation/users/${encodeURIComponent(username)}/remote-vouches/${vouch.id}`, ctx.origin),
      attribution: giver,
      to: receiver.id,
      // The category, note and tags as data: the receiving server checks them as it checks a local vouch.
      name: vouch.category,
      content,
      source: vouch.note ? new Source({ content: vouch.note, mediaType: 'text/plain' }) : null,
      tags: vouch.hashtags.map((tag) => new Hashtag({ name: `#${tag}`, href: tagUrl(tag) })),
      url: absolute(`/profile/${encodeURIComponent(username)}`),
      attachments: [
        new Link({ href: absolute(`/profile/${encodeURIComponent(username)}`), name: giverName }),
      ],
      published: Temporal.Instant.from(vouch.createdAt.toISOString()),
    })
    return new Offer({
      id: new URL(vouch.offerId),
      actor: giver,
      to: receiver.id,
      target: receiver.id,
      object: note,
    })
  }

  return {
    /** The member vouches for a member of another Vouched server: stored, then offered to them. */
    async give(
      ctx: Context<void>,
      me: { id: number; username: string },
      body: TCreateRemoteVouch,
    ): Promise<TRemoteVouchGiven> {
      if (!config.federation) throw federationOff()
      const member = await findActorMember(db, me.username)
      if (!member) throw new AppError('NOT_PUBLISHING', REMOTE_VOUCH_MESSAGES.notPublishing, 403)
      const target = new URL(body.actorUri)
      if (target.origin === ownOrigin) {
        throw new AppError('LOCAL_MEMBER', REMOTE_VOUCH_MESSAGES.localActor, 400, 'actorUri')
      }
      const found = await ctx.lookupObject(target.href).catch(() => null)
      if (!isActor(found) || !found.id || !found.inboxId) {
        throw new AppError('REMOTE_ACTOR_NOT_FOUND', REMOTE_VOUCH_MESSAGES.actorNotFound, 404, 'actorUri')
      }
      if (!(await isVouchedServer(new URL(found.id.origin), config.federationPrivateAddresses))) {
        throw new AppError('NOT_A_VOUCHED_SERVER', REMOTE_VOUCH_MESSAGES.notVouched, 400, 'actorUri')
      }
      const handle = handleOf(found)
      const [row] = await db
        .insert(remoteVouchesGiven)
        .values({
          fromUserId: me.id,
          actorUri: found.id.href,
          handle,
          category: body.category,
          note: body.note ?? null,
          hashtags: body.hashtags,
          offerId: new URL(`#offer/${randomUUID()}`, ctx.getActorUri(member.username)).href,
        })
        .onConflictDoNothing()
        .returning()
      if (!row) throw new AppError('DUPLICATE', REMOTE_VOUCH_MESSAGES.duplicate, 409, 'category')
      const giverName = member.fullName?.trim() || member.username
      try {
        await ctx.sendActivity(
          { identifier: member.username },
          found,
          offerOf(ctx, member.username, giverName, { id: found.id, handle }, row),
        )
      } catch (error) {
        // Not queued: kept, it would read as given while its receiver never hears of it.
        await db.delete(remoteVouchesGiven).where(eq(remoteVouchesGiven.id, row.id))
        throw error
      }
      return asGiven(row)
    },

    async listGiven(userId: number): Promise<TRemoteVouchGiven[]> {
      const rows = await db
        .select()
        .from(remoteVouchesGiven)
        .where(eq(remoteVouchesGiven.fromUserId, userId))
        .orderBy(desc(remoteVouchesGiven.createdAt), desc(remoteVouchesGiven.id))
      return rows.map(asGiven)
    },

    /** The giver takes a remote vouch back: deleted here, `Undo(Offer)` to its receiver. */
    async withdraw(ctx: Context<void>, me: { id: number; username: string }, id: number) {
      const [mine] = await db
        .select({ id: remoteVouchesGiven.id })
        .from(remoteVouchesGiven)
        .where(and(eq(remoteVouchesGiven.id, id), eq(remoteVouchesGiven.fromUserId, me.id)))
      if (!mine) throw notFound('Vouch')
      // Its receiver could not be told: it stays until the server federates again.
      if (!config.federation) throw federationOff()
      const [row] = await db
        .delete(remoteVouchesGiven)
        .where(and(eq(remoteVouchesGiven.id, id), eq(remoteVouchesGiven.fromUserId, me.id)))
        .returning()
      if (!row) throw notFound('Vouch')
      const [giver] = await db
        .select({ username: users.username, fullName: users.fullName })
        .from(users)
        .where(eq(users.id, me.id))
      const username = giver?.username ?? me.username
      const receiver = { id: new URL(row.actorUri), handle: row.handle }
      const offer = offerOf(ctx, username, giver?.fullName?.trim() || username, receiver, row)
      const recipient = await ctx.lookupObject(row.actorUri).catch(() => null)
      if (!isActor(recipient) || !recipient.inboxId) {
        // The receiver is gone: there is no one left to tell.
        log.warn({ actorUri: row.actorUri }, 'federation: withdrawn remote vouch has no actor to tell')
        return
      }
      await ctx.sendActivity(
        { identifier: username },
        recipient,
        new Undo({
          id: new URL(`#undo/${randomUUID()}`, ctx.getActorUri(username)),
          actor: ctx.getActorUri(username),
          to: receiver.id,
          object: offer,
        }),
      )
    },

    async listReceived(userId: number, status?: 'pending' | 'accepted'): Promise<TRemoteVouchReceived[]> {
      const rows = await db
        .select()
        .from(remoteVouchesReceived)
        .where(
          and(
            eq(remoteVouchesReceived.toUserId, userId),
            status ? eq(remoteVouchesReceived.status, status) : undefined,
          ),
        )
        .orderBy(desc(remoteVouchesReceived.createdAt), desc(remoteVouchesReceived.id))
      return rows.map(asReceived)
    },

    /** The receiver accepts: from now on it shows on their profile and counts (decision 156). */
    async accept(userId: number, id: number): Promise<TRemoteVouchReceived> {
      return movingRemotePoints(db, userId, async (tx) => {
        const [row] = await tx
          .select()
          .from(remoteVouchesReceived)
          .where(and(eq(remoteVouchesReceived.id, id), eq(remoteVouchesReceived.toUserId, userId)))
        if (!row) throw notFound('Vouch')
        if (row.status === 'accepted') {
          throw new AppError('ALREADY_ACCEPTED', REMOTE_VOUCH_MESSAGES.alreadyAccepted, 409)
        }
        const [accepted] = await tx
          .update(remoteVouchesReceived)
          .set({ status: 'accepted', acceptedAt: sql`now()` })
          .where(eq(remoteVouchesReceived.id, id))
          .returning()
        return asReceived(accepted!)
      })
    },

    /** The receiver declines a waiting remote vouch, or removes an accepted one. */
    async decline(userId: number, id: number) {
      await movingRemotePoints(db, userId, async (tx) => {
        const [row] = await tx
          .select({ id: remoteVouchesReceived.id, toUserId: remoteVouchesReceived.toUserId })
          .from(remoteVouchesReceived)
          .where(and(eq(remoteVouchesReceived.id, id), eq(remoteVouchesReceived.toUserId, userId)))
        if (!row) throw notFound('Vouch')
        await removeReceived(tx, row)
      })
    },

    /**
     * An `Offer` of a `Note` to a member who publishes, from an actor of another Vouched server whose
     * signature fedify checked: kept as a received vouch, waiting for the member. Anything else (not a
     * Note, not the signer's own vouch, fields a local vouch could not have) is dropped.
     */
    async onOffer(ctx: InboxContext<void>, offer: Offer) {
      if (!config.federation || !offer.id || !offer.actorId) return
      const targetId = offer.targetId ?? offer.toIds[0]
      const target = targetId ? ctx.parseUri(targetId) : null
      if (target?.type !== 'actor') return
      const member = await findActorMember(db, target.identifier)
      if (!member) return
      const actorId = offer.actorId
      if (actorId.origin === ownOrigin) return
      const note = await offer.getObject(ctx).catch(() => null)
      // A vouch always names its giver, who must be the one who signed: never anonymous, never forged.
      if (!(note instanceof Note) || note.attributionId?.href !== actorId.href) {
        log.info({ offer: offer.id.href }, 'federation: refused an Offer that is not its sender’s own vouch')
        return
      }
      const tags: string[] = []
      for await (const tag of note.getTags(ctx)) {
        if (tag instanceof Hashtag && tag.name) tags.push(tag.name.toString())
      }
      const content = ZRemoteVouchContent.safeParse({
        category: note.name?.toString(),
        note: note.source?.content?.toString() ?? null,
        hashtags: tags,
      })
      if (!content.success) {
        log.info({ offer: offer.id.href }, 'federation: refused an Offer whose vouch is invalid')
        return
      }
      if (await deps.isRefusedFollower?.(member.id, actorId)) return
      const actor = await offer.getActor(ctx).catch(() => null)
      if (!actor?.id || actor.id.href !== actorId.href) return
      if (!(await isVouchedServer(new URL(actorId.origin), config.federationPrivateAddresses))) {
        log.info({ actor: actorId.href }, 'federation: refused an Offer from a server that is not Vouched')
        return
      }
      const values = {
        toUserId: member.id,
        actorUri: actorId.href,
        handle: handleOf(actor),
        instance: actorId.host,
        name: actor.name?.toString() ?? null,
        profileUrl: (actor.url instanceof URL ? actor.url : (actor.url?.href ?? actorId)).href,
        category: content.data.category,
        note: content.data.note ?? null,
        hashtags: content.data.hashtags,
        offerId: offer.id.href,
      }
      await db.transaction(async (tx) => {
        // Offered again (the same giver, member and category): the newest words replace the old.
        const [kept] = await tx
          .insert(remoteVouchesReceived)
          .values(values)
          .onConflictDoUpdate({
            target: [
              remoteVouchesReceived.toUserId,
              remoteVouchesReceived.actorUri,
              remoteVouchesReceived.category,
            ],
            set: {
              handle: values.handle,
              name: values.name,
              profileUrl: values.profileUrl,
              note: values.note,
              hashtags: values.hashtags,
              offerId: values.offerId,
            },
          })
          // A row PostgreSQL inserted has no deleting transaction yet; one it updated has ours.
          .returning({ id: remoteVouchesReceived.id, inserted: sql<boolean>`xmax = 0` })
        // The member hears of a new vouch once, to accept or decline it; new words for it stay quiet.
        if (kept?.inserted) {
          await createNotification(tx, {
            userId: member.id,
            type: 'remote-vouch',
            entityId: kept.id,
            message: NOTIFICATION_TEXTS.remoteVouched(values.handle, values.category),
          })
        }
      })
    },

    /** `Undo(Offer)` by the actor who offered: the vouch goes, and what it counted for with it. */
    async onUndoOffer(undo: Undo, offer: Offer) {
      if (!undo.actorId || !offer.id || offer.actorId?.href !== undo.actorId.href) return
      const rows = await db
        .select({ id: remoteVouchesReceived.id, toUserId: remoteVouchesReceived.toUserId })
        .from(remoteVouchesReceived)
        .where(
          and(
            eq(remoteVouchesReceived.actorUri, undo.actorId.href),
            eq(remoteVouchesReceived.offerId, offer.id.href),
          ),
        )
      for (const row of rows) {
        await movingRemotePoints(db, row.toUserId, (tx) => removeReceived(tx, row))
      }
    },
  }
}

export type RemoteVouches = ReturnType<typeof createRemoteVouches>
