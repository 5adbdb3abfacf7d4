import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

/**
 * The badge's typeface, Inter (OFL-1.1), shipped through the `@expo-google-fonts/inter` npm package as TTF
 * files, which resvg needs (it reads neither WOFF2 nor system fonts here, so a PNG looks the same on
 * every machine). The same files give exact advance widths, so the SVG lays its text out without a browser.
 */
export const BADGE_FONT_FAMILY = 'Inter'

export const FONT_WEIGHTS = [400, 500, 600, 700, 800] as const
export type FontWeight = (typeof FONT_WEIGHTS)[number]

const FILE_NAMES: Record<FontWeight, string> = {
  400: '400Regular/Inter_400Regular.ttf',
  500: '500Medium/Inter_500Medium.ttf',
  600: '600SemiBold/Inter_600SemiBold.ttf',
  700: '700Bold/Inter_700Bold.ttf',
  800: '800ExtraBold/Inter_800ExtraBold.ttf',
}

const require = createRequire(import.meta.url)

export const fontFiles: string[] = FONT_WEIGHTS.map((weight) =>
  require.resolve(`@expo-google-fonts/inter/${FILE_NAMES[weight]}`),
)

/**
 * Browsers draw the SVG badge (share preview, public page, a downloaded file) with the same typeface through
 * @font-face: the variable Inter WOFF2 files of `@fontsource-variable/inter`, served by the badge routes.
 * resvg ignores @font-face and keeps using the TTF files above.
 */
export const WEB_FONTS: Record<string, { file: string; unicodeRange: string }> = {
  'inter-latin.woff2': {
    file: require.resolve('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2'),
    unicodeRange:
      'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
  },
  'inter-latin-ext.woff2': {
    file: require.resolve('@fontsource-variable/inter/files/inter-latin-ext-wght-normal.woff2'),
    unicodeRange:
      'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
  },
}

export const WEB_FONTS_PATH = '/api/badge-fonts'

/** The @font-face rules of the SVG, with absolute URLs so a downloaded badge still finds its font. */
export function webFontCss(publicUrl: string): string {
  return Object.entries(WEB_FONTS)
    .map(
      ([name, font]) =>
        `@font-face{font-family:'${BADGE_FONT_FAMILY}';font-style:normal;font-weight:100 900;font-display:block;` +
        `src:url('${publicUrl}${WEB_FONTS_PATH}/${name}') format('woff2');unicode-range:${font.unicodeRange}}`,
    )
    .join('')
}

type Metrics = { unitsPerEm: number; advances: Uint16Array; glyphOf: (codePoint: number) => number }

/** Reads the few tables needed for widths: head (units per em), hhea + hmtx (advances), cmap (glyph ids). */
function readMetrics(file: string): Metrics {
  const data = readFileSync(file)
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength)
  const tables = new Map<string, number>()
  const tableCount = view.getUint16(4)
  for (let i = 0; i < tableCount; i++) {
    const record = 12 + i * 16
    tables.set(data.toString('latin1', record, record + 4), view.getUint32(record + 8))
  }
  const table = (tag: string) => {
    const offset = tables.get(tag)
    if (offset === undefined) throw new Error(`Font ${file} has no ${tag} table`)
    return offset
  }

  const unitsPerEm = view.getUint16(table('head') + 18)
  const metricCount = view.getUint16(table('hhea') + 34)
  const glyphCount = view.getUint16(table('maxp') + 4)
  const hmtx = table('hmtx')
  const advances = new Uint16Array(glyphCount)
  for (let glyph = 0; glyph < glyphCount; glyph++) {
    advances[glyph] = view.getUint16(hmtx + Math.min(glyph, metricCount - 1) * 4)
  }

  const cmap = table('cmap')
  const glyphs = new Map<number, number>()
  const subtableCount = view.getUint16(cmap + 2)
  let format4: number | undefined
  let format12: number | undefined
  for (let i = 0; i < subtableCount; i++) {
    const record = cmap + 4 + i * 8
    const offset = cmap + view.getUint32(record + 4)
    const format = view.getUint16(offset)
    if (format === 12) format12 = offset
    if (format === 4) format4 = offset
  }
  if (format12 !== undefined) {
    const groups = view.getUint32(format12 + 12)
    for (let g = 0; g < groups; g++) {
      const group = format12 + 16 + g * 12
      const start = view.getUint32(group)
      const end = view.getUint32(group + 4)
      const firstGlyph = view.getUint32(group + 8)
      for (let code = start; code <= end && code - start < 0x10000; code++)
        glyphs.set(code, firstGlyph + code - start)
    }
  } else if (format4 !== undefined) {
    const segments = view.getUint16(format4 + 6) / 2
    const ends = format4 + 14
    const starts = ends + segments * 2 + 2
    const deltas = starts + segments * 2
    const rangeOffsets = deltas + segments * 2
    for (let s = 0; s < segments; s++) {
      const start = view.getUint16(starts + s * 2)
      const end = view.getUint16(ends + s * 2)
      const delta = view.getInt16(deltas + s * 2)
      const rangeOffset = view.getUint16(rangeOffsets + s * 2)
      for (let code = start; code <= end && code !== 0xffff; code++) {
        let glyph: number
        if (rangeOffset === 0) glyph = (code + delta) & 0xffff
        else {
          const at = rangeOffsets + s * 2 + rangeOffset + (code - start) * 2
          glyph = view.getUint16(at)
          if (glyph !== 0) glyph = (glyph + delta) & 0xffff
        }
        if (glyph !== 0) glyphs.set(code, glyph)
      }
    }
  } else {
    throw new Error(`Font ${file} has no Unicode cmap`)
  }
  return { unitsPerEm, advances, glyphOf: (codePoint) => glyphs.get(codePoint) ?? 0 }
}

const metrics = new Map<FontWeight, Metrics>(
  FONT_WEIGHTS.map((weight, i) => [weight, readMetrics(fontFiles[i]!)] as const),
)

/** Whether the shipped font draws every character (else resvg would leave gaps in the PNG). */
export function fontCovers(text: string): boolean {
  const regular = metrics.get(400)!
  for (const char of text) {
    const code = char.codePointAt(0)!
    if (code < 0x20) continue
    if (regular.glyphOf(code) === 0) return false
  }
  return true
}

/** Width in pixels of `text` set in Inter at `size`, with `letterSpacing` px after each character. */
export function textWidth(text: string, size: number, weight: FontWeight, letterSpacing = 0): number {
  const font = metrics.get(weight)!
  let units = 0
  let count = 0
  for (const char of text) {
    const glyph = font.glyphOf(char.codePointAt(0)!)
    // A missing glyph is drawn by a fallback font in browsers; count it as a wide letter.
    units += glyph === 0 ? font.unitsPerEm * 0.62 : font.advances[glyph]!
    count++
  }
  return (units / font.unitsPerEm) * size + letterSpacing * count
}

/** Cuts `text` with an ellipsis so it fits in `maxWidth`. */
export function fitText(
  text: string,
  maxWidth: number,
  size: number,
  weight: FontWeight,
  letterSpacing = 0,
): string {
  if (textWidth(text, size, weight, letterSpacing) <= maxWidth) return text
  const chars = Array.from(text)
  let low = 0
  let high = chars.length
  while (low < high) {
    const mid = Math.ceil((low + high) / 2)
    const candidate = `${chars.slice(0, mid).join('').trimEnd()}…`
    if (textWidth(candidate, size, weight, letterSpacing) <= maxWidth) low = mid
    else high = mid - 1
  }
  return `${chars.slice(0, low).join('').trimEnd()}…`
}
