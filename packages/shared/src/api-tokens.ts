import { z } from 'zod'
import {
  API_TOKEN_EXPIRY_DAYS_MAX,
  API_TOKEN_MESSAGES,
  API_TOKEN_NAME_MAX,
  API_TOKEN_SCOPES,
} from './api-tokens.constants'

export * from './api-tokens.constants'

export const ZApiTokenScope = z.enum(API_TOKEN_SCOPES, { error: API_TOKEN_MESSAGES.scopeInvalid })

/** POST /api/account/tokens. Without `expiresInDays` the token never expires. */
export const ZCreateApiTokenBody = z.object({
  name: z
    .string({ error: API_TOKEN_MESSAGES.nameRequired })
    .trim()
    .min(1, API_TOKEN_MESSAGES.nameRequired)
    .max(API_TOKEN_NAME_MAX, API_TOKEN_MESSAGES.nameTooLong),
  scope: ZApiTokenScope,
  expiresInDays: z
    .number({ error: API_TOKEN_MESSAGES.expiryInvalid })
    .int(API_TOKEN_MESSAGES.expiryInvalid)
    .min(1, API_TOKEN_MESSAGES.expiryInvalid)
    .max(API_TOKEN_EXPIRY_DAYS_MAX, API_TOKEN_MESSAGES.expiryInvalid)
    .optional(),
})

export type TCreateApiTokenBody = z.input<typeof ZCreateApiTokenBody>

/** A token as listed: never the token itself, which only the answer to its creation carries. */
export const ZApiToken = z.object({
  id: z.number().int(),
  name: z.string(),
  scope: ZApiTokenScope,
  createdAt: z.string(),
  /** null: never expires. */
  expiresAt: z.string().nullable(),
  /** null: never used. Recorded at most once a minute. */
  lastUsedAt: z.string().nullable(),
})

export type TApiToken = z.infer<typeof ZApiToken>

/** The answer to POST /api/account/tokens: the only time `token` is shown. */
export const ZCreatedApiToken = ZApiToken.extend({ token: z.string() })

export type TCreatedApiToken = z.infer<typeof ZCreatedApiToken>

/** GET /api/account/tokens, newest first. */
export const ZApiTokenList = z.object({ tokens: z.array(ZApiToken) })

export type TApiTokenList = z.infer<typeof ZApiTokenList>
