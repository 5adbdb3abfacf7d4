import { randomUUID } from 'node:crypto'
import './runtime'
import {
  createFederation,
  type Context,
  type Federation,
  type KvStore,
  type MessageQueue,
} from '@fedify/fedify'
import {
  Accept,
  Create,
  Delete,
  Endpoints,
  Follow,
  Hashtag,
  Image,
  Link,
  Note,
  Offer,
  Person,
  PUBLIC_COLLECTION,
  Reject,
  Tombstone,
  Undo,
  Update,
  type Recipient,
} from '@fedify/vocab'
import { Temporal } from './temporal'
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '../../config'
import type { Db } from '../../db/client'
import { findBlockBetween } from '../blocks/blocks.queries'
import { receiveFollow } from './federation.followers'
import type { ActorKeys } from './federation.keys'
import {
  countActorMembers,
  countFollowers,
  countPublished,
  deleteFollower,
  findActorMember,
  findMemberIdByUsername,
  findPublishableVouch,
  listFollowers,
  type ActorMember,
  type PublishableVouch,
} from './federation.queries'
import { answerFollow, receiveDelete, receivePost } from './federation.following'
import { createRemoteVouches, type RemoteVouches } from './federation.remote-vouches'

/** Where fedify's routes live; the actor itself is at the member's profile URL. */
export const PATHS = {
  actor: '/profile/{identifier}',
  inbox: '/federation/users/{identifier}/inbox',
  sharedInbox: '/federation/inbox',
  followers: '/federation/users/{identifier}/followers',
  note: '/federation/users/{identifier}/vouches/{vouchId}',
  nodeInfo: '/nodeinfo/2.1',
} as const

const FOLLOWERS_PAGE = 50

export type FederationDeps = {
  db: Db
  config: Config
  log: FastifyBaseLogger
  keys: ActorKeys
  kv: KvStore
  queue: MessageQueue
  /** Refuses a follow from this actor (a remote account the member blocked, decision 154). */
  isRefusedFollower?: (userId: number, actorUri: URL) => Promise<boolean>
}

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  )

const displayName = (username: string, fullName: string | null) => fullName?.trim() || username

/**
 * The instance as an ActivityPub server (docs/federation.md): members who publish are `Person` actors at
 * their profile URL, found by WebFinger; remote accounts follow them (accepted at once unless blocked,
 * or once the member approves when they chose to);
 * their public vouches, given and received, are Notes sent to their followers.
 */
