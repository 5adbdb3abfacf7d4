import type { Control } from 'react-hook-form'
import { useTranslation } from 'react-i18next'
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '../ui/form'
import { Input } from '../ui/input'

/** A form that takes a code from an authenticator app, or one of the member's recovery codes instead. */
export type SecondFactorValues = { code: string; recoveryCode: string }
export type SecondFactorMode = keyof SecondFactorValues

/** The one field in use: the app's 6-digit code, or a recovery code (each keeps its own value and error). */
export function SecondFactorField({
  mode,
  control,
  codeLabel,
  autoFocus = false,
}: {
  mode: SecondFactorMode
  control: Control<SecondFactorValues>
  codeLabel: string
  autoFocus?: boolean
}) {
  const { t } = useTranslation('common')
  return mode === 'code' ? (
    <FormField
      key="code"
      control={control}
      name="code"
      render={({ field }) => (
        <FormItem>
          <FormLabel>{codeLabel}</FormLabel>
          <FormControl>
            <Input
              inputMode="numeric"
              autoComplete="one-time-code"
              placeholder="123456"
              maxLength={9}
              autoFocus={autoFocus}
              {...field}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  ) : (
    <FormField
      key="recoveryCode"
      control={control}
      name="recoveryCode"
      render={({ field }) => (
        <FormItem>
          <FormLabel>{t('secondFactor.recoveryCode')}</FormLabel>
          <FormControl>
            <Input
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              placeholder="abcde-fghjk"
              autoFocus={autoFocus}
              {...field}
            />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  )
}
