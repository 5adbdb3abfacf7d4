import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'
import { passwordRuleProblem, type PasswordOwner } from '@vouched/shared/password-policy'
import { AppError } from './errors'

const KEY_LENGTH = 64
const PARAMS = { N: 16_384, r: 8, p: 1 }

function derive(password: string, salt: Buffer, options: ScryptOptions): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      salt,
      KEY_LENGTH,
      { ...options, maxmem: 64 * 1024 * 1024 },
      (err, key) => (err ? reject(err) : resolve(key)),
    ),
  )
}

/** `scrypt$N$r$p$salt$hash`: the parameters travel with the hash so they can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16)
  const key = await derive(password, salt, PARAMS)
  return ['scrypt', PARAMS.N, PARAMS.r, PARAMS.p, salt.toString('base64'), key.toString('base64')].join('$')
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !hash) return false
  const expected = Buffer.from(hash, 'base64')
  const key = await derive(password, Buffer.from(salt, 'base64'), {
    N: Number(n),
    r: Number(r),
    p: Number(p),
  })
  return key.length === expected.length && timingSafeEqual(key, expected)
}

/** Spends the same time as a real check, so unknown accounts cannot be told apart by timing. */
let dummyHash: Promise<string> | undefined
export async function verifyAgainstNothing(password: string): Promise<false> {
  dummyHash ??= hashPassword('not-a-real-password')
  await verifyPassword(password, await dummyHash)
  return false
}

/**
 * The identity rules a body alone cannot check (reset and change-password bodies do not carry the
 * username): 400 on `field`, with the message the forms show.
 */
export function assertPasswordFitsOwner(password: string, owner: PasswordOwner, field: string) {
  const problem = passwordRuleProblem(password, owner)
  if (problem) throw new AppError('VALIDATION_ERROR', problem, 400, field)
}
