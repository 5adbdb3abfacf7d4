import { z } from 'zod'

/** The one wire shape of every error answer (DECISIONS.md §3). */
export const ZApiError = z.object({
  message: z.string(),
  code: z.string(),
  field: z.string().optional(),
})
export type TApiError = z.infer<typeof ZApiError>

export const ZOk = z.object({ success: z.literal(true) })
export type TOk = z.infer<typeof ZOk>

export const ZIdParams = z.object({ id: z.coerce.number().int().positive() })
export type TIdParams = z.infer<typeof ZIdParams>
