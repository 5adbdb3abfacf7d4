import { useTranslation } from 'react-i18next'
import { useQuery } from '@tanstack/react-query'
import { Skeleton } from '../../../components/ui/skeleton'
import { securityQuery } from '../security.api'
import { PasskeysSettings } from './passkeys-settings'
import { SignedInDevices } from './signed-in-devices'
import { TwoFactorSettings } from './two-factor-settings'

/** The Security section of /settings: passkeys, two-factor sign-in, then the signed-in devices. */
export function SecuritySettings() {
  const { t } = useTranslation('security')
  const security = useQuery(securityQuery())
  if (security.isPending) return <Skeleton className="h-40 w-full" />
  if (security.isError) {
    return <p className="text-sm text-destructive">{t('settings.loadFailed')}</p>
  }
  const { twoFactorEnabled, recoveryCodesLeft, passkeys, sessions } = security.data
  return (
    <div className="grid gap-8">
      <section aria-labelledby="passkeys-title" className="grid gap-3">
        <h3 id="passkeys-title" className="font-medium">
          {t('settings.passkeys')}
        </h3>
        <PasskeysSettings passkeys={passkeys} />
      </section>
      <section aria-labelledby="two-factor-title" className="grid gap-3">
        <h3 id="two-factor-title" className="font-medium">
          {t('settings.twoFactor')}
        </h3>
        <TwoFactorSettings enabled={twoFactorEnabled} recoveryCodesLeft={recoveryCodesLeft} />
      </section>
      <section aria-labelledby="devices-title" className="grid gap-1">
        <h3 id="devices-title" className="font-medium">
          {t('settings.devices')}
        </h3>
        <SignedInDevices sessions={sessions} />
      </section>
    </div>
  )
}
