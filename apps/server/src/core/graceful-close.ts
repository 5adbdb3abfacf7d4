import type { FastifyInstance } from 'fastify'
import fp from 'fastify-plugin'

/**
 * On close, answers still in flight go out with `Connection: close`: otherwise their keep-alive
 * sockets would stay open after them and hold the shutdown until clients hang up.
 */
export const gracefulClosePlugin = fp(async (app: FastifyInstance) => {
  let closing = false
  app.addHook('preClose', async () => {
    closing = true
  })
  app.addHook('onSend', async (_request, reply, payload) => {
    if (closing) reply.header('connection', 'close')
    return payload
  })
})
