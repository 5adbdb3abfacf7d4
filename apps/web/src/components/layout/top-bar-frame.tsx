import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Logo } from './logo'

/**
 * The top bar's sticky frame, shared by the bar and its placeholder so both take exactly the same
 * height: nothing below moves when the bar's own chunk arrives.
 */
export function TopBarFrame({ children }: { children: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b bg-card/85 backdrop-blur-md supports-[backdrop-filter]:bg-card/75">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4 sm:px-6 lg:gap-5 lg:px-8">
        {children}
      </div>
    </header>
  )
}

export function HomeLogoLink() {
  const { t } = useTranslation('common')
  return (
    <Link to="/" className="shrink-0 rounded-md" aria-label={t('topBar.home')}>
      <Logo />
    </Link>
  )
}

/**
 * Drawn while the signed-in bar's chunk (menus, dropdowns, live counts) loads: the frame and the logo
 * where the bar puts them, the mobile menu button's place kept free.
 */
export function TopBarPlaceholder() {
  return (
    <TopBarFrame>
      <span aria-hidden className="-ml-2 size-9 shrink-0 lg:hidden" />
      <HomeLogoLink />
    </TopBarFrame>
  )
}
