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

const VERDICTS: Record<Verdict, { label: string; icon: LucideIcon; tone: string; text: string }> = {
  valid: {
    label: 'Valid',
    icon: CircleCheckIcon,
    tone: 'border-success/30 bg-success/8 [&_[data-icon]]:text-success',
    text: 'Signed by this site, unchanged since, and neither revoked nor suspended.',
  },
  invalid: {
    label: 'Invalid',
    icon: CircleXIcon,
    tone: 'border-destructive/30 bg-destructive/5 [&_[data-icon]]:text-destructive',
    text: 'Do not trust what it says.',
  },
  revoked: {
    label: 'Revoked',
    icon: BanIcon,
    tone: 'border-destructive/30 bg-destructive/5 [&_[data-icon]]:text-destructive',
    text: 'Its issuer withdrew it for good: what it says no longer holds.',
  },
  suspended: {
    label: 'Suspended',
    icon: CirclePauseIcon,
    tone: 'border-warning/50 bg-warning/10 [&_[data-icon]]:text-amber-700',
    text: 'Its issuer suspended it: what it says does not hold for now.',
  },
}

const KINDS: Record<TVerification['kind'], { label: string; icon: LucideIcon }> = {
  endorsement: { label: 'Endorsement', icon: HandshakeIcon },
  medal: { label: 'Medal', icon: AwardIcon },
  other: { label: 'Credential', icon: ScrollTextIcon },
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
  const verdict = verdictOf(result)
  const { label, icon: Icon, tone, text } = VERDICTS[verdict]
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
              This badge carries {result.credentials.length} credentials;{' '}
              {verdict === 'valid' ? 'each of them is valid.' : 'each is checked below.'}
            </p>
          ) : null}
        </div>
      </div>
      <ul className="grid gap-3" aria-label={several ? 'Credentials in this badge' : 'Credential'}>
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
  const kind = KINDS[c.kind]
  const verdict = VERDICTS[verdictOf(c)]
  const from = day(c.validFrom)
  const until = day(c.validUntil)
  return (
    <article className="grid gap-3 rounded-xl border bg-card p-4" aria-label={c.name ?? kind.label}>
      <header className="flex flex-wrap items-center gap-2">
        <span className="inline-flex items-center gap-1.5 text-xs font-medium tracking-wide text-muted-foreground uppercase">
          <kind.icon className="size-4 text-primary" aria-hidden />
          {kind.label}
        </span>
        {showVerdict ? (
          <span
            className={cn(
              'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium',
              verdict.tone,
            )}
          >
            <verdict.icon data-icon className="size-3.5" aria-hidden />
            {verdict.label}
          </span>
        ) : null}
      </header>
      {c.name ? <h3 className="font-semibold [overflow-wrap:anywhere]">{c.name}</h3> : null}
      <p className="text-sm leading-relaxed [overflow-wrap:anywhere]">{c.summary}</p>
      {showVerdict && c.reason ? <p className="text-sm text-destructive">{sentence(c.reason)}</p> : null}
      {/* Nothing to list for a document that names no issuer, id or date (not a credential at all). */}
      {c.issuer || c.credentialId || c.validFrom ? (
        <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
          <dt className="text-muted-foreground">Issuer</dt>
          <dd className="min-w-0 [overflow-wrap:anywhere]">
            {c.issuer ? (
              <>
                {c.issuer.name ? <span className="font-medium">{c.issuer.name}</span> : null}
                <span className="block font-mono text-xs text-muted-foreground">{c.issuer.id}</span>
              </>
            ) : (
              'Not named'
            )}
          </dd>
          <dt className="text-muted-foreground">Valid from</dt>
          <dd>{from ?? 'Not stated'}</dd>
          <dt className="text-muted-foreground">Valid until</dt>
          <dd>{until ?? 'No end date'}</dd>
          {c.credentialId ? (
            <>
              <dt className="text-muted-foreground">Credential id</dt>
              <dd className="min-w-0 font-mono text-xs [overflow-wrap:anywhere]">{c.credentialId}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
    </article>
  )
}
