import type { TAuditAction } from '@vouched/shared/admin'
import type { Db } from '../../db/client'
import { auditLog } from '../../db/schema/index'

export type AuditEntry = {
  adminId: number
  action: TAuditAction
  targetType: 'user' | 'endorsement' | 'hashtag' | 'announcement' | 'report'
  targetId: number
  /** Readable on its own: the target may be gone when someone reads the log. */
  details: string
}

/** Records an admin action; call it inside the transaction of the action so both happen or neither. */
export async function writeAudit(db: Db, entry: AuditEntry) {
  await db.insert(auditLog).values(entry)
}
