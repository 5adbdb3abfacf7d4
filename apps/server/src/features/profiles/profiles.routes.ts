import { ZVouchesPage, ZVouchesQuery } from '@vouched/shared/endorsements'
import { ZMedal } from '@vouched/shared/endorsements'
import { ZIdParams } from '@vouched/shared/errors'
import {
  PROFILE_MESSAGES,
  PROFILE_PICTURE_MAX_BYTES,
  PROFILE_PICTURE_TYPES,
  ZAddWorkEmailBody,
  ZAddWorkEmailResponse,
  ZProfile,
  ZUpdateProfileBody,
  ZUserIdParams,
  ZUsernameParams,
  ZVerificationStatus,
  ZVerifyEmailBody,
  ZVerifyEmailResponse,
} from '@vouched/shared/profiles'
import { ZSelfUser } from '@vouched/shared/users'
import type { FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { z } from 'zod'
import { notFound } from '../../core/errors'
import { perMember, rateLimit } from '../../core/rate-limit'
import { requireMember } from '../../core/session'
import { getOwnEmails } from '../../core/self-user'
import { receiveFile } from '../../core/uploads'
import { toSelfUser } from '../../core/user-shapes'
import { listReceivedEndorsements } from '../endorsements/endorsements.queries'
import { findUserByUsername } from '../auth/auth.queries'
import { findUserById, listMedals } from './profiles.queries'
import { createProfileSnapshots } from './profiles.snapshots'
import {
  addWorkEmail,
  assertOwnProfile,
  answerProfile,
  isHiddenFrom,
  setProfilePicture,
  updateProfile,
  verifyWorkEmail,
} from './profiles.service'
import { say } from '../../core/locale'

export const profilesRoutes: FastifyPluginAsyncZod = async (app) => {
  // Checked before the body is parsed: a visitor gets 401 whatever they sent.
  const members = async (request: FastifyRequest) => void requireMember(request)
  const profileWrites = rateLimit(app, {
    name: 'profiles.profileWrites',
    max: 30,
    timeWindow: '15 minutes',
    keyGenerator: perMember,
  })
  const pictureUploads = rateLimit(app, {
    name: 'profiles.pictureUploads',
    max: 20,
    timeWindow: '1 hour',
    keyGenerator: perMember,
  })
  // Each request mails a code: few per hour per member, and per address whoever asks, since the
  // address has not been proven to belong to anyone yet.
  const codeRequests = rateLimit(app, {
    name: 'profiles.codeRequests',
    max: 5,
    timeWindow: '1 hour',
    keyGenerator: perMember,
  })
  const codeMailsPerAddress = rateLimit(app, {
    name: 'profiles.codeMailsPerAddress',
    max: 3,
    timeWindow: '1 hour',
    keyGenerator: (request) => {
      const email = (request.body as { email?: unknown } | undefined)?.email
      return typeof email === 'string' ? `work-email:${email.trim().toLowerCase()}` : perMember(request)
    },
    message: PROFILE_MESSAGES.tooManyCodeMails,
  })
  const codeChecks = rateLimit(app, {
    name: 'profiles.codeChecks',
    max: 20,
    timeWindow: '15 minutes',
    keyGenerator: perMember,
  })
  const profiles = createProfileSnapshots(
    app.db,
    app.cacheInvalidation,
    app.blockSets,
    app.config.profileCacheSize,
  )

  // Static paths first in the file for the reader; Fastify prefers them over :username anyway.
  app.get(
    '/api/users/verification-status',
    { config: { apiTokens: true }, onRequest: members, schema: { response: { 200: ZVerificationStatus } } },
    async (request) => {
      const me = requireMember(request)
      const { workEmail } = await getOwnEmails(app.db, me.id)
      return { verified: me.isEmailVerified, workEmail }
    },
  )

  app.post(
    '/api/users/add-work-email',
    {
      onRequest: members,
      preHandler: [codeRequests, codeMailsPerAddress],
      schema: { body: ZAddWorkEmailBody, response: { 200: ZAddWorkEmailResponse } },
    },
    async (request, reply) => {
      const sent = await addWorkEmail(
        app.db,
        app.mailer,
        app.config,
        requireMember(request),
        request.body.email,
      )
      return { ...sent, message: say(request, reply, sent.message) }
    },
  )

  app.post(
    '/api/users/verify-email',
    {
      onRequest: members,
      preHandler: [codeChecks],
      schema: { body: ZVerifyEmailBody, response: { 200: ZVerifyEmailResponse } },
    },
    async (request, reply) => {
      const verified = await verifyWorkEmail(app.db, requireMember(request), request.body.verificationCode)
      return { ...verified, message: say(request, reply, verified.message) }
    },
  )

  app.get(
    '/api/users/:username',
    {
      config: { apiTokens: true },
      onRequest: members,
      schema: { params: ZUsernameParams, response: { 200: ZProfile } },
    },
    async (request, reply) => {
      const me = requireMember(request)
      const viewer = { id: me.id, isAdmin: me.isAdmin }
      const json = await answerProfile(app.db, profiles, request.params.username, viewer)
      return reply
        .type('application/json; charset=utf-8')
        .serializer(() => json)
        .send(json as never)
    },
  )

  app.get(
    '/api/users/:username/vouches',
    {
      config: { apiTokens: true },
      onRequest: members,
      schema: { params: ZUsernameParams, querystring: ZVouchesQuery, response: { 200: ZVouchesPage } },
    },
    async (request) => {
      const me = requireMember(request)
      const user = await findUserByUsername(app.db, request.params.username)
      if (!user || (await isHiddenFrom(app.db, user.id, me))) throw notFound('User')
      return listReceivedEndorsements(app.db, {
        toUserId: user.id,
        viewer: { id: me.id, isAdmin: me.isAdmin },
        ...request.query,
      })
    },
  )

  app.patch(
    '/api/users/:id/profile',
    {
      config: { apiTokens: true },
      // The owner check comes before the body: another member learns nothing from validation errors.
      onRequest: members,
      preValidation: async (request) =>
        assertOwnProfile(requireMember(request), Number((request.params as { id: unknown }).id)),
      preHandler: [profileWrites],
      schema: { params: ZIdParams, body: ZUpdateProfileBody, response: { 200: ZSelfUser } },
    },
    async (request) => {
      const me = requireMember(request)
      return toSelfUser(await updateProfile(app.db, me, request.params.id, request.body))
    },
  )

  app.post(
    '/api/users/:id/profile-picture',
    {
      onRequest: members,
      preHandler: [pictureUploads],
      config: { acceptsFiles: true, apiTokens: true },
      schema: { params: ZIdParams, response: { 200: ZSelfUser } },
    },
    async (request) => {
      const me = requireMember(request)
      assertOwnProfile(me, request.params.id)
      const file = await receiveFile(request, {
        field: 'profilePicture',
        maxBytes: PROFILE_PICTURE_MAX_BYTES - 1,
        types: PROFILE_PICTURE_TYPES,
        tooLargeMessage: PROFILE_MESSAGES.pictureSize,
        wrongTypeMessage: PROFILE_MESSAGES.pictureType,
      })
      return toSelfUser(await setProfilePicture(app.db, app.config, me, file))
    },
  )

  app.get(
    '/api/medals/user/:userId',
    {
      config: { apiTokens: true },
      onRequest: members,
      schema: { params: ZUserIdParams, response: { 200: z.array(ZMedal) } },
    },
    async (request) => {
      const me = requireMember(request)
      const user = await findUserById(app.db, request.params.userId)
      if (!user || (await isHiddenFrom(app.db, user.id, me))) throw notFound('User')
      return listMedals(app.db, request.params.userId)
    },
  )
}
