import {
  passwordRuleProblem,
  userInputsOf,
  type PasswordOwner,
  type PasswordScore,
} from '@vouched/shared/password-policy'
import { useEffect, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { cn } from '../../lib/cn'
import { lazyPasswordMeter, loadPasswordMeter } from '../../lib/password-meter'

const LEVELS = {
  0: { label: 'tooWeak', bar: 'bg-destructive' },
  1: { label: 'weak', bar: 'bg-orange-500' },
  2: { label: 'fair', bar: 'bg-amber-500' },
  3: { label: 'good', bar: 'bg-lime-600' },
  4: { label: 'strong', bar: 'bg-emerald-600' },
} as const satisfies Record<PasswordScore, { label: string; bar: string }>
const SEGMENTS = 4

/**
 * zxcvbn's score of the password, 0 when a rule refuses it (common, the member's own name, blank);
 * undefined while the dictionary loads or for a password not measured yet.
 */
function usePasswordScore(password: string, owner: PasswordOwner): PasswordScore | undefined {
  const [measured, setMeasured] = useState<{ password: string; score: PasswordScore }>()
  const refused = password !== '' && passwordRuleProblem(password, owner) !== null
  const { username, email } = owner
  useEffect(() => {
    if (password === '' || refused) return
    let current = true
    void lazyPasswordMeter(password, userInputsOf({ username, email })).then((strength) => {
      if (current) setMeasured({ password, score: strength.common ? 0 : strength.score })
    })
    return () => {
      current = false
    }
  }, [password, refused, username, email])
  if (refused) return 0
  return measured?.password === password ? measured.score : undefined
}

/** A bar of four segments and a word under a new-password field; nothing while the field is empty. */
export function PasswordStrength({ password, owner = {} }: { password: string; owner?: PasswordOwner }) {
  const { t } = useTranslation('common')
  // Fetched as soon as the form shows, so the first keystroke is measured at once.
  useEffect(() => {
    loadPasswordMeter().catch(() => {})
  }, [])
  const score = usePasswordScore(password, owner)
  if (password === '') return null
  const level = score === undefined ? undefined : LEVELS[score]
  const filled = score === undefined ? 0 : Math.max(score, 1)
  const levelText = level ? t(`password.levels.${level.label}`) : undefined
  const text = levelText ? t('password.strengthIs', { level: levelText }) : t('password.checkingStrength')
  return (
    <div
      role="meter"
      aria-label={t('password.strength')}
      aria-valuemin={0}
      aria-valuemax={SEGMENTS}
      aria-valuenow={score ?? 0}
      aria-valuetext={levelText ?? t('password.checking')}
      className="grid gap-1"
    >
      <div className="grid grid-cols-4 gap-1" aria-hidden>
        {Array.from({ length: SEGMENTS }, (_, index) => (
          <span key={index} className={cn('h-1.5 rounded-full bg-muted', index < filled && level?.bar)} />
        ))}
      </div>
      <p className="text-xs text-muted-foreground" aria-live="polite">
        {text}
      </p>
    </div>
  )
}
