import { useTranslation } from 'react-i18next'
import { Link, useSearchParams } from 'react-router'
import { Logo } from '../../components/layout/logo'
import { Card, CardContent } from '../../components/ui/card'
import type { TCredentialKind } from '../../features/credentials/credentials.api'
import { CredentialVerifier } from '../../features/credentials/components/credential-verifier'
import { useCurrentUser } from '../../lib/session'
import { useDocumentTitle } from '../../lib/use-document-title'

/** `?medal=12` or `?vouch=34` (what the "Verifiable" chips link to), else nothing to load. */
function presetOf(params: URLSearchParams): { kind: TCredentialKind; id: number } | undefined {
  for (const kind of ['medal', 'vouch'] as const) {
    const value = params.get(kind)
    if (value && /^\d{1,10}$/.test(value) && Number(value) > 0) return { kind, id: Number(value) }
  }
  return undefined
}

/**
 * /verify (issue 26), public to visitors and members alike: anyone checks a Vouched credential, pasted
 * or carried by a badge image, against this site's keys and status lists.
 */
export default function VerifyPage() {
  const [params] = useSearchParams()
  const preset = presetOf(params)
  const { user } = useCurrentUser()
  const { t } = useTranslation('app')
  useDocumentTitle(t('verify.title'))

  return (
    <div className="flex flex-1 flex-col items-center px-4 py-8 sm:py-12">
      {user ? null : (
        <header className="mb-8">
          <Link to="/" aria-label={t('shared.homeLabel')}>
            <Logo />
          </Link>
        </header>
      )}
      <Card className="w-full max-w-2xl">
        <CardContent className="grid gap-6 p-4 sm:p-8">
          <div className="grid gap-1.5">
            <h1 className="text-2xl font-bold tracking-tight">{t('verify.title')}</h1>
            <p className="text-sm text-muted-foreground">{t('verify.intro')}</p>
          </div>
          {/* A new preset starts afresh: its own box, its own answer. */}
          <CredentialVerifier key={preset ? `${preset.kind}:${preset.id}` : 'none'} preset={preset} />
        </CardContent>
      </Card>
      <p className="mt-8 text-xs text-muted-foreground">{t('shared.tagline')}</p>
    </div>
  )
}
