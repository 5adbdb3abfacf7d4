import { AwardIcon, BadgeCheckIcon, QrCodeIcon, UsersIcon, type LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { LanguageSelect } from '../../../components/layout/language-select'
import { Logo, LogoMark } from '../../../components/layout/logo'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card'

/** The four benefits; `key` names their texts under layout.benefits. */
const BENEFITS: { icon: LucideIcon; key: 'credibility' | 'network' | 'medals' | 'share' }[] = [
  { icon: BadgeCheckIcon, key: 'credibility' },
  { icon: UsersIcon, key: 'network' },
  { icon: AwardIcon, key: 'medals' },
  { icon: QrCodeIcon, key: 'share' },
]

/** The public pages' frame: the four-benefit marketing panel on md+ screens, the form on the right. */
export function AuthLayout({ children }: { children: ReactNode }) {
  const { t } = useTranslation('auth')
  return (
    <div className="grid min-h-dvh flex-1 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)] lg:grid-cols-[minmax(0,1.1fr)_minmax(0,1fr)]">
      <MarketingPanel />
      <div className="flex flex-col items-center justify-center px-4 py-10 sm:px-8">
        <Link to="/auth" className="mb-8 md:hidden" aria-label={t('layout.home')}>
          <Logo />
        </Link>
        <div className="w-full max-w-md">{children}</div>
        <LanguageSelect className="mt-8" />
        <p className="mt-8 text-center text-xs text-muted-foreground md:hidden">{t('layout.tagline')}</p>
      </div>
    </div>
  )
}

/**
 * The form's frame with the page's h1: a card on roomy screens, flat on phones and beside the
 * marketing panel at md where a card would feel cramped.
 */
export function AuthPanel({
  title,
  description,
  children,
}: {
  title: string
  description: ReactNode
  children: ReactNode
}) {
  const flatBelowLg = 'px-0 sm:px-6 md:px-0 lg:px-6'
  return (
    <Card className="border-0 bg-transparent shadow-none sm:border sm:bg-card sm:shadow-sm md:border-0 md:bg-transparent md:shadow-none lg:border lg:bg-card lg:shadow-sm">
      <CardHeader className={flatBelowLg}>
        <CardTitle as="h1" className="text-2xl">
          {title}
        </CardTitle>
        <CardDescription>{description}</CardDescription>
      </CardHeader>
      <CardContent className={flatBelowLg}>{children}</CardContent>
    </Card>
  )
}

function MarketingPanel() {
  const { t } = useTranslation('auth')
  return (
    <aside
      aria-label={t('layout.whyVouched')}
      className="relative hidden overflow-hidden bg-(image:--brand-gradient) text-primary-foreground md:flex md:flex-col md:justify-between md:p-10 lg:p-14"
    >
      <div aria-hidden className="pointer-events-none absolute inset-0">
        <div className="absolute -top-24 -right-24 size-96 rounded-full bg-white/10 blur-3xl" />
        <div className="absolute -bottom-32 -left-16 size-[28rem] rounded-full bg-black/10 blur-3xl" />
        <svg className="absolute inset-0 size-full opacity-[0.07]" xmlns="http://www.w3.org/2000/svg">
          <defs>
            <pattern id="auth-grid" width="32" height="32" patternUnits="userSpaceOnUse">
              <path d="M32 0H0v32" fill="none" stroke="white" strokeWidth="1" />
            </pattern>
          </defs>
          <rect width="100%" height="100%" fill="url(#auth-grid)" />
        </svg>
      </div>

      <div className="relative flex items-center gap-2">
        <LogoMark className="bg-white/15 bg-none ring-1 ring-white/25" />
        <span className="text-lg font-bold tracking-tight">Vouched</span>
      </div>

      <div className="relative my-10 max-w-lg">
        <h2 className="text-3xl leading-tight font-bold tracking-tight text-balance lg:text-4xl">
          {t('layout.tagline')}
        </h2>
        <p className="mt-4 text-base text-white/80 lg:text-lg">{t('layout.intro')}</p>
        <ul className="mt-10 grid gap-6">
          {BENEFITS.map((benefit) => (
            <li key={benefit.key} className="flex gap-4">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-white/12 ring-1 ring-white/20">
                <benefit.icon className="size-5" aria-hidden />
              </span>
              <div>
                <h3 className="font-semibold">{t(`layout.benefits.${benefit.key}.title`)}</h3>
                <p className="mt-1 text-sm text-white/75">{t(`layout.benefits.${benefit.key}.text`)}</p>
              </div>
            </li>
          ))}
        </ul>
      </div>

      <p className="relative text-sm text-white/60">{t('layout.verifiedImpact')}</p>
    </aside>
  )
}