export function createVouchedFederation(deps: FederationDeps): VouchedFederation {
  const { db, config, keys } = deps
  const federation = createFederation<void>({
    kv: deps.kv,
    queue: deps.queue,
    // The queue is started by the app when FEDERATION=on (federation.routes.ts), never by a request.
    manuallyStartQueue: true,
    // Identifiers are minted from PUBLIC_URL, never from a request's Host header.
    origin: config.publicUrl,
    allowPrivateAddress: config.federationPrivateAddresses,
  })

  const profileUrl = (username: string) =>
    new URL(`/profile/${encodeURIComponent(username)}`, config.publicUrl)
  const absolute = (pathOrUrl: string) => new URL(pathOrUrl, config.publicUrl)
  const actorOf = async (identifier: string): Promise<ActorMember | null> =>
    config.federation ? findActorMember(db, identifier) : null
  const remoteVouches = createRemoteVouches(deps)

  federation
    .setActorDispatcher(PATHS.actor, async (ctx, identifier) => {
      const member = await actorOf(identifier)
      if (!member) return null
      const pairs = await ctx.getActorKeyPairs(identifier)
      return new Person({
        id: ctx.getActorUri(identifier),
        preferredUsername: member.username,
        name: displayName(member.username, member.fullName),
        summary: [member.title, member.bio]
          .filter((part): part is string => Boolean(part?.trim()))
          .map((part) => `<p>${escapeHtml(part)}</p>`)
          .join(''),
        url: profileUrl(member.username),
        icon: member.profilePicture ? new Image({ url: absolute(member.profilePicture) }) : null,
        published: Temporal.Instant.from(member.createdAt.toISOString()),
        inbox: ctx.getInboxUri(identifier),
        endpoints: new Endpoints({ sharedInbox: ctx.getInboxUri() }),
        followers: ctx.getFollowersUri(identifier),
        manuallyApprovesFollowers: member.approveFollowers,
        discoverable: true,
        publicKey: pairs[0]?.cryptographicKey ?? null,
        assertionMethods: pairs.map((pair) => pair.multikey),
      })
    })
    .setKeyPairsDispatcher(async (_ctx, identifier) => {
      const member = await actorOf(identifier)
      if (member) return keys.pairsOf(member.id)
      // A member who stopped publishing (or was suspended) still signs the Deletes of what they published.
      const memberId = await findMemberIdByUsername(db, identifier)
      return memberId === null ? [] : keys.existingPairsOf(memberId)
    })
    .mapHandle(async (_ctx, username) => (await actorOf(username))?.username ?? null)

  federation
    .setFollowersDispatcher(PATHS.followers, async (ctx, identifier, cursor) => {
      const member = await actorOf(identifier)
      if (!member) return null
      const rows = await listFollowers(db, member.id, {
        after: cursor ? Number(cursor) || undefined : undefined,
        // Fan-out reads the whole collection without a cursor.
        limit: cursor === null ? 1_000_000 : FOLLOWERS_PAGE,
      })
      const items: Recipient[] = rows.map((row) => ({
        id: new URL(row.actorUri),
        inboxId: new URL(row.inboxUri),
        endpoints: row.sharedInboxUri ? { sharedInbox: new URL(row.sharedInboxUri) } : null,
      }))
      const last = rows.at(-1)
      return {
        items,
        nextCursor: cursor !== null && rows.length === FOLLOWERS_PAGE && last ? String(last.id) : null,
      }
    })
    .setFirstCursor(() => '0')
    .setCounter(async (_ctx, identifier) => {
      const member = await actorOf(identifier)
      return member ? countFollowers(db, member.id) : null
    })

  federation.setObjectDispatcher(Note, PATHS.note, async (ctx, values) => {
    const member = await actorOf(values.identifier)
    const vouch = member ? await findPublishableVouch(db, Number(values.vouchId)) : null
    if (!member || !vouch || (vouch.fromUserId !== member.id && vouch.toUserId !== member.id)) return null
    return noteOf(ctx, member.username, vouch)
  })

  federation.setNodeInfoDispatcher(PATHS.nodeInfo, async () => ({
    software: { name: 'vouched', version: '1.0.0' },
    protocols: ['activitypub'],
    openRegistrations: true,
    usage: {
      users: { total: config.federation ? await countActorMembers(db) : 0 },
      localPosts: config.federation ? await countPublished(db) : 0,
      localComments: 0,
    },
    metadata: { nodeName: 'Vouched', features: ['vouches'] },
  }))

  federation
    .setInboxListeners(PATHS.inbox, PATHS.sharedInbox)
    .on(Follow, async (ctx, follow) => {
      if (!follow.id || !follow.actorId || !follow.objectId) return
      const target = ctx.parseUri(follow.objectId)
      if (target?.type !== 'actor') return
      const member = await actorOf(target.identifier)
      if (!member) return
      const follower = await follow.getActor(ctx)
      if (!follower?.id || !follower.inboxId) return
      const reply = { identifier: member.username }
      if (await refused(member, follower.id)) {
        await ctx.sendActivity(
          reply,
          follower,
          new Reject({
            id: activityId(ctx, member.username, 'reject'),
            actor: ctx.getActorUri(member.username),
            object: follow,
          }),
        )
        return
      }
      // A follow waiting for the member's approval is answered when they decide (decision 154).
      if ((await receiveFollow(db, member, follower, follow.id)) === 'pending') return
      await ctx.sendActivity(
        reply,
        follower,
        new Accept({
          id: activityId(ctx, member.username, 'accept'),
          actor: ctx.getActorUri(member.username),
          object: follow,
        }),
      )
    })
    .on(Offer, (ctx, offer) => remoteVouches.onOffer(ctx, offer))
    .on(Undo, async (ctx, undo) => {
      const object = await undo.getObject(ctx)
      if (object instanceof Offer) return remoteVouches.onUndoOffer(undo, object)
      if (!(object instanceof Follow) || !undo.actorId || !object.objectId) return
      // Only the follower itself may take its follow back.
      if (object.actorId?.href !== undo.actorId.href) return
      const target = ctx.parseUri(object.objectId)
      if (target?.type !== 'actor') return
      const memberId = await findMemberIdByUsername(db, target.identifier)
      if (memberId !== null) await deleteFollower(db, memberId, undo.actorId.href)
    })
    // Answers to what our members sent (federation.following.ts): a Follow's first; other answers
    // (an Accept of something else) would be handled after it returns false.
    .on(Accept, async (_ctx, accept) => {
      if (await answerFollow(db, accept)) return
    })
    .on(Reject, async (_ctx, reject) => {
      if (await answerFollow(db, reject)) return
    })
    // Posts of remote accounts our members follow; everything else is ignored there.
    .on(Create, (ctx, create) => receivePost(db, ctx, create))
    .on(Update, (ctx, update) => receivePost(db, ctx, update))
    .on(Delete, (_ctx, del) => receiveDelete(db, del))

  /** A follower the member blocked: a local member's actor (blocks go both ways), or a refused remote one. */
  async function refused(member: ActorMember, actorUri: URL): Promise<boolean> {
    if (actorUri.origin === new URL(config.publicUrl).origin) {
      const local = /^\/profile\/([^/]+)$/.exec(actorUri.pathname)
      const localId = local ? await findMemberIdByUsername(db, decodeURIComponent(local[1]!)) : null
      if (localId !== null && (await findBlockBetween(db, member.id, localId))) return true
    }
    return (await deps.isRefusedFollower?.(member.id, actorUri)) ?? false
  }

  function noteOf(ctx: Context<void>, username: string, vouch: PublishableVouch): Note {
    const given = vouch.fromUsername.toLowerCase() === username.toLowerCase()
    const other = given
      ? { username: vouch.toUsername, fullName: vouch.toFullName }
      : { username: vouch.fromUsername, fullName: vouch.fromFullName }
    const otherLink = `<a href="${escapeHtml(ctx.getActorUri(other.username).href)}">${escapeHtml(displayName(other.username, other.fullName))}</a>`
    const headline = given
      ? `Vouched for ${otherLink} in <strong>${escapeHtml(vouch.category)}</strong>`
      : `Received a vouch from ${otherLink} in <strong>${escapeHtml(vouch.category)}</strong>`
    const tagUrl = (tag: string) => absolute(`/discover?q=${encodeURIComponent(`#${tag}`)}&sort=reputation`)
    const tags = vouch.hashtags.map(
      (tag) =>
        `<a href="${escapeHtml(tagUrl(tag).href)}" class="mention hashtag" rel="tag">#<span>${escapeHtml(tag)}</span></a>`,
    )
    const credential = absolute(`/api/credentials/vouches/${vouch.id}`)
    const content = [
      `<p>${headline}</p>`,
      vouch.note ? `<p>${escapeHtml(vouch.note)}</p>` : '',
      tags.length > 0 ? `<p>${tags.join(' ')}</p>` : '',
    ].join('')
    return new Note({
      id: ctx.getObjectUri(Note, { identifier: username, vouchId: String(vouch.id) }),
      attribution: ctx.getActorUri(username),
      to: PUBLIC_COLLECTION,
      cc: ctx.getFollowersUri(username),
      content,
      url: absolute(`/vouches/${vouch.id}`),
      published: Temporal.Instant.from(vouch.createdAt),
      tags: vouch.hashtags.map((tag) => new Hashtag({ name: `#${tag}`, href: tagUrl(tag) })),
      attachments: [
        new Link({ href: credential, mediaType: 'application/vc+ld+json', name: 'Verifiable credential' }),
      ],
    })
  }

  return Object.assign(federation, { noteOf, remoteVouches })
}

export type VouchedFederation = Federation<void> & {
  noteOf: (ctx: Context<void>, username: string, vouch: PublishableVouch) => Note
  remoteVouches: RemoteVouches
}

function activityId(ctx: Context<void>, username: string, kind: string) {
  return new URL(`#${kind}/${randomUUID()}`, ctx.getActorUri(username))
}

/** What a member's followers are sent when one of their vouches appears, changes or goes. */
export const activities = {
  create: (ctx: Context<void>, username: string, note: Note) =>
    new Create({
      id: activityId(ctx, username, 'create'),
      actor: ctx.getActorUri(username),
      to: PUBLIC_COLLECTION,
      cc: ctx.getFollowersUri(username),
      object: note,
    }),
  update: (ctx: Context<void>, username: string, note: Note) =>
    new Update({
      id: activityId(ctx, username, 'update'),
      actor: ctx.getActorUri(username),
      to: PUBLIC_COLLECTION,
      cc: ctx.getFollowersUri(username),
      object: note,
    }),
  delete: (ctx: Context<void>, username: string, vouchId: number) =>
    new Delete({
      id: activityId(ctx, username, 'delete'),
      actor: ctx.getActorUri(username),
      to: PUBLIC_COLLECTION,
      cc: ctx.getFollowersUri(username),
      object: new Tombstone({
        id: ctx.getObjectUri(Note, { identifier: username, vouchId: String(vouchId) }),
      }),
    }),
}
