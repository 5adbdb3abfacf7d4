import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'

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

export const notFound = (what: string) => new AppError('NOT_FOUND', `${what} not found`, 404)
export const forbidden = (message = 'You are not allowed to do this') =>
  new AppError('FORBIDDEN', message, 403)

/** Fastify's own 4xx codes, named for clients. */
const FASTIFY_CODES: Record<string, { code: string; message?: string; status?: number }> = {
  FST_ERR_CTP_BODY_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'Request body is too large' },
  FST_REQ_FILE_TOO_LARGE: { code: 'PAYLOAD_TOO_LARGE', message: 'File is too large', status: 413 },
  FST_ERR_CTP_INVALID_MEDIA_TYPE: { code: 'UNSUPPORTED_MEDIA_TYPE', message: 'Unsupported content type' },
  FST_ERR_CTP_INVALID_JSON_BODY: { code: 'INVALID_JSON', message: 'Request body is not valid JSON' },
  FST_ERR_CTP_EMPTY_JSON_BODY: { code: 'INVALID_JSON', message: 'Request body is empty' },
  FST_INVALID_MULTIPART_CONTENT_TYPE: {
    code: 'UNSUPPORTED_MEDIA_TYPE',
    message: 'Expected multipart/form-data',
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

export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({
        message: error.message,
        code: error.code,
        ...(error.field ? { field: error.field } : {}),
      })
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const issue = error.validation[0]!
      // instancePath is '/field/nested'; clients want the top input's dotted name.
      const field = issue.instancePath.split('/').filter(Boolean).join('.') || undefined
      return reply.status(400).send({
        message: issue.message,
        code: 'VALIDATION_ERROR',
        ...(field ? { field } : {}),
      })
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response failed its schema')
      return reply.status(500).send({ message: 'Internal server error', code: 'INTERNAL' })
    }
    if (INPUT_DATA_ERRORS.has(databaseErrorCode(error) ?? '')) {
      return reply.status(400).send({
        message: 'The request contains a value that cannot be accepted',
        code: 'INVALID_INPUT',
      })
    }
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'database unavailable')
      return reply
        .status(503)
        .header('Retry-After', 5)
        .send({ message: 'The service is briefly unavailable. Please try again.', code: 'UNAVAILABLE' })
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      const known = FASTIFY_CODES[error.code]
      if (status === 429) {
        return reply.status(429).send({
          message: 'Too many requests. Please wait a moment and try again.',
          code: 'RATE_LIMITED',
        })
      }
      return reply.status(known?.status ?? status).send({
        message: known?.message ?? error.message,
        code: known?.code ?? 'BAD_REQUEST',
      })
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.status(500).send({ message: 'Internal server error', code: 'INTERNAL' })
  })
}
