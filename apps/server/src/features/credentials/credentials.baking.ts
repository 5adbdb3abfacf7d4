import { crc32 } from 'node:zlib'
import { SaxesParser } from 'saxes'

/**
 * Baking credentials into badge images as Open Badges 3.0 describes (docs/decisions/138): a PNG carries
 * each in an `iTXt` chunk with the keyword `openbadgecredential`, an SVG in an
 * `<openbadges:credential>` element. The PNG framing is the format's own (length, type, data, CRC-32
 * from node:zlib); no PNG library in the npm registry writes iTXt chunks and is kept up.
 */

export const PNG_KEYWORD = 'openbadgecredential'
export const SVG_NAMESPACE = 'https://purl.imsglobal.org/ob/v3p0'

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

export const isPng = (bytes: Buffer) => bytes.length >= 8 && bytes.subarray(0, 8).equals(PNG_SIGNATURE)

export class BadImageError extends Error {}

type Chunk = { type: string; data: Buffer; start: number; end: number }

function* chunks(png: Buffer): Generator<Chunk> {
  let offset = 8
  while (offset + 12 <= png.length) {
    const length = png.readUInt32BE(offset)
    const end = offset + 12 + length
    if (end > png.length) throw new BadImageError('The PNG is cut short')
    const type = png.toString('latin1', offset + 4, offset + 8)
    yield { type, data: png.subarray(offset + 8, offset + 8 + length), start: offset, end }
    if (type === 'IEND') return
    offset = end
  }
  throw new BadImageError('The PNG has no end')
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(data, crc32(head.subarray(4, 8))) >>> 0, 0)
  return Buffer.concat([head, data, crc])
}

/** An uncompressed iTXt chunk: keyword, NUL, compression flag 0, method 0, empty language and translation. */
const itxt = (keyword: string, value: string) =>
  chunk('iTXt', Buffer.concat([Buffer.from(`${keyword}\0\0\0\0\0`, 'latin1'), Buffer.from(value, 'utf8')]))

/** The PNG with one credential chunk per credential, before IEND (existing credential chunks are dropped). */
export function bakePng(png: Buffer, credentials: readonly object[]): Buffer {
  const parts: Buffer[] = [png.subarray(0, 8)]
  for (const c of chunks(png)) {
    if (c.type === 'IEND')
      parts.push(...credentials.map((credential) => itxt(PNG_KEYWORD, JSON.stringify(credential))))
    if (!(c.type === 'iTXt' && readItxt(c.data)?.keyword === PNG_KEYWORD))
      parts.push(png.subarray(c.start, c.end))
  }
  return Buffer.concat(parts)
}

function readItxt(data: Buffer): { keyword: string; text: string } | null {
  const nul = data.indexOf(0)
  if (nul < 1) return null
  const keyword = data.toString('latin1', 0, nul)
  const compressed = data[nul + 1]
  const languageEnd = data.indexOf(0, nul + 3)
  const translatedEnd = languageEnd < 0 ? -1 : data.indexOf(0, languageEnd + 1)
  // A compressed credential is not written by anyone we know: refused rather than inflated unbounded.
  if (compressed !== 0 || translatedEnd < 0) return null
  return { keyword, text: data.toString('utf8', translatedEnd + 1) }
}

/** The credential texts a PNG carries; throws BadImageError on a PNG that does not parse. */
export function unbakePng(png: Buffer): string[] {
  if (!isPng(png)) throw new BadImageError('This is not a PNG')
  const found: string[] = []
  for (const c of chunks(png)) {
    if (c.type !== 'iTXt') continue
    const entry = readItxt(c.data)
    if (entry?.keyword === PNG_KEYWORD) found.push(entry.text)
  }
  return found
}

/** JSON that cannot end a CDATA section or open markup: `<`, `>` and `&` as JSON escapes (the same value). */
const cdataSafeJson = (value: object) =>
  JSON.stringify(value).replace(/[<>&]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)

/** The SVG with the namespace declared on its root and one element per credential first inside it. */
export function bakeSvg(svg: string, credentials: readonly object[]): string {
  const open = /<svg\b[^>]*>/.exec(svg)
  if (!open) throw new BadImageError('This is not an SVG')
  const root = open[0].includes('xmlns:openbadges=')
    ? open[0]
    : open[0].replace(/^<svg\b/, `<svg xmlns:openbadges="${SVG_NAMESPACE}"`)
  const elements = credentials
    .map(
      (credential) =>
        `<openbadges:credential><![CDATA[${cdataSafeJson(credential)}]]></openbadges:credential>`,
    )
    .join('')
  const at = open.index + open[0].length
  return svg.slice(0, open.index) + root + elements + svg.slice(at)
}

/**
 * The credential texts an SVG carries, read with an XML parser (never a regular expression over
 * markup): the text of every `credential` element in the Open Badges 3.0 namespace.
 */
export function unbakeSvg(svg: string): string[] {
  // saxes keeps one handler per event.
  const parser = new SaxesParser({ xmlns: true })
  const found: string[] = []
  let depth = 0
  let current = ''
  let rootSeen = false
  parser.on('opentag', (tag) => {
    if (!rootSeen && tag.local !== 'svg') throw new BadImageError('This is not an SVG')
    rootSeen = true
    if (depth > 0) depth += 1
    else if (tag.local === 'credential' && tag.uri === SVG_NAMESPACE) {
      depth = 1
      current = ''
    }
  })
  const collect = (value: string) => {
    if (depth > 0) current += value
  }
  parser.on('text', collect)
  parser.on('cdata', collect)
  parser.on('closetag', () => {
    if (depth === 0) return
    depth -= 1
    if (depth === 0) found.push(current.trim())
  })
  try {
    parser.write(svg).close()
  } catch (error) {
    if (error instanceof BadImageError) throw error
    throw new BadImageError('The SVG is not well-formed XML')
  }
  if (!rootSeen) throw new BadImageError('This is not an SVG')
  return found
}
