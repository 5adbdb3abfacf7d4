import {
  CREDENTIAL_MESSAGES,
  VERIFY_MAX_BYTES,
  ZCredentialIdParams,
  ZDidDocument,
  ZStatusListParams,
  ZVerifiableCredential,
  ZVerifyBody,
  ZVerifyResult,
  type TVerification,
  type TVerifyResult,
} from '@vouched/shared/credentials'
import type { FastifyReply, FastifyRequest } from 'fastify'
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod'
import { findBlockBetween } from '../blocks/blocks.queries'
import { AppError } from '../../core/errors'
import { rateLimit } from '../../core/rate-limit'
import { requireMember } from '../../core/session'
import { BadImageError, isPng, unbakePng, unbakeSvg } from './credentials.baking'
import { credentialsFor, type Credentials } from './credentials.service'

/** Verifications a client (one IP) may ask for per minute: each costs milliseconds of CPU. */
export const VERIFY_LIMIT = { name: 'credentials.verify', max: 60, timeWindow: '1 minute' }

/** Public documents a verifier anywhere may read, from a page of any site. */
const publicDocument = (reply: FastifyReply, maxAge: number) =>
  reply
    .header('Access-Control-Allow-Origin', '*')
    .header('Cross-Origin-Resource-Policy', 'cross-origin')
    .header('Cache-Control', `public, max-age=${maxAge}`)

/** What was sent, as credential texts: the JSON body, or those a badge PNG or SVG carries. */
async function receivedCredentials(request: FastifyRequest): Promise<unknown[]> {
  if (!request.isMultipart()) {
    if (request.body == null) throw new AppError('VALIDATION_ERROR', CREDENTIAL_MESSAGES.notJson, 400)
    return [request.body]
  }
  const part = await request.file({ limits: { fileSize: VERIFY_MAX_BYTES, files: 1 } })
  if (!part) throw new AppError('FILE_REQUIRED', CREDENTIAL_MESSAGES.unsupportedFile, 400, 'file')
  let bytes: Buffer
  try {
    bytes = await part.toBuffer()
  } catch (error) {
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw new AppError('PAYLOAD_TOO_LARGE', CREDENTIAL_MESSAGES.tooLarge, 413, 'file')
    throw error
  }
  // Judged by the bytes: a PNG signature, else text that is JSON or an SVG document.
  let texts: string[]
  try {
    if (isPng(bytes)) texts = unbakePng(bytes)
    else {
      const text = bytes
        .toString('utf8')
        .replace(/^\uFEFF/, '')
        .trimStart()
      if (text.startsWith('{')) texts = [text]
      else if (/^(<\?xml|<svg|<!--|<!DOCTYPE svg)/i.test(text)) texts = unbakeSvg(text)
      else throw new AppError('UNSUPPORTED_MEDIA_TYPE', CREDENTIAL_MESSAGES.unsupportedFile, 415, 'file')
    }
  } catch (error) {
    if (error instanceof BadImageError)
      throw new AppError('UNREADABLE_IMAGE', `${error.message}.`, 415, 'file')
    throw error
  }
  if (texts.length === 0)
    throw new AppError('NO_CREDENTIAL', CREDENTIAL_MESSAGES.noCredentialInImage, 400, 'file')
  return texts.map((text) => {
    try {
      return JSON.parse(text) as unknown
    } catch {
      throw new AppError('VALIDATION_ERROR', CREDENTIAL_MESSAGES.notJson, 400, 'file')
    }
  })
}

/** Every credential's verdict, and one for them all: valid when each is, revoked when any is. */
function combine(verdicts: TVerification[]): TVerifyResult {
  const failed = verdicts.find((v) => !v.valid)
  const first = failed ?? verdicts[0]!
  return {
    ...first,
    valid: !failed,
    revoked: verdicts.some((v) => v.revoked),
    summary: verdicts.map((v) => v.summary).join('\n'),
    credentials: verdicts,
  }
}

/** Open Badges 3.0 credentials of endorsements and medals (issue 26; docs/decisions/135 to 138). */
export const credentialsRoutes: FastifyPluginAsyncZod = async (app) => {
  const credentials: Credentials = credentialsFor(app)
  const verifyLimit = rateLimit(app, VERIFY_LIMIT)

  app.get(
    '/.well-known/did.json',
    { config: { apiTokens: true }, schema: { response: { 200: ZDidDocument } } },
    async (_request, reply) => {
      publicDocument(reply, 300)
      return credentials.didDocument()
    },
  )

  // Endorsements are read by members (profiles are), so is their credential; its holder downloads it
  // to carry it elsewhere. A block hides it as it hides the endorsement.
  app.get(
    '/api/credentials/vouches/:id',
    {
      config: { apiTokens: true },
      schema: { params: ZCredentialIdParams, response: { 200: ZVerifiableCredential } },
    },
    async (request, reply) => {
      const viewer = requireMember(request)
      const credential = await credentials.vouch(request.params.id)
      if (!viewer.isAdmin) {
        const { toUserId, fromUserId } = await credentials.vouchMembers(request.params.id)
        for (const other of [toUserId, fromUserId]) {
          if (other !== viewer.id && (await findBlockBetween(app.db, viewer.id, other)))
            throw new AppError('NOT_FOUND', CREDENTIAL_MESSAGES.vouchNotPublic, 404)
        }
      }
      reply.header('Cache-Control', 'private, no-cache')
      return credential
    },
  )

  // Medals are on the public badge already: their credentials are public as well.
  app.get(
    '/api/credentials/medals/:id',
    {
      config: { apiTokens: true },
      schema: { params: ZCredentialIdParams, response: { 200: ZVerifiableCredential } },
    },
    async (request, reply) => {
      const credential = await credentials.medal(request.params.id)
      publicDocument(reply, 60)
      return credential
    },
  )

  app.get(
    '/api/credentials/status/:purpose/:list',
    {
      config: { apiTokens: true },
      schema: { params: ZStatusListParams, response: { 200: ZVerifiableCredential } },
    },
    async (request, reply) => {
      const { purpose, list } = request.params
      const credential = await credentials.statusList(purpose, list)
      // Revocation should reach verifiers soon; a minute of caching is the usual compromise.
      publicDocument(reply, 60)
      return credential
    },
  )

  app.post(
    '/api/credentials/verify',
    {
      onRequest: verifyLimit,
      config: { acceptsFiles: true, apiTokens: true },
      schema: { body: ZVerifyBody.nullish(), response: { 200: ZVerifyResult } },
    },
    async (request) => {
      const received = await receivedCredentials(request)
      return combine(await Promise.all(received.map((credential) => credentials.verify(credential))))
    },
  )
}
