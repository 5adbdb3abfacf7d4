import { z } from 'zod'

/**
 * A value checked against a response schema and written as the route's serializer would write it
 * (fastify-type-provider-zod encodes with the schema, then stringifies). For answers written once and
 * served many times: the route hands the text to `reply.serializer`.
 */
export const writeJson = <T extends z.ZodType>(schema: T, value: z.output<T>) =>
  JSON.stringify(z.encode(schema, value))
