import { useTranslation } from 'react-i18next'
import type { TVerification, TVerifyResult } from '@vouched/shared/credentials'
import {
  AwardIcon,
  BanIcon,
  CircleCheckIcon,
  CirclePauseIcon,
  CircleXIcon,
  HandshakeIcon,
  type LucideIcon,
  ScrollTextIcon,
} from 'lucide-react'
import { cn } from '../../../lib/cn'
import { formatDay } from '../../../lib/time'

type Verdict = 'valid' | 'invalid' | 'revoked' | 'suspended'

/** One word for a verdict: the flags say it, `status` tells revoked from suspended. */
export function verdictOf(verification: Pick<TVerification, 'valid' | 'revoked' | 'status'>): Verdict {
  if (verification.valid) return 'valid'
  if (verification.revoked) return verification.status === 'suspended' ? 'suspended' : 'revoked'
  return 'invalid'
}

// Each verdict's word and sentence are `result.verdicts.<verdict>` in the credentials namespace.
const VERDICTS: Record<Verdict, { icon: LucideIcon; tone: string }> = {
  valid: { icon: CircleCheckIcon, tone: 'border-success/30 bg-success/8 [&_[data-icon]]:text-success' },
  invalid: {
    icon: CircleXIcon,
    tone: 'border-destructive/30 bg-destructive/5 [&_[data-icon]]:text-destructive',
  },
  revoked: { icon: BanIcon, tone: 'border-destructive/30 bg-destructive/5 [&_[data-icon]]:text-destructive' },
  suspended: {
    icon: CirclePauseIcon,
    tone: 'border-warning/50 bg-warning/10 [&_[data-icon]]:text-amber-700',
  },
}

// Each kind's word is `result.kinds.<kind>`.
const KINDS: Record<TVerification['kind'], LucideIcon> = {
  endorsement: HandshakeIcon,
  medal: AwardIcon,
  other: ScrollTextIcon,
}

/** The server's reasons are sentences without their full stop. */
const sentence = (text: string) => (/[.!?]$/.test(text) ? text : `${text}.`)

const day = (value: string | null) => {
  if (!value) return null
  const date = new Date(value)
  return Number.isNaN(date.getTime()) ? value : formatDay(date)
}

/** The verifier's answer: the verdict in a word and why, then what each credential says. */
export function VerificationResult({ result }: { result: TVerifyResult }) {
  const { t } = useTranslation('credentials')
  const verdict = verdictOf(result)
  const { icon: Icon, tone } = VERDICTS[verdict]
  const label = t(`result.verdicts.${verdict}.label`)
  const text = t(`result.verdicts.${verdict}.text`)
  const several = result.credentials.length > 1
  return (
    <section aria-labelledby="verdict" className="grid gap-4">
      <div className={cn('flex items-start gap-3 rounded-xl border p-4', tone)}>
        <Icon data-icon className="mt-0.5 size-7 shrink-0" aria-hidden />
        <div className="grid min-w-0 gap-1">
          <h2 id="verdict" className="text-xl font-semibold tracking-tight">
            {label}
          </h2>
          <p className="text-sm">{result.reason ? sentence(result.reason) : text}</p>
          {several ? (
            <p className="text-sm text-muted-foreground">
              {t(verdict === 'valid' ? 'result.severalValid' : 'result.severalChecked', {
                count: result.credentials.length,
              })}
            </p>
          ) : null}
        </div>
      </div>
      <ul className="grid gap-3" aria-label={several ? t('result.listSeveral') : t('result.listOne')}>
        {result.credentials.map((credential, index) => (
          <li key={credential.credentialId ?? index}>
            <CredentialDetails credential={credential} showVerdict={several} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function CredentialDetails({
  credential: c,
  showVerdict,
}: {
  credential: TVerification
  showVerdict: boolean
}) {
  const { t } = useTranslation('credentials')
  const KindIcon = KINDS[c.kind]
  const kindLabel = t(`result.kinds.${c.kind}`)
  const verdictName = verdictOf(c)
  const verdict = VERDICTS[verdictName]
  const from = day(c.validFrom)
  const until = day(c.validUntil)
  return (
    <article className="grid gap-3 rounded-xl border bg-card p-4" aria-label={c.name ?? kindLabel}>
      <header className="flex flex-wrap items-center gap-2">
        <span className="inline-flex items-center gap-1.5 text-xs font-medium tracking-wide text-muted-foreground uppercase">
          <KindIcon className="size-4 text-primary" aria-hidden />
          {kindLabel}
        </span>
        {showVerdict ? (
          <span
            className={cn(
              'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium',
              verdict.tone,
            )}
          >
            <verdict.icon data-icon className="size-3.5" aria-hidden />
            {t(`result.verdicts.${verdictName}.label`)}
          </span>
        ) : null}
      </header>
      {c.name ? <h3 className="font-semibold [overflow-wrap:anywhere]">{c.name}</h3> : null}
      <p className="text-sm leading-relaxed [overflow-wrap:anywhere]">{c.summary}</p>
      {showVerdict && c.reason ? <p className="text-sm text-destructive">{sentence(c.reason)}</p> : null}
      {/* Nothing to list for a document that names no issuer, id or date (not a credential at all). */}
      {c.issuer || c.credentialId || c.validFrom ? (
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-muted-foreground">{t('result.issuer')}</dt>
          <dd className="min-w-0 [overflow-wrap:anywhere]">
            {c.issuer ? (
              <>
                {c.issuer.name ? <span className="font-medium">{c.issuer.name}</span> : null}
                <span className="block font-mono text-xs text-muted-foreground">{c.issuer.id}</span>
              </>
            ) : (
              t('result.notNamed')
            )}
          </dd>
          <dt className="text-muted-foreground">{t('result.validFrom')}</dt>
          <dd>{from ?? t('result.notStated')}</dd>
          <dt className="text-muted-foreground">{t('result.validUntil')}</dt>
          <dd>{until ?? t('result.noEnd')}</dd>
          {c.credentialId ? (
            <>
              <dt className="text-muted-foreground">{t('result.credentialId')}</dt>
              <dd className="min-w-0 font-mono text-xs [overflow-wrap:anywhere]">{c.credentialId}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
    </article>
  )
}
