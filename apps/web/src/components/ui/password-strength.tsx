import {
  passwordRuleProblem,
  userInputsOf,
  type PasswordOwner,
  type PasswordScore,
} from '@vouched/shared/password-policy'
import { useEffect, useState } from 'react'
import { cn } from '../../lib/cn'
import { lazyPasswordMeter, loadPasswordMeter } from '../../lib/password-meter'

const LEVELS: Record<PasswordScore, { label: string; bar: string }> = {
  0: { label: 'Too weak', bar: 'bg-destructive' },
  1: { label: 'Weak', bar: 'bg-orange-500' },
  2: { label: 'Fair', bar: 'bg-amber-500' },
  3: { label: 'Good', bar: 'bg-lime-600' },
  4: { label: 'Strong', bar: 'bg-emerald-600' },
}
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
  // Fetched as soon as the form shows, so the first keystroke is measured at once.
  useEffect(() => {
    loadPasswordMeter().catch(() => {})
  }, [])
  const score = usePasswordScore(password, owner)
  if (password === '') return null
  const level = score === undefined ? undefined : LEVELS[score]
  const filled = score === undefined ? 0 : Math.max(score, 1)
  const text = level ? `Password strength: ${level.label}` : 'Checking password strength...'
  return (
    <div
      role="meter"
      aria-label="Password strength"
      aria-valuemin={0}
      aria-valuemax={SEGMENTS}
      aria-valuenow={score ?? 0}
      aria-valuetext={level?.label ?? 'Checking'}
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
