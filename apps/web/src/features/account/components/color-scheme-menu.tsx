import { COLOR_SCHEMES, COLOR_SCHEME_LABELS, type TColorScheme } from '@vouched/shared/appearance'
import { MonitorIcon, MoonIcon, SunIcon, type LucideIcon } from 'lucide-react'
import { useTranslation } from 'react-i18next'
import {
  DropdownMenuLabel,
  DropdownMenuRadioGroup,
  DropdownMenuRadioItem,
} from '../../../components/ui/dropdown-menu'
import { useColorSchemeChoice } from '../hooks/use-color-scheme-choice'
import { useSharedText } from '../../../lib/i18n/shared-text'

export const COLOR_SCHEME_ICONS: Record<TColorScheme, LucideIcon> = {
  system: MonitorIcon,
  light: SunIcon,
  dark: MoonIcon,
}

/** System / Light / Dark in the top bar's user menu; choosing one keeps the menu open to compare. */
export function ColorSchemeMenu() {
  const sharedText = useSharedText()
  const { t } = useTranslation('account')
  const { scheme, choose } = useColorSchemeChoice()
  return (
    <>
      <DropdownMenuLabel id="color-scheme-menu-label" className="text-xs font-medium text-muted-foreground">
        {t('colorScheme.theme')}
      </DropdownMenuLabel>
      <DropdownMenuRadioGroup
        aria-labelledby="color-scheme-menu-label"
        value={scheme}
        onValueChange={(value) => choose(value as TColorScheme)}
      >
        {COLOR_SCHEMES.map((option) => {
          const Icon = COLOR_SCHEME_ICONS[option]
          return (
            <DropdownMenuRadioItem key={option} value={option} onSelect={(event) => event.preventDefault()}>
              <Icon aria-hidden />
              {sharedText(COLOR_SCHEME_LABELS[option])}
            </DropdownMenuRadioItem>
          )
        })}
      </DropdownMenuRadioGroup>
    </>
  )
}
