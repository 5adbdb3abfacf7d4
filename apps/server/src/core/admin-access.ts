import { SECURITY_MESSAGES } from '@vouched/shared/security'
import { and, eq, isNotNull } from 'drizzle-orm'
import type { FastifyRequest } from 'fastify'
import { twoFactorSettings } from '../db/schema/index'
import { AppError } from './errors'
import { requireAdmin } from './session'
import type { Member } from './user-shapes'

/**
 * The admin dashboard's guard: an admin, and with REQUIRE_ADMIN_2FA=1 one who has turned two-factor
 * sign-in on (403 TWO_FACTOR_REQUIRED otherwise, which the web app's /admin turns into a pointer to
 * /settings). Read from the database on each call: admin requests are few, and turning two-factor off
 * must take effect at once on every instance.
 */
export async function requireAdminAccess(request: FastifyRequest): Promise<Member> {
  const admin = requireAdmin(request)
  if (!request.server.config.requireAdminTwoFactor) return admin
  const [row] = await request.server.db
    .select({ userId: twoFactorSettings.userId })
    .from(twoFactorSettings)
    .where(and(eq(twoFactorSettings.userId, admin.id), isNotNull(twoFactorSettings.enabledAt)))
    .limit(1)
  if (!row) throw new AppError('TWO_FACTOR_REQUIRED', SECURITY_MESSAGES.adminTwoFactorRequired, 403)
  return admin
}
