import { z } from 'zod'
import {
  ENDORSEMENT_REQUEST_BOXES,
  ENDORSEMENT_REQUEST_MESSAGE_MAX,
  ENDORSEMENT_REQUEST_MESSAGES,
  ENDORSEMENT_REQUEST_STATUSES,
  ANY_CATEGORY,
} from './endorsement-requests.constants'
import { ZCategory, ZHashtagList, ZUserRef } from './endorsements'

export * from './endorsement-requests.constants'

/** `POST /api/endorsement-requests`: ask a connection to vouch for at least one skill. */
export const ZCreateEndorsementRequestBody = z.object({
  toUserId: z.number({ error: 'Choose a connection to ask' }).int().positive(),
  hashtags: ZHashtagList.refine((tags) => tags.length > 0, ENDORSEMENT_REQUEST_MESSAGES.hashtagsRequired),
  category: ZCategory.nullish().transform((value) => value ?? undefined),
  message: z
    .string()
    .trim()
    .max(ENDORSEMENT_REQUEST_MESSAGE_MAX, ENDORSEMENT_REQUEST_MESSAGES.messageMax)
    .nullish()
    .transform((value) => (value ? value : undefined)),
})

/**
 * The Ask for a vouch dialog: skills typed as one comma-separated line, the category `any` or one of
 * the ten. It turns into the API's body, with the API's own rules and messages.
 */
export const ZEndorsementRequestForm = z
  .object({
    toUserId: z.number().int().positive(),
    hashtags: z.string().transform((line) => line.split(',').filter((part) => part.trim() !== '')),
    category: z
      .union([z.literal(ANY_CATEGORY), ZCategory])
      .transform((category) => (category === ANY_CATEGORY ? undefined : category)),
    message: z.string(),
  })
  .transform((values, ctx) => {
    const body = ZCreateEndorsementRequestBody.safeParse(values)
    if (body.success) return body.data
    for (const issue of body.error.issues) {
      ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path })
    }
    return z.NEVER
  })

export type TEndorsementRequestForm = z.input<typeof ZEndorsementRequestForm>

export type TCreateEndorsementRequestBody = z.input<typeof ZCreateEndorsementRequestBody>
export type TCreateEndorsementRequest = z.output<typeof ZCreateEndorsementRequestBody>

/**
 * A request as both members read it. `vouchId` is the endorsement that fulfilled it (null until then,
 * and again if that endorsement is deleted); `answeredAt` is when it was fulfilled, declined or cancelled.
 */
export const ZEndorsementRequest = z.object({
  id: z.number().int(),
  fromUser: ZUserRef,
  toUser: ZUserRef,
  hashtags: z.array(z.string()),
  category: ZCategory.nullable(),
  message: z.string().nullable(),
  status: z.enum(ENDORSEMENT_REQUEST_STATUSES),
  vouchId: z.number().int().nullable(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
})

export type TEndorsementRequest = z.infer<typeof ZEndorsementRequest>

export const ZEndorsementRequestList = z.object({ requests: z.array(ZEndorsementRequest) })

export type TEndorsementRequestList = z.infer<typeof ZEndorsementRequestList>

export const ZEndorsementRequestsQuery = z.object({
  box: z.enum(ENDORSEMENT_REQUEST_BOXES, { error: 'box must be received or sent' }).default('received'),
})

/** One request in the member's data export (GET /api/account/export), cancelled ones included. */
export const ZEndorsementRequestExport = z.object({
  id: z.number().int(),
  direction: z.enum(['sent', 'received']),
  user: z.object({ id: z.number().int(), username: z.string(), fullName: z.string().nullable() }),
  hashtags: z.array(z.string()),
  category: ZCategory.nullable(),
  message: z.string().nullable(),
  status: z.enum(ENDORSEMENT_REQUEST_STATUSES),
  vouchId: z.number().int().nullable(),
  createdAt: z.string(),
  answeredAt: z.string().nullable(),
})

export type TEndorsementRequestExport = z.infer<typeof ZEndorsementRequestExport>
