import { z } from 'zod'
import { LIVE_EVENT_TYPES } from './events.constants'

export * from './events.constants'

export const ZLiveEvent = z.object({
  type: z.enum(LIVE_EVENT_TYPES),
  entityId: z.number().int().optional(),
})

export type TLiveEvent = z.infer<typeof ZLiveEvent>
