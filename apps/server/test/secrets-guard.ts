import type { FastifyInstance } from 'fastify'
import type { Db } from '../src/db/client'
import { pushVapidKeys, users } from '../src/db/schema/index'

type Captured = { method: string; url: string; viewerId: number | null; viewerIsAdmin: boolean; body: string }

/** Keys that never leave the server with a value in them. */
const SECRET_KEYS = [
  'password',
  'resetToken',
  'resetTokenExpiry',
  'verificationAttempts',
  'verificationCodeExpiry',
  'sessionId',
  'tokenHash',
  'pendingSecret',
  'codeHash',
  'lastStep',
  // The issuer's Ed25519 secret key (issue 26): kept in the database, never sent.
  'secretKeyMultibase',
  // The VAPID private key (issue 27, Web Push): kept in the database, never sent.
  'privateKey',
]
/** The one answer that carries a personal API token: its creation, the only time it is shown. */
const TOKEN_CREATION = 'POST /api/account/tokens'
const API_TOKEN = /vch_[A-Za-z0-9_-]{43}/
/** The one documented exception: the demo hint when no SMTP server is configured (DECISIONS.md §4). */
const CODE_HINT_ROUTE = '/api/users/add-work-email'
const SELF_ESTABLISHING = new Set([
  '/api/register',
  '/api/login',
  '/api/login/two-factor',
  '/api/login/passkey',
])
/** The OpenAPI document (and the reference page's copy) names request fields such as a password, never values. */
const DESCRIBES_FIELDS = new Set(['/api/openapi.json', '/api/docs/json'])

/**
 * Records every JSON answer of a test app; `check` fails when one carried a password hash, a secret field,
 * an API token (but where it is created), or the email of a member other than the viewer (admins excepted).
 */
export function installSecretsGuard(app: FastifyInstance) {
  const captured: Captured[] = []
  app.addHook('onSend', async (request, reply, payload) => {
    const type = String(reply.getHeader('content-type') ?? '')
    if (typeof payload === 'string' && type.includes('json')) {
      captured.push({
        method: request.method,
        url: request.url.split('?')[0]!,
        viewerId: request.user?.id ?? null,
        viewerIsAdmin: request.user?.isAdmin ?? false,
        body: payload,
      })
    }
    return payload
  })

  return async function check(db: Db): Promise<string[]> {
    const members = await db
      .select({ id: users.id, email: users.email, workEmail: users.workEmail })
      .from(users)
    const vapidPrivateKeys = (await db.select({ key: pushVapidKeys.privateKey }).from(pushVapidKeys)).map(
      (row) => row.key,
    )
    const problems: string[] = []
    for (const answer of captured) {
      if (vapidPrivateKeys.some((key) => answer.body.includes(key))) {
        problems.push(`${answer.url} carried the VAPID private key`)
      }
      if (/scrypt\$\d+\$/.test(answer.body)) problems.push(`${answer.url} carried a password hash`)
      for (const key of DESCRIBES_FIELDS.has(answer.url) ? [] : SECRET_KEYS) {
        if (new RegExp(`"${key}":\\s*(?!null)`).test(answer.body))
          problems.push(`${answer.url} carried "${key}"`)
      }
      if (`${answer.method} ${answer.url}` !== TOKEN_CREATION && API_TOKEN.test(answer.body)) {
        problems.push(`${answer.url} carried an API token`)
      }
      if (
        answer.url !== CODE_HINT_ROUTE &&
        !DESCRIBES_FIELDS.has(answer.url) &&
        /"verificationCode":\s*(?!null)/.test(answer.body)
      ) {
        problems.push(`${answer.url} carried "verificationCode"`)
      }
      if (answer.viewerIsAdmin) continue
      // Register and login answer with the member they sign in, whoever sent the request.
      const viewerId = SELF_ESTABLISHING.has(answer.url)
        ? ((JSON.parse(answer.body) as { id?: number }).id ?? null)
        : answer.viewerId
      const lower = answer.body.toLowerCase()
      for (const member of members) {
        if (member.id === viewerId) continue
        for (const email of [member.email, member.workEmail]) {
          if (email && lower.includes(`"${email.toLowerCase()}"`)) {
            problems.push(`${answer.url} showed member ${member.id}'s email to ${viewerId ?? 'a visitor'}`)
          }
        }
      }
    }
    return [...new Set(problems)]
  }
}
