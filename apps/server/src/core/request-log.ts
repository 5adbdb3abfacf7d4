import { LogController, type FastifyReply, type FastifyRequest } from 'fastify'

/**
 * One log line per request, written when its response is finished, instead of Fastify's two
 * ("incoming request" and "request completed"). The query string is left out: it can carry a password
 * reset token or a member's search text, neither of which belongs in a log file.
 */
export class RequestLogController extends LogController {
  override incomingRequest() {}

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply) {
    const queryAt = request.url.indexOf('?')
    const line = {
      method: request.method,
      path: queryAt === -1 ? request.url : request.url.slice(0, queryAt),
      status: reply.statusCode,
      ms: Math.round(reply.elapsedTime * 10) / 10,
    }
    if (error) reply.log.error({ ...line, err: error }, 'request failed')
    else reply.log.info(line, 'request')
  }
}
