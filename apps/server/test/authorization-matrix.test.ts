import { createECDH, randomBytes } from 'node:crypto'
import type { InjectOptions } from 'light-my-request'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { hashtags, remoteVouchesGiven, remoteVouchesReceived, sessions, users } from '../src/db/schema/index'
import { createSession, hashToken } from '../src/core/session'
import type { UserRow } from '../src/core/user-shapes'
import { createApiToken } from '../src/features/account/account.tokens.service'
import { createAnnouncement } from '../src/features/announcements/announcements.service'
import {
  acceptConnectionRequest,
  sendConnectionRequest,
} from '../src/features/connections/connections.service'
import { createEndorsementRequest } from '../src/features/endorsement-requests/endorsement-requests.service'
import { createEndorsement } from '../src/features/endorsements/endorsements.create.service'
import { addComment } from '../src/features/endorsements/endorsements.likes-comments.service'
import { sendMessage } from '../src/features/messaging/messaging.service'
import { createReport, suspendMember } from '../src/features/reports/reports.service'
import { addTrustSeed } from '../src/features/trust/trust.service'
import { upsertSubscription } from '../src/features/push/push.service'
import {
  addPasskey,
  registrationOptions,
  relyingParty,
  signInOptions,
} from '../src/features/security/passkeys.service'
import { SoftwareAuthenticator } from './software-authenticator'
import { buildTestApp, type TestApp } from './build-test-app'
import { createAdmin, createMember, DEFAULT_PASSWORD, uniqueSuffix } from './factories'
import { makeImage, multipart } from './multipart'

/**
 * Every API route, called as a visitor, as the member who owns the resource, as another member and as
 * an admin, with the status each must get. A route registered without a row here fails the test.
 */
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t.close()
})

type Role = 'visitor' | 'owner' | 'other' | 'admin'
type World = { owner: UserRow; other: UserRow; admin: UserRow; peer: UserRow }
type Call = { url: string } & Pick<InjectOptions, 'payload' | 'headers'>
type Row = {
  route: string
  make: (w: World) => Promise<Call> | Call
  expect: Record<Role, number>
  /** Streams never end: only the refusal is checked. */
  stream?: boolean
}

const everyone = (status: number) => ({ visitor: status, owner: status, other: status, admin: status })
const members = (status: number) => ({ visitor: 401, owner: status, other: status, admin: status })
const ownerOnly = (ok: number, stranger: number, admin = stranger) => ({
  visitor: 401,
  owner: ok,
  other: stranger,
  admin,
})
const adminOnly = (ok: number) => ({ visitor: 401, owner: 403, other: 403, admin: ok })

/** A browser's push subscription (a real P-256 key) for a push service that is never called. */
function pushSubscription() {
  const ecdh = createECDH('prime256v1')
  ecdh.generateKeys()
  return {
    endpoint: `https://push.example.test/send/${randomBytes(12).toString('hex')}`,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: randomBytes(16).toString('base64url') },
  }
}

/** An authenticator holding a passkey of the member, added through the service. */
async function passkeyOf(member: UserRow) {
  const authenticator = new SoftwareAuthenticator(relyingParty(t.config).origin)
  const options = await registrationOptions(t.db, t.config, member)
  const added = await addPasskey(t.db, t.config, member.id, 'Key', authenticator.register(options))
  return { authenticator, id: added.id }
}

async function world(): Promise<World> {
  return {
    owner: await createMember(t.db),
    other: await createMember(t.db),
    admin: await createAdmin(t.db),
    peer: await createMember(t.db),
  }
}

/** An endorsement the owner gave to the peer. */
const endorsementOf = (w: World) =>
  createEndorsement(t.db, t.config, {
    from: w.owner,
    toUserId: w.peer.id,
    category: 'Leadership',
    note: undefined,
    hashtags: ['Matrix'],
    isAnonymous: false,
    contentUrl: undefined,
    contentType: undefined,
  })
/** A vouch from another instance waiting for the member's answer. */
const remoteVouchTo = async (member: UserRow) => {
  const [row] = await t.db
    .insert(remoteVouchesReceived)
    .values({
      toUserId: member.id,
      actorUri: `https://other.example/users/${uniqueSuffix()}`,
      handle: '@x@other.example',
      instance: 'other.example',
      profileUrl: 'https://other.example/users/x',
      category: 'Leadership',
      offerId: `https://other.example/offers/${uniqueSuffix()}`,
    })
    .returning()
  return row!
}
/** An endorsement the peer gave to the owner. */
const endorsementToOwner = (w: World) =>
  createEndorsement(t.db, t.config, {
    from: w.peer,
    toUserId: w.owner.id,
    category: 'Teamwork',
    note: undefined,
    hashtags: [],
    isAnonymous: false,
    contentUrl: undefined,
    contentType: undefined,
  })
