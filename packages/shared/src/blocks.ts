import { z } from 'zod'

export * from './blocks.constants'

export const ZBlockUserParams = z.object({ userId: z.coerce.number().int().positive() })

export const ZBlockedMember = z.object({
  id: z.number().int(),
  username: z.string(),
  fullName: z.string().nullable(),
  profilePicture: z.string().nullable(),
})

export type TBlockedMember = z.infer<typeof ZBlockedMember>

export const ZBlock = z.object({ user: ZBlockedMember, createdAt: z.string() })

export type TBlock = z.infer<typeof ZBlock>

export const ZBlockList = z.object({ blocks: z.array(ZBlock) })

export type TBlockList = z.infer<typeof ZBlockList>

export const ZBlockResult = z.object({ success: z.literal(true), blocked: z.boolean() })

export type TBlockResult = z.infer<typeof ZBlockResult>
