import type { FastifySchemaCompiler } from 'fastify'
import { z } from 'zod'
import { safeParse, type $ZodIssue, type $ZodType } from 'zod/v4/core'

/** What fastify-type-provider-zod marks its validation errors with (hasZodFastifySchemaValidationErrors). */
const VALIDATION_ERROR = Symbol.for('ZodFastifySchemaValidationError')

const english = z.locales.en()
const german = z.locales.de()

type RawIssue = Parameters<typeof english.localeError>[0]

const messageOf = (result: ReturnType<typeof english.localeError>) =>
  typeof result === 'string' ? result : result?.message

/** A validation issue as the error handler reads it; `localized` has zod's own words in German. */
export type ValidationIssue = {
  instancePath: string
  message: string
  params: Record<string, unknown> & { localized?: { de: string } }
}

/**
 * fastify-type-provider-zod's validator, but an issue zod words itself (no message of ours: a wrong
 * type, an unknown key) also carries its German words, made by zod's German locale while the input
 * is still at hand. Messages of our schemas are translated by the error handler from the catalogue.
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const inGerman = new Map<string, string>()
    const result = safeParse(schema, data, {
      error: (issue: RawIssue) => {
        const message = messageOf(english.localeError(issue))
        const de = messageOf(german.localeError(issue))
        if (message && de) inGerman.set(message, de)
        return message
      },
    })
    if (!result.error) return { value: result.data }
    return {
      error: result.error.issues.map((issue: $ZodIssue) => {
        const { path, code, message, ...rest } = issue
        const de = inGerman.get(message)
        return {
          [VALIDATION_ERROR]: true,
          keyword: code,
          instancePath: `/${path.join('/')}`,
          schemaPath: `#/${path.join('/')}/${code}`,
          message,
          params: { ...rest, ...(de ? { localized: { de } } : {}) },
        }
      }) as unknown as Error,
    }
  }
