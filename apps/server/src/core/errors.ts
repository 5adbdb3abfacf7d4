import { localizeMessage } from '@vouched/shared/i18n/localize'
import { SERVER_MESSAGES } from '@vouched/shared/server.constants'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import { markLanguage } from './locale'
import type { ValidationIssue } from './validation'

/** The one error type: its code is stable for clients, its message is safe to show to a person. */
export class AppError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly status: number = 400,
    readonly field?: string,
  ) {
    super(message)
  }
}

export const notFound = (what: string) => new AppError('NOT_FOUND', SERVER_MESSAGES.notFound(what), 404)
export const forbidden = (message: string = SERVER_MESSAGES.forbidden) =>
  new AppError('FORBIDDEN', message, 403)

/** Fastify's own 4xx codes, named for clients. */
const FASTIFY_CODES: Record<string, { code: string; message?: string; status?: number }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: SERVER_MESSAGES.bodyTooLarge },
  FST_REQ_FILE_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: SERVER_MESSAGES.fileTooLarge, status: 413 },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: SERVER_MESSAGES.unsupportedContentType,
  },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', message: SERVER_MESSAGES.invalidJson },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'INVALID_JSON', message: SERVER_MESSAGES.emptyJson },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: SERVER_MESSAGES.expectedMultipart,
    status: 415,
  },
  FST_ERR_VALIDATION: { code: 'VALIDATION_ERROR' },
}

/**
 * PostgreSQL data exceptions caused by a value that passed validation but cannot be stored or compared:
 * a NUL character in text (22021, 22P05) or an id beyond the integer range (22003, 22P02). The input is
 * at fault, so the answer is a 400, never a 500.
 */
const INPUT_DATA_ERRORS = new Set(['22021', '22P05', '22003', '22P02'])

const databaseErrorCode = (error: unknown): string | undefined => {
  for (let e = error as { code?: unknown; cause?: unknown } | undefined, depth = 0; e && depth < 3; depth++) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code
    e = e.cause as typeof e
  }
  return undefined
}

/** The database is away (restart, failover, connection refused): a 503 the client may retry, not a bug. */
const isDatabaseUnavailable = (error: unknown) => {
  const code = databaseErrorCode(error)
  if (code && (code.startsWith('08') || ['57P01', '57P02', '57P03'].includes(code))) return true
  for (
    let e = error as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 3;
    depth++
  ) {
    if (e.code === 'ECONNREFUSED' || e.code === 'ECONNRESET') return true
    if (typeof e.message === 'string' && /^Connection terminated|is not queryable/.test(e.message))
      return true
    e = e.cause as typeof e
  }
  return false
}

type ErrorBody = { message: string; code: string; field?: string | undefined }

/**
 * Every error answer leaves through here: its message in the request's language (decision 153), its
 * code and field as they are.
 */
function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  status: number,
  { message, code, field }: ErrorBody,
  localized?: string,
) {
  const locale = request.locale
  markLanguage(request, reply, locale)
  return reply.status(status).send({
    message: localized ?? localizeMessage(message, locale),
    code,
    ...(field ? { field } : {}),
  })
}

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return sendError(request, reply, error.status, error)
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0] as unknown as ValidationIssue
      // instancePath is '/field/nested'; clients want the top input's dotted name.
      const field = issue.instancePath.split('/').filter(Boolean).join('.') || undefined
      const inGerman = request.locale === 'de' ? issue.params.localized?.de : undefined
      return sendError(
        request,
        reply,
        400,
        { message: issue.message, code: 'VALIDATION_ERROR', field },
        inGerman,
      )
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response failed its schema')
      return sendError(request, reply, 500, { message: SERVER_MESSAGES.internal, code: 'INTERNAL' })
    }
    if (INPUT_DATA_ERRORS.has(databaseErrorCode(error) ?? '')) {
      return sendError(request, reply, 400, { message: SERVER_MESSAGES.invalidInput, code: 'INVALID_INPUT' })
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable')
      reply.header('Retry-After', 5)
      return sendError(request, reply, 503, { message: SERVER_MESSAGES.unavailable, code: 'UNAVAILABLE' })
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      const known = FASTIFY_CODES[error.code]
      if (status === 429) {
        return sendError(request, reply, 429, { message: SERVER_MESSAGES.rateLimited, code: 'RATE_LIMITED' })
      }
      return sendError(request, reply, known?.status ?? status, {
        message: known?.message ?? error.message,
        code: known?.code ?? 'BAD_REQUEST',
      })
    }
    request.log.error({ err: error }, 'unhandled error')
    return sendError(request, reply, 500, { message: SERVER_MESSAGES.internal, code: 'INTERNAL' })
  })
}
