import { ACCOUNT_MESSAGES } from '@vouched/shared/account.constants'
import { describe, expect, it } from 'vitest'
import { changeLocale } from './i18n'
import { sharedText } from './shared-text'

describe('sharedText', () => {
  it('leaves English as it is and finds German in the shared catalogue', async () => {
    expect(sharedText(ACCOUNT_MESSAGES.passwordWrong)).toBe('Incorrect password')
    await changeLocale('de')
    expect(sharedText(ACCOUNT_MESSAGES.passwordWrong)).not.toBe('Incorrect password')
    expect(sharedText(ACCOUNT_MESSAGES.passwordWrong)).toMatch(/Passwort/)
    // Not a shared text (a name, a server text it does not know): unchanged.
    expect(sharedText('Ana Lima')).toBe('Ana Lima')
  })
})