/** An endorsement the peer gave to the owner, who reviews endorsements: it waits for the owner. */
const pendingToOwner = async (w: World) => {
  await t.db.update(users).set({ reviewEndorsements: true }).where(eq(users.id, w.owner.id))
  return createEndorsement(t.db, t.config, {
    from: w.peer,
    toUserId: w.owner.id,
    category: 'Creativity',
    note: undefined,
    hashtags: ['Matrix'],
    isAnonymous: false,
    contentUrl: undefined,
    contentType: undefined,
  })
}
/** An open report the owner made about the peer's profile. */
const reportOf = (w: World) =>
  createReport(t.db, w.owner, { targetType: 'profile', targetId: w.peer.id, reason: 'Spam' })
/** A pending request from the peer to the owner. */
const requestToOwner = (w: World) => sendConnectionRequest(t.db, w.peer, w.owner.id, undefined)
const connect = async (w: World) => acceptConnectionRequest(t.db, w.owner, (await requestToOwner(w)).id)
/** An open request, between connected members, asking `to` to vouch for `from`. */
const vouchRequest = async (w: World, from: UserRow, to: UserRow) => {
  await connect(w)
  return createEndorsementRequest(t.db, from, {
    toUserId: to.id,
    hashtags: ['Matrix'],
    category: undefined,
    message: undefined,
  })
}
const conversationOf = async (w: World) => {
  await connect(w)
  return sendMessage(t.db, w.peer, w.owner.id, 'Hello there')
}
const notificationOf = async (w: World) => {
  await requestToOwner(w)
  const res = await t.inject(w.owner, { method: 'GET', url: '/api/notifications' })
  return (res.json() as { notifications: { id: number }[] }).notifications[0]!.id
}
const announcement = (w: World) =>
  createAnnouncement(t.db, w.admin, {
    title: 'Matrix',
    content: 'Announcement content',
    imageUrl: undefined,
    pinned: false,
  })
const registration = () => {
  const suffix = uniqueSuffix()
  return {
    username: `matrix_${suffix}`,
    email: `matrix_${suffix}@example.com`,
    password: 'correct-horse-battery',
    passwordConfirm: 'correct-horse-battery',
    fullName: 'Matrix Member',
  }
}

