import { z } from 'zod'
import {
  CONNECTION_MESSAGE_MAX,
  CONNECTION_MESSAGES,
  CONNECTION_REQUEST_STATUSES,
  CONNECTION_STATUSES,
} from './connections.constants'

export * from './connections.constants'

export const ZUserIdParams = z.object({ userId: z.coerce.number().int().positive() })

export type TUserIdParams = z.infer<typeof ZUserIdParams>

export const ZConnectionMessage = z
  .string()
  .trim()
  .max(CONNECTION_MESSAGE_MAX, CONNECTION_MESSAGES.messageMax)
  .transform((value) => (value === '' ? undefined : value))

/** The optional note sent with a request; an absent body is a request without a note. */
export const ZSendConnectionRequestBody = z
  .object({ message: ZConnectionMessage.nullish() })
  .nullish()
  .transform((body) => ({ message: body?.message ?? undefined }))

export type TSendConnectionRequestBody = z.input<typeof ZSendConnectionRequestBody>

/** The client form: the same rule and message as the server. */
export const ZConnectionRequestForm = z.object({
  message: z.string().max(CONNECTION_MESSAGE_MAX, CONNECTION_MESSAGES.messageMax).optional(),
})

export type TConnectionRequestForm = z.infer<typeof ZConnectionRequestForm>

export const ZConnectionUser = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string().nullable(),
  profilePicture: z.string().nullable(),
  isVerified: z.boolean(),
})

export type TConnectionUser = z.infer<typeof ZConnectionUser>

/** The read shape of SPEC.md §3; the flat from* fields are those of the pending list. */
export const ZConnectionRequest = z.object({
  id: z.number().int(),
  fromUserId: z.number().int(),
  toUserId: z.number().int(),
  status: z.enum(CONNECTION_REQUEST_STATUSES),
  message: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  fromUser: ZConnectionUser,
  toUser: ZConnectionUser,
  fromUsername: z.string(),
  fromFullName: z.string().nullable(),
  fromProfilePicture: z.string().nullable(),
})

export type TConnectionRequest = z.infer<typeof ZConnectionRequest>

export const ZConnectionRequestList = z.object({ requests: z.array(ZConnectionRequest) })

export type TConnectionRequestList = z.infer<typeof ZConnectionRequestList>

export const ZConnectionRequestResult = z.object({
  success: z.literal(true),
  request: ZConnectionRequest,
})

export type TConnectionRequestResult = z.infer<typeof ZConnectionRequestResult>

export const ZConnection = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string().nullable(),
  profilePicture: z.string().nullable(),
  isVerified: z.boolean(),
  reputationScore: z.number(),
  title: z.string().nullable(),
  /** When the request was accepted. */
  connectedAt: z.string(),
})

export type TConnection = z.infer<typeof ZConnection>

export const ZConnectionList = z.object({ connections: z.array(ZConnection) })

export type TConnectionList = z.infer<typeof ZConnectionList>

export const ZConnectionsQuery = z.object({
  checkConnection: z
    .enum(['true', 'false', '1', '0'])
    .optional()
    .transform((value) => value === 'true' || value === '1'),
})

/** `?checkConnection=true`: isConnected (SPEC.md §3) plus where a pending request stands, for the profile button. */
export const ZConnectionCheck = z.object({
  isConnected: z.boolean(),
  status: z.enum(CONNECTION_STATUSES),
  /** The live request between the viewer and the member, when there is one. */
  requestId: z.number().int().nullable(),
})

export type TConnectionCheck = z.infer<typeof ZConnectionCheck>
