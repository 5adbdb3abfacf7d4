import { createFederation } from '@fedify/testing'
import { Create, Image, Note, Person, Update } from '@fedify/vocab'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { federationFollowing, federationRemotePosts } from '../../db/schema/index'
import { buildTestApp, type TestApp } from '../../../test/build-test-app'
import { createMember } from '../../../test/factories'
import { receivePost } from './federation.following'

/**
 * What an inbox does with a post or a profile change, without a network: fedify's mock federation
 * (@fedify/testing) gives the context, and the activities carry their objects. The signed, end-to-end
 * paths are in federation.following.test.ts.
 */
let t: TestApp
beforeAll(async () => {
  t = await buildTestApp()
})
afterAll(async () => {
  await t?.close()
})

const REMOTE = 'https://remote.example'
const ann = new URL(`${REMOTE}/users/ann`)
const ctx = createFederation<void>({ origin: 'https://vouched.example' }).createContext(
  new URL('https://vouched.example'),
  undefined,
)

/** A member who follows ann, in the state given. */
async function followingAnn(state: 'pending' | 'accepted') {
  const member = await createMember(t.db)
  await t.db.insert(federationFollowing).values({
    userId: member.id,
    actorUri: ann.href,
    inboxUri: `${REMOTE}/users/ann/inbox`,
    handle: '@ann@remote.example',
    name: 'Ann',
    followId: `${t.config.publicUrl}/profile/${member.username}#follows/${state}-${member.id}`,
    state,
  })
  return member
}

const postsOf = async (actorUri: string) =>
  t.db
    .select({ text: federationRemotePosts.text, objectUri: federationRemotePosts.objectUri })
    .from(federationRemotePosts)
    .where(eq(federationRemotePosts.actorUri, actorUri))

let n = 0
const note = (content: string, attribution: URL = ann, origin = REMOTE) =>
  new Note({ id: new URL(`${origin}/notes/${++n}`), attribution, content })
const create = (object: Note, actor: URL = ann) =>
  new Create({ id: new URL(`${REMOTE}/creates/${++n}`), actor, object })

describe('receivePost', () => {
  it('keeps a followed account’s Note as plain text, once, and ignores others’ and strays', async () => {
    await followingAnn('accepted')
    const kept = note('<p>Shipped <b>v2</b></p><script>x()</script>')
    await receivePost(t.db, ctx, create(kept))
    await receivePost(t.db, ctx, create(kept))
    // Attributed to someone else, or with an id on another server: not ann's to send.
    await receivePost(t.db, ctx, create(note('Not mine', new URL(`${REMOTE}/users/bea`))))
    await receivePost(t.db, ctx, create(note('Elsewhere', ann, 'https://other.example')))
    expect(await postsOf(ann.href)).toEqual([{ text: 'Shipped v2', objectUri: kept.id!.href }])

    // An account nobody here follows (or only asked to) is not kept.
    const ben = new URL(`${REMOTE}/users/ben`)
    await receivePost(t.db, ctx, create(note('Hello', ben), ben))
    expect(await postsOf(ben.href)).toEqual([])
  })

  it('applies an account’s Update of its own profile, and of nothing else', async () => {
    const member = await followingAnn('pending')
    const nameOf = async () =>
      (
        await t.db
          .select({ name: federationFollowing.name, avatarUrl: federationFollowing.avatarUrl })
          .from(federationFollowing)
          .where(eq(federationFollowing.userId, member.id))
      )[0]
    const update = (actor: URL, about: URL, name: string) =>
      new Update({
        id: new URL(`${REMOTE}/updates/${++n}`),
        actor,
        object: new Person({
          id: about,
          name,
          icon: new Image({ url: new URL('javascript:alert(1)') }),
        }),
      })
    await receivePost(t.db, ctx, update(new URL(`${REMOTE}/users/bea`), ann, 'Not Ann'))
    expect(await nameOf()).toEqual({ name: 'Ann', avatarUrl: null })
    await receivePost(t.db, ctx, update(ann, ann, 'Ann <i>Lee</i>'))
    // The picture is not an http(s) link: the one kept (none) stays.
    expect(await nameOf()).toEqual({ name: 'Ann Lee', avatarUrl: null })
  })
})