const ROWS: Row[] = [
  { route: 'GET /api/health', make: () => ({ url: '/api/health' }), expect: everyone(200) },
  { route: 'GET /api/openapi.json', make: () => ({ url: '/api/openapi.json' }), expect: everyone(200) },
  {
    route: 'POST /api/register',
    make: () => ({ url: '/api/register', payload: registration() }),
    expect: everyone(201),
  },
  {
    route: 'POST /api/login',
    make: (w) => ({ url: '/api/login', payload: { username: w.peer.username, password: DEFAULT_PASSWORD } }),
    expect: everyone(200),
  },
  { route: 'POST /api/logout', make: () => ({ url: '/api/logout' }), expect: everyone(200) },
  {
    // No pending sign-in behind the request: whoever sends it, signed in or not, gets 401.
    route: 'POST /api/login/two-factor',
    make: () => ({ url: '/api/login/two-factor', payload: { code: '123456' } }),
    expect: everyone(401),
  },
  {
    route: 'POST /api/auth/request-password-reset',
    make: (w) => ({ url: '/api/auth/request-password-reset', payload: { email: w.peer.email } }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/auth/reset-password',
    make: (w) => ({
      url: '/api/auth/reset-password',
      payload: {
        token: randomBytes(32).toString('base64url'),
        email: w.peer.email,
        password: 'long-enough-1',
        confirmPassword: 'long-enough-1',
      },
    }),
    expect: everyone(400),
  },
  { route: 'GET /api/user', make: () => ({ url: '/api/user' }), expect: members(200) },

  // Profiles
  {
    route: 'GET /api/users/:username',
    make: (w) => ({ url: `/api/users/${w.owner.username}` }),
    expect: members(200),
  },
  {
    route: 'GET /api/users/:username/vouches',
    make: (w) => ({ url: `/api/users/${w.owner.username}/vouches` }),
    expect: members(200),
  },
  {
    route: 'PATCH /api/users/:id/profile',
    make: (w) => ({ url: `/api/users/${w.owner.id}/profile`, payload: { fullName: 'Renamed Member' } }),
    expect: ownerOnly(200, 403),
  },
  {
    route: 'POST /api/users/:id/profile-picture',
    make: async (w) => ({
      url: `/api/users/${w.owner.id}/profile-picture`,
      ...multipart({
        field: 'profilePicture',
        fileName: 'me.png',
        contentType: 'image/png',
        data: await makeImage('png'),
      }),
    }),
    expect: ownerOnly(200, 403),
  },
  {
    route: 'GET /api/users/verification-status',
    make: () => ({ url: '/api/users/verification-status' }),
    expect: members(200),
  },
  {
    route: 'POST /api/users/add-work-email',
    make: () => ({ url: '/api/users/add-work-email', payload: { email: `me@acme${uniqueSuffix()}.com` } }),
    expect: members(200),
  },
  {
    route: 'POST /api/users/verify-email',
    make: () => ({ url: '/api/users/verify-email', payload: { verificationCode: '123456' } }),
    expect: members(400),
  },
  {
    route: 'GET /api/medals/user/:userId',
    make: (w) => ({ url: `/api/medals/user/${w.owner.id}` }),
    expect: members(200),
  },

  // Endorsements
  {
    route: 'POST /api/vouches',
    make: (w) => ({
      url: '/api/vouches',
      payload: { toUserId: w.peer.id, category: 'Teamwork', hashtags: ['Matrix'] },
    }),
    expect: members(201),
  },
  {
    route: 'POST /api/vouches/attachments',
    make: async () => ({
      url: '/api/vouches/attachments',
      ...multipart({
        field: 'file',
        fileName: 'proof.png',
        contentType: 'image/png',
        data: await makeImage('png'),
      }),
    }),
    expect: members(201),
  },
  {
    // Only the viewer's own endorsements are read: every member may ask about anyone.
    route: 'GET /api/vouches/given/:userId',
    make: (w) => ({ url: `/api/vouches/given/${w.peer.id}` }),
    expect: members(200),
  },
  {
    route: 'GET /api/vouches/:id/likes/check',
    make: async (w) => ({ url: `/api/vouches/${(await endorsementOf(w)).id}/likes/check` }),
    expect: members(200),
  },
  {
    route: 'POST /api/vouches/:id/likes',
    make: async (w) => ({ url: `/api/vouches/${(await endorsementOf(w)).id}/likes` }),
    expect: members(200),
  },
  {
    route: 'DELETE /api/vouches/:id/likes',
    make: async (w) => ({ url: `/api/vouches/${(await endorsementOf(w)).id}/likes` }),
    expect: members(200),
  },
  {
    route: 'GET /api/vouches/:id',
    make: async (w) => ({ url: `/api/vouches/${(await endorsementOf(w)).id}` }),
    expect: members(200),
  },
  { route: 'GET /api/onboarding', make: () => ({ url: '/api/onboarding' }), expect: members(200) },
  { route: 'GET /api/medals/progress', make: () => ({ url: '/api/medals/progress' }), expect: members(200) },
  {
    route: 'GET /api/vouches/:id/comments',
    make: async (w) => ({ url: `/api/vouches/${(await endorsementOf(w)).id}/comments` }),
    expect: members(200),
  },
  {
    route: 'POST /api/vouches/:id/comments',
    make: async (w) => ({
      url: `/api/vouches/${(await endorsementOf(w)).id}/comments`,
      payload: { comment: 'Agreed!' },
    }),
    expect: members(201),
  },
  {
    route: 'DELETE /api/comments/:commentId',
    make: async (w) => ({
      url: `/api/comments/${(await addComment(t.db, w.owner, (await endorsementOf(w)).id, 'Mine')).id}`,
    }),
    expect: ownerOnly(200, 403, 200),
  },

  // Connections
  {
    route: 'POST /api/connection-requests/:userId',
    make: (w) => ({ url: `/api/connection-requests/${w.peer.id}`, payload: {} }),
    expect: members(201),
  },
  {
    route: 'GET /api/connection-requests/pending',
    make: () => ({ url: '/api/connection-requests/pending' }),
    expect: members(200),
  },
  {
    route: 'GET /api/connection-requests/sent',
    make: () => ({ url: '/api/connection-requests/sent' }),
    expect: members(200),
  },
  {
    route: 'POST /api/connection-requests/:id/accept',
    make: async (w) => ({ url: `/api/connection-requests/${(await requestToOwner(w)).id}/accept` }),
    expect: ownerOnly(200, 403),
  },
  {
    route: 'POST /api/connection-requests/:id/reject',
    make: async (w) => ({ url: `/api/connection-requests/${(await requestToOwner(w)).id}/reject` }),
    expect: ownerOnly(200, 403),
  },
  {
    route: 'DELETE /api/connection-requests/:id',
    make: async (w) => ({
      url: `/api/connection-requests/${(await sendConnectionRequest(t.db, w.owner, w.peer.id, undefined)).id}`,
    }),
    expect: ownerOnly(200, 403),
  },
  {
    route: 'GET /api/endorsement-requests',
    make: () => ({ url: '/api/endorsement-requests?box=sent' }),
    expect: members(200),
  },
  {
    // Only the owner is connected to the peer; the other member and the admin are not (403).
    route: 'POST /api/endorsement-requests',
    make: async (w) => {
      await connect(w)
      return { url: '/api/endorsement-requests', payload: { toUserId: w.peer.id, hashtags: ['Matrix'] } }
    },
    expect: ownerOnly(201, 403),
  },
  {
    route: 'POST /api/endorsement-requests/:id/decline',
    make: async (w) => ({
      url: `/api/endorsement-requests/${(await vouchRequest(w, w.peer, w.owner)).id}/decline`,
    }),
    expect: ownerOnly(200, 403),
  },
  {
    route: 'DELETE /api/endorsement-requests/:id',
    make: async (w) => ({ url: `/api/endorsement-requests/${(await vouchRequest(w, w.owner, w.peer)).id}` }),
    expect: ownerOnly(200, 403),
  },
  {
    route: 'GET /api/connections/:userId',
    make: (w) => ({ url: `/api/connections/${w.owner.id}` }),
    expect: members(200),
  },
  {
    route: 'DELETE /api/connections/:userId',
    make: async (w) => {
      await connect(w)
      return { url: `/api/connections/${w.peer.id}` }
    },
    expect: ownerOnly(200, 404),
  },

  // Notifications and live events
  { route: 'GET /api/notifications', make: () => ({ url: '/api/notifications' }), expect: members(200) },
  {
    route: 'POST /api/notifications/:id/read',
    make: async (w) => ({ url: `/api/notifications/${await notificationOf(w)}/read` }),
    expect: ownerOnly(200, 404),
  },
  {
    route: 'POST /api/notifications/read-all',
    make: () => ({ url: '/api/notifications/read-all' }),
    expect: members(200),
  },
  {
    route: 'DELETE /api/notifications/:id',
    make: async (w) => ({ url: `/api/notifications/${await notificationOf(w)}` }),
    expect: ownerOnly(200, 404),
  },
  { route: 'GET /api/events', make: () => ({ url: '/api/events' }), expect: members(200), stream: true },

  // Discovery
  {
    route: 'GET /api/users/discover/popular',
    make: () => ({ url: '/api/users/discover/popular' }),
    expect: members(200),
  },
  {
    route: 'GET /api/hashtags/popular',
    make: () => ({ url: '/api/hashtags/popular' }),
    expect: members(200),
  },
  {
    route: 'GET /api/search',
    make: (w) => ({ url: `/api/search?q=${w.peer.username}` }),
    expect: members(200),
  },
  {
    route: 'GET /api/search/suggest',
    make: (w) => ({ url: `/api/search/suggest?q=${w.peer.username}` }),
    expect: members(200),
  },

  // Badges: public by design
  {
    route: 'GET /api/badge/:username',
    make: (w) => ({ url: `/api/badge/${w.owner.username}` }),
    expect: everyone(200),
  },
  {
    route: 'GET /api/badge/:username/embed',
    make: (w) => ({ url: `/api/badge/${w.owner.username}/embed` }),
    expect: everyone(200),
  },
  {
    route: 'GET /badge/:username',
    make: (w) => ({ url: `/badge/${w.owner.username}` }),
    expect: everyone(200),
  },

  // Credentials (issue 26): an endorsement's is read by members, as the endorsement is; medals and the
  // issuer's documents are public, as the badge is.
  {
    route: 'GET /api/credentials/vouches/:id',
    make: async (w) => ({ url: `/api/credentials/vouches/${(await endorsementToOwner(w)).id}` }),
    expect: members(200),
  },
  {
    // No medal: a visitor is told it does not exist, as a member is, never asked to sign in.
    route: 'GET /api/credentials/medals/:id',
    make: () => ({ url: '/api/credentials/medals/2147483647' }),
    expect: everyone(404),
  },
  {
    route: 'GET /api/credentials/status/:purpose/:list',
    make: () => ({ url: '/api/credentials/status/revocation/1' }),
    expect: everyone(200),
  },
  {
    route: 'POST /api/credentials/verify',
    make: () => ({ url: '/api/credentials/verify', payload: { type: ['VerifiableCredential'] } }),
    expect: everyone(200),
  },

  // Announcements
  { route: 'GET /api/announcements', make: () => ({ url: '/api/announcements' }), expect: members(200) },
  {
    route: 'GET /api/announcements/pinned',
    make: () => ({ url: '/api/announcements/pinned' }),
    expect: members(200),
  },
  {
    route: 'POST /api/announcements',
    make: () => ({
      url: '/api/announcements',
      payload: { title: 'Hello all', content: 'A long enough content', pinned: false },
    }),
    expect: adminOnly(201),
  },
  {
    route: 'PATCH /api/announcements/:id',
    make: async (w) => ({
      url: `/api/announcements/${(await announcement(w)).id}`,
      payload: { pinned: true },
    }),
    expect: adminOnly(200),
  },
  {
    route: 'DELETE /api/announcements/:id',
    make: async (w) => ({ url: `/api/announcements/${(await announcement(w)).id}` }),
    expect: adminOnly(200),
  },

  // Messaging
  { route: 'GET /api/conversations', make: () => ({ url: '/api/conversations' }), expect: members(200) },
  {
    route: 'GET /api/conversations/unread-count',
    make: () => ({ url: '/api/conversations/unread-count' }),
    expect: members(200),
  },
  {
    route: 'GET /api/conversations/:id',
    make: async (w) => ({ url: `/api/conversations/${(await conversationOf(w)).conversationId}` }),
    expect: ownerOnly(200, 404),
  },
  {
    route: 'GET /api/conversations/:id/messages',
    make: async (w) => ({ url: `/api/conversations/${(await conversationOf(w)).conversationId}/messages` }),
    expect: ownerOnly(200, 404),
  },
  {
    route: 'POST /api/conversations/:id/read',
    make: async (w) => ({ url: `/api/conversations/${(await conversationOf(w)).conversationId}/read` }),
    expect: ownerOnly(200, 404),
  },
  {
    route: 'POST /api/conversations/:id/delivered',
    make: async (w) => ({ url: `/api/conversations/${(await conversationOf(w)).conversationId}/delivered` }),
    expect: ownerOnly(200, 404),
  },
  {
    route: 'GET /api/conversations/with/:userId',
    make: async (w) => {
      await conversationOf(w)
      return { url: `/api/conversations/with/${w.peer.id}` }
    },
    // Viewer-relative: anyone's own conversation with that member, or null.
    expect: members(200),
  },
  {
    route: 'POST /api/messages',
    make: async (w) => {
      await connect(w)
      return { url: '/api/messages', payload: { recipientId: w.peer.id, content: 'Hi!' } }
    },
    expect: ownerOnly(201, 403),
  },

  // Admin
  { route: 'GET /api/admin/users', make: () => ({ url: '/api/admin/users' }), expect: adminOnly(200) },
  {
    route: 'PATCH /api/admin/users/:id',
    make: (w) => ({ url: `/api/admin/users/${w.peer.id}`, payload: { isAdmin: true } }),
    expect: adminOnly(200),
  },
  {
    route: 'DELETE /api/admin/users/:id',
    make: (w) => ({ url: `/api/admin/users/${w.peer.id}` }),
    expect: adminOnly(200),
  },
  { route: 'GET /api/admin/vouches', make: () => ({ url: '/api/admin/vouches' }), expect: adminOnly(200) },
  {
    route: 'DELETE /api/admin/vouches/:id',
    make: async (w) => ({ url: `/api/admin/vouches/${(await endorsementOf(w)).id}` }),
    expect: adminOnly(200),
  },
  { route: 'GET /api/admin/hashtags', make: () => ({ url: '/api/admin/hashtags' }), expect: adminOnly(200) },
  {
    route: 'DELETE /api/admin/hashtags/:id',
    make: async () => {
      const [tag] = await t.db
        .insert(hashtags)
        .values({ tag: `matrix${uniqueSuffix()}` })
        .returning()
      return { url: `/api/admin/hashtags/${tag!.id}` }
    },
    expect: adminOnly(200),
  },
  {
    route: 'GET /api/admin/conversations',
    make: () => ({ url: '/api/admin/conversations' }),
    expect: adminOnly(200),
  },
  {
    route: 'GET /api/admin/conversations/:id/messages',
    make: async (w) => ({
      url: `/api/admin/conversations/${(await conversationOf(w)).conversationId}/messages`,
    }),
    expect: adminOnly(200),
  },
  { route: 'GET /api/admin/audit', make: () => ({ url: '/api/admin/audit' }), expect: adminOnly(200) },

  // Trust: blocks, reports, reputation, account
  { route: 'GET /api/blocks', make: () => ({ url: '/api/blocks' }), expect: members(200) },
  {
    route: 'POST /api/blocks/:userId',
    make: (w) => ({ url: `/api/blocks/${w.peer.id}` }),
    expect: members(201),
  },
  {
    route: 'DELETE /api/blocks/:userId',
    make: (w) => ({ url: `/api/blocks/${w.peer.id}` }),
    expect: members(200),
  },
  {
    route: 'POST /api/reports',
    make: (w) => ({
      url: '/api/reports',
      payload: { targetType: 'profile', targetId: w.peer.id, reason: 'Spam' },
    }),
    expect: members(201),
  },
  { route: 'GET /api/admin/reports', make: () => ({ url: '/api/admin/reports' }), expect: adminOnly(200) },
  {
    route: 'POST /api/admin/reports/:id/resolve',
    make: async (w) => ({
      url: `/api/admin/reports/${(await reportOf(w)).id}/resolve`,
      payload: { action: 'none' },
    }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/admin/reports/:id/dismiss',
    make: async (w) => ({ url: `/api/admin/reports/${(await reportOf(w)).id}/dismiss`, payload: {} }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/admin/users/:id/suspend',
    make: (w) => ({ url: `/api/admin/users/${w.peer.id}/suspend`, payload: { reason: 'Spam' } }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/admin/users/:id/unsuspend',
    make: async (w) => {
      await suspendMember(t.db, w.admin, w.peer.id, 'Spam')
      return { url: `/api/admin/users/${w.peer.id}/unsuspend` }
    },
    expect: adminOnly(200),
  },
  { route: 'GET /api/reputation/me', make: () => ({ url: '/api/reputation/me' }), expect: members(200) },
  {
    route: 'POST /api/vouches/:id/hide',
    make: async (w) => ({ url: `/api/vouches/${(await endorsementToOwner(w)).id}/hide` }),
    expect: ownerOnly(200, 403),
  },
  {
    route: 'POST /api/vouches/:id/show',
    make: async (w) => ({ url: `/api/vouches/${(await endorsementToOwner(w)).id}/show` }),
    expect: ownerOnly(200, 403),
  },
  // Review before showing, editing and withdrawing (issue 25). A waiting endorsement exists only for
  // its two members and admins: a stranger gets 404, an admin (who may read it) 403.
  { route: 'GET /api/vouches/pending', make: () => ({ url: '/api/vouches/pending' }), expect: members(200) },
  {
    route: 'POST /api/vouches/:id/accept',
    make: async (w) => ({ url: `/api/vouches/${(await pendingToOwner(w)).id}/accept` }),
    expect: ownerOnly(200, 404, 403),
  },
  {
    route: 'POST /api/vouches/:id/decline',
    make: async (w) => ({ url: `/api/vouches/${(await pendingToOwner(w)).id}/decline` }),
    expect: ownerOnly(200, 404, 403),
  },
  {
    route: 'PATCH /api/vouches/:id',
    make: async (w) => ({ url: `/api/vouches/${(await endorsementOf(w)).id}`, payload: { level: 'expert' } }),
    expect: ownerOnly(200, 403),
  },
  {
    route: 'DELETE /api/vouches/:id',
    make: async (w) => ({ url: `/api/vouches/${(await endorsementOf(w)).id}` }),
    expect: ownerOnly(200, 403),
  },
  {
    route: 'GET /api/account/settings',
    make: () => ({ url: '/api/account/settings' }),
    expect: members(200),
  },
  {
    route: 'PATCH /api/account/settings',
    make: () => ({ url: '/api/account/settings', payload: { reviewEndorsements: true } }),
    expect: members(200),
  },
  { route: 'GET /api/account/export', make: () => ({ url: '/api/account/export' }), expect: members(200) },
  // Following fediverse accounts (features/federation): FEDERATION is off here, so every member is told
  // so (409); who may reach what with it on is in federation.following.routes.test.ts.
  {
    route: 'GET /api/federation/lookup',
    make: () => ({ url: '/api/federation/lookup?handle=%40someone%40example.social' }),
    expect: members(409),
  },
  {
    route: 'GET /api/federation/following',
    make: () => ({ url: '/api/federation/following' }),
    expect: members(409),
  },
  {
    route: 'POST /api/federation/following',
    make: () => ({
      url: '/api/federation/following',
      payload: { actorUri: 'https://example.social/users/a' },
    }),
    expect: members(409),
  },
  {
    route: 'DELETE /api/federation/following/:id',
    make: () => ({ url: '/api/federation/following/1' }),
    expect: members(409),
  },
  { route: 'GET /api/federation/feed', make: () => ({ url: '/api/federation/feed' }), expect: members(409) },
  // Trust rank (features/trust)
  {
    route: 'GET /api/trust/:username',
    make: (w) => ({ url: `/api/trust/${w.peer.username}` }),
    expect: members(200),
  },
  {
    route: 'GET /api/admin/trust/seeds',
    make: () => ({ url: '/api/admin/trust/seeds' }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/admin/trust/seeds',
    make: (w) => ({ url: '/api/admin/trust/seeds', payload: { username: w.peer.username } }),
    expect: adminOnly(201),
  },
  {
    route: 'DELETE /api/admin/trust/seeds/:id',
    make: async (w) => {
      await addTrustSeed(t.db, w.admin, w.peer.username)
      return { url: `/api/admin/trust/seeds/${w.peer.id}` }
    },
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/admin/trust/recompute',
    make: () => ({ url: '/api/admin/trust/recompute' }),
    expect: adminOnly(200),
  },
  {
    route: 'POST /api/account/password',
    make: () => ({
      url: '/api/account/password',
      payload: {
        currentPassword: DEFAULT_PASSWORD,
        newPassword: 'brand-new-1',
        confirmPassword: 'brand-new-1',
      },
    }),
    expect: members(200),
  },
  {
    // Admins are refused (400): another admin revokes their rights first.
    route: 'DELETE /api/account',
    make: () => ({ url: '/api/account', payload: { password: DEFAULT_PASSWORD } }),
    expect: { visitor: 401, owner: 200, other: 200, admin: 400 },
  },
  // Personal API tokens (features/account/account.tokens.*): each member their own; nobody, not even
  // an admin, learns that someone else's token exists.
  { route: 'GET /api/account/tokens', make: () => ({ url: '/api/account/tokens' }), expect: members(200) },
  {
    route: 'POST /api/account/tokens',
    make: () => ({ url: '/api/account/tokens', payload: { name: 'Matrix', scope: 'read' } }),
    expect: members(201),
  },
  {
    route: 'DELETE /api/account/tokens/:id',
    make: async (w) => {
      const { id } = await createApiToken(t.db, w.owner.id, { name: 'Matrix', scope: 'read-write' })
      return { url: `/api/account/tokens/${id}` }
    },
    expect: ownerOnly(200, 404),
  },
  // Two-factor sign-in and signed-in devices (issue 27, features/security)
  {
    route: 'GET /api/account/security',
    make: () => ({ url: '/api/account/security' }),
    expect: members(200),
  },
  {
    route: 'POST /api/account/two-factor/setup',
    make: () => ({ url: '/api/account/two-factor/setup' }),
    expect: members(200),
  },
  {
    // No setup started: 409 to every member, before any code is looked at.
    route: 'POST /api/account/two-factor/enable',
    make: () => ({ url: '/api/account/two-factor/enable', payload: { code: '123456' } }),
    expect: members(409),
  },
  {
    route: 'POST /api/account/two-factor/disable',
    make: () => ({ url: '/api/account/two-factor/disable', payload: { code: '123456' } }),
    expect: members(409),
  },
  {
    // Another member's session does not exist for them (404), admins included.
    route: 'DELETE /api/account/sessions/:id',
    make: async (w) => {
      const id = hashToken(await createSession(t.db, w.owner.id))
      const [row] = await t.db
        .select({ publicId: sessions.publicId })
        .from(sessions)
        .where(eq(sessions.id, id))
      return { url: `/api/account/sessions/${row!.publicId}` }
    },
    expect: ownerOnly(200, 404),
  },
  {
    route: 'POST /api/account/sessions/revoke-others',
    make: () => ({ url: '/api/account/sessions/revoke-others' }),
    expect: members(200),
  },
  // Web Push (issue 27, features/push): each member their own devices; another member's endpoint is
  // not theirs to remove (404), admins included.
  { route: 'GET /api/push/public-key', make: () => ({ url: '/api/push/public-key' }), expect: members(200) },
  {
    route: 'POST /api/push/subscriptions',
    make: () => ({ url: '/api/push/subscriptions', payload: { subscription: pushSubscription() } }),
    expect: members(201),
  },
  {
    route: 'DELETE /api/push/subscriptions',
    make: async (w) => {
      const subscription = pushSubscription()
      await upsertSubscription(t.db, t.config, w.owner.id, null, { subscription })
      return { url: '/api/push/subscriptions', payload: { endpoint: subscription.endpoint } }
    },
    expect: ownerOnly(200, 404),
  },
  // Passkeys (issue 27, docs/decisions/146)
  {
    route: 'POST /api/account/passkeys/options',
    make: () => ({ url: '/api/account/passkeys/options' }),
    expect: members(200),
  },
  {
    // Answers the owner's registration options: another member's challenge is not theirs (400).
    route: 'POST /api/account/passkeys',
    make: async (w) => {
      const options = await registrationOptions(t.db, t.config, w.owner)
      const response = new SoftwareAuthenticator(relyingParty(t.config).origin).register(options)
      return { url: '/api/account/passkeys', payload: { name: 'Laptop', response } }
    },
    expect: ownerOnly(201, 400),
  },
  {
    route: 'DELETE /api/account/passkeys/:id',
    make: async (w) => ({ url: `/api/account/passkeys/${(await passkeyOf(w.owner)).id}` }),
    expect: ownerOnly(200, 404),
  },
  {
    route: 'POST /api/login/passkey/options',
    make: () => ({ url: '/api/login/passkey/options' }),
    expect: everyone(200),
  },
  {
    // The passkey names the member it signs in, whoever sends it.
    route: 'POST /api/login/passkey',
    make: async (w) => {
      const { authenticator } = await passkeyOf(w.peer)
      const response = authenticator.signIn(await signInOptions(t.db, t.config))
      return { url: '/api/login/passkey', payload: { response } }
    },
    expect: everyone(200),
  },
  // Followers and blocked remote accounts (issue 30): FEDERATION is off here, so members are told so
  // (409); owners and strangers with it on are in features/federation/federation.followers.routes.test.ts.
  {
    route: 'GET /api/federation/followers',
    make: () => ({ url: '/api/federation/followers' }),
    expect: members(409),
  },
  {
    route: 'POST /api/federation/followers/:id/approve',
    make: () => ({ url: '/api/federation/followers/1/approve' }),
    expect: members(409),
  },
  {
    route: 'DELETE /api/federation/followers/:id',
    make: () => ({ url: '/api/federation/followers/1' }),
    expect: members(409),
  },
  {
    route: 'GET /api/federation/blocked-accounts',
    make: () => ({ url: '/api/federation/blocked-accounts' }),
    expect: members(409),
  },
  {
    route: 'POST /api/federation/blocked-accounts',
    make: () => ({ url: '/api/federation/blocked-accounts', payload: { actor: '@someone@remote.example' } }),
    expect: members(409),
  },
  {
    route: 'DELETE /api/federation/blocked-accounts/:id',
    make: () => ({ url: '/api/federation/blocked-accounts/1' }),
    expect: members(409),
  },
  {
    route: 'GET /api/account/notification-preferences',
    make: () => ({ url: '/api/account/notification-preferences' }),
    expect: members(200),
  },
  {
    route: 'PUT /api/account/notification-preferences',
    make: () => ({
      url: '/api/account/notification-preferences',
      payload: { preferences: [{ type: 'like', inApp: false, email: true }] },
    }),
    expect: members(200),
  },
  // Vouches across Vouched instances (features/federation, decision 156); FEDERATION is off here, so
  // giving answers 409 FEDERATION_OFF (the two-instance tests in federation.remote-vouches.test.ts).
  {
    route: 'POST /api/federation/vouches',
    make: () => ({ url: '/api/federation/vouches', payload: { actorUri: 'https://other.example/users/x' } }),
    expect: members(409),
  },
  {
    route: 'GET /api/federation/vouches/given',
    make: () => ({ url: '/api/federation/vouches/given' }),
    expect: members(200),
  },
  {
    route: 'DELETE /api/federation/vouches/:id',
    make: async (w) => {
      const [row] = await t.db
        .insert(remoteVouchesGiven)
        .values({
          fromUserId: w.owner.id,
          actorUri: `https://other.example/users/${uniqueSuffix()}`,
          handle: '@x@other.example',
          category: 'Leadership',
          offerId: `https://matrix.example/offers/${uniqueSuffix()}`,
        })
        .returning()
      return { url: `/api/federation/vouches/${row!.id}` }
    },
    // The owner's is found, but its receiver cannot be told while the server does not federate.
    expect: ownerOnly(409, 404),
  },
  {
    route: 'GET /api/federation/vouches/received',
    make: () => ({ url: '/api/federation/vouches/received' }),
    expect: members(200),
  },
  ...(['accept', 'decline'] as const).map((action) => ({
    route: `POST /api/federation/vouches/received/:id/${action}`,
    make: async (w: World) => ({
      url: `/api/federation/vouches/received/${(await remoteVouchTo(w.owner)).id}/${action}`,
    }),
    expect: ownerOnly(200, 404),
  })),
  {
    route: 'GET /api/federation/users/:username/vouches',
    make: (w) => ({ url: `/api/federation/users/${w.peer.username}/vouches` }),
    expect: members(200),
  },
]

/** Served files and assets: public, no member data behind them. */
const PUBLIC_FILE_ROUTES = new Set([
  'GET /uploads/:name',
  'GET /api/badge-fonts/:file',
  // The API reference page and its files: the same for everyone, no member data.
  'GET /api/docs',
  'GET /api/docs/static/index.html',
  'GET /api/docs/static/swagger-initializer.js',
  'GET /api/docs/static/*',
  'GET /api/docs/json',
  'GET /api/docs/yaml',
])

it('has a row for every registered API route', () => {
  const registered = t.app.routeList
    .map((r) => `${r.method} ${r.url}`)
    .filter((r) => (r.includes(' /api/') || r.startsWith('GET /badge/')) && !PUBLIC_FILE_ROUTES.has(r))
  const covered = new Set(ROWS.map((row) => row.route))
  expect(registered.filter((r) => !covered.has(r))).toEqual([])
  expect([...covered].filter((r) => !registered.includes(r))).toEqual([])
})

it.each(ROWS)('$route answers each role as it must', async (row) => {
  const [method] = row.route.split(' ') as [InjectOptions['method']]
  const actual: Partial<Record<Role, number>> = {}
  for (const role of ['visitor', 'owner', 'other', 'admin'] as const) {
    if (row.stream && role !== 'visitor') continue
    const w = await world()
    const call = await row.make(w)
    const options: InjectOptions = { method, url: call.url, payload: call.payload, headers: call.headers }
    const res = role === 'visitor' ? await t.app.inject(options) : await t.inject(w[role], options)
    actual[role] = res.statusCode
  }
  const expected = row.stream ? { visitor: row.expect.visitor } : row.expect
  expect(actual).toEqual(expected)
})
