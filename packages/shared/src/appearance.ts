import { z } from 'zod'

/** Colour schemes a member can pick: `system` follows the device's `prefers-color-scheme`. */
export const COLOR_SCHEMES = ['system', 'light', 'dark'] as const

export const ZColorScheme = z.enum(COLOR_SCHEMES, {
  error: `colorScheme must be one of ${COLOR_SCHEMES.join(', ')}`,
})

export type TColorScheme = z.infer<typeof ZColorScheme>

/** The device's own choice, in localStorage under this key (read by index.html's first script too). */
export const COLOR_SCHEME_STORAGE_KEY = 'vouched.colorScheme'

export const COLOR_SCHEME_LABELS: Record<TColorScheme, string> = {
  system: 'System',
  light: 'Light',
  dark: 'Dark',
}
