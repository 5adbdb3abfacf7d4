import { localizeMessage } from '@vouched/shared/i18n/localize'
import { DEFAULT_LOCALE, parseAcceptLanguage, pickLocale, type TLocale } from '@vouched/shared/locale'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import fp from 'fastify-plugin'

declare module 'fastify' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- augmentation needs an interface
  interface FastifyRequest {
    /**
     * The language of what this answer says to a person: the signed-in member's saved `locale`, else
     * the first of Accept-Language we have, else English (decision 153). Read when needed.
     */
    readonly locale: TLocale
  }
}

/** Whether the request's language came from its Accept-Language header (or could have). */
const followsHeader = (request: FastifyRequest) => !request.user?.locale

/** The language of a request; a member's choice wins over their browser's. */
export function requestLocale(request: FastifyRequest): TLocale {
  return (
    request.user?.locale ??
    (request.headers['accept-language']
      ? pickLocale(parseAcceptLanguage(request.headers['accept-language']))
      : DEFAULT_LOCALE)
  )
}

function appendVary(reply: FastifyReply, name: string) {
  const current = reply.getHeader('Vary')
  const values = (Array.isArray(current) ? current.join(',') : String(current ?? ''))
    .split(',')
    .map((value) => value.trim())
    .filter(Boolean)
  if (values.some((value) => value === '*' || value.toLowerCase() === name.toLowerCase())) return
  reply.header('Vary', [...values, name].join(', '))
}

/**
 * Marks an answer as carrying text in `locale`: Content-Language, and `Vary: Accept-Language` when
 * that header chose it (a shared cache must not hand one reader's language to another).
 */
export function markLanguage(request: FastifyRequest, reply: FastifyReply, locale = request.locale) {
  reply.header('Content-Language', locale)
  if (followsHeader(request)) appendVary(reply, 'Accept-Language')
}

/** A shared English text as this request's reader reads it, the answer marked with its language. */
export function say(request: FastifyRequest, reply: FastifyReply, text: string) {
  markLanguage(request, reply)
  return localizeMessage(text, request.locale)
}

export const localePlugin = fp(async (app: FastifyInstance) => {
  app.decorateRequest('locale', {
    getter(this: FastifyRequest) {
      return requestLocale(this)
    },
  })
})
