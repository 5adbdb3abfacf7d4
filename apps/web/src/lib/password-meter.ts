import type * as meterModule from '@vouched/shared/password-meter'
import type { PasswordStrength } from '@vouched/shared/password-policy'

type MeterModule = typeof meterModule

let loading: Promise<MeterModule> | undefined

/**
 * The common-password dictionary (~0.5 MB) comes in its own chunk, fetched when a form with a new
 * password opens, not with the app.
 */
export function loadPasswordMeter(): Promise<MeterModule> {
  loading ??= import('@vouched/shared/password-meter').catch((error: unknown) => {
    // A failed download is tried again next time.
    loading = undefined
    throw error
  })
  return loading
}

/** What the forms say while the dictionary cannot be had: nothing; the server still checks. */
const UNKNOWN: PasswordStrength = { score: 0, common: false }

/** The meter for the shared password rules in the forms: waits for the dictionary on first use. */
export async function lazyPasswordMeter(
  password: string,
  userInputs: readonly string[],
): Promise<PasswordStrength> {
  try {
    return (await loadPasswordMeter()).measurePassword(password, userInputs)
  } catch {
    return UNKNOWN
  }
}
