import { crc32 } from 'node:zlib'
import { PDFDocument, PDFName } from 'pdf-lib'
import sharp from 'sharp'

/**
 * Real files carrying what a phone, a camera or an office suite leaves in them: the author's name,
 * email and GPS position. Every marker below appears in the bytes of the file as made.
 */
export const MARKERS = {
  artist: 'Jane Doe Photographer',
  email: 'jane.doe@example.org',
  comment: 'Taken at home, 12 Secret Lane',
  software: 'SecretCam Pro 9.1',
} as const

const base = (width = 64, height = 48) =>
  sharp({ create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } } })

const exif = {
  IFD0: {
    Artist: MARKERS.artist,
    Copyright: MARKERS.email,
    Software: MARKERS.software,
    ImageDescription: MARKERS.comment,
  },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '48/1 51/1 2412/100',
    GPSLongitudeRef: 'E',
    GPSLongitude: '2/1 17/1 4013/100',
  },
}

/** A JPEG with EXIF: artist, copyright email, software, description and a GPS position. */
export const jpegWithExif = () => base().jpeg().withExif(exif).toBuffer()

/** One PNG chunk: length, type, data and the CRC of type and data. */
function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4)
  length.writeUInt32BE(data.length)
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data])
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(body))
  return Buffer.concat([length, body, crc])
}

/** A PNG with EXIF (eXIf) and tEXt chunks (Author, Comment) right after its header chunk. */
export async function pngWithText() {
  const png = await base().png().withExif(exif).toBuffer()
  const afterHeader = 8 + 4 + 4 + 13 + 4
  const text = (key: string, value: string) => pngChunk('tEXt', Buffer.from(`${key}\0${value}`, 'latin1'))
  return Buffer.concat([
    png.subarray(0, afterHeader),
    text('Author', `${MARKERS.artist} <${MARKERS.email}>`),
    text('Comment', MARKERS.comment),
    png.subarray(afterHeader),
  ])
}

/** An animated GIF of two frames with a comment extension after its colour table. */
export async function animatedGifWithComment() {
  const frame = (r: number) =>
    sharp({ create: { width: 32, height: 24, channels: 3, background: { r, g: 60, b: 90 } } })
      .png()
      .toBuffer()
  const gif = await sharp([await frame(200), await frame(20)], { join: { animated: true } })
    .gif({ delay: [100, 100], loop: 0 })
    .toBuffer()
  // Header (6) and logical screen descriptor (7), then the global colour table when its flag is set.
  const packed = gif[10]!
  const table = packed & 0x80 ? 3 * 2 ** ((packed & 0x07) + 1) : 0
  const at = 13 + table
  const text = Buffer.from(`${MARKERS.comment} ${MARKERS.email}`, 'latin1')
  const comment = Buffer.concat([Buffer.from([0x21, 0xfe, text.length]), text, Buffer.from([0])])
  return Buffer.concat([gif.subarray(0, at), comment, gif.subarray(at)])
}

/** A one-page PDF with an Info dictionary (author, creator tool, title) and an XMP metadata stream. */
export async function pdfWithMetadata() {
  const doc = await PDFDocument.create()
  doc.setAuthor(`${MARKERS.artist} <${MARKERS.email}>`)
  doc.setCreator(MARKERS.software)
  doc.setTitle(MARKERS.comment)
  doc.addPage([200, 200]).drawText('Reference letter', { x: 20, y: 100, size: 12 })
  const xmp = doc.context.stream(
    `<x:xmpmeta xmlns:x="adobe:ns:meta/"><dc:creator>${MARKERS.artist}</dc:creator>` +
      `<xmp:CreatorTool>${MARKERS.software}</xmp:CreatorTool></x:xmpmeta>`,
    { Type: 'Metadata', Subtype: 'XML' },
  )
  doc.catalog.set(PDFName.of('Metadata'), doc.context.register(xmp))
  // Without object streams, so every marker is plain text in the file as made.
  return Buffer.from(await doc.save({ useObjectStreams: false }))
}

/** Which of the markers the bytes contain. */
export const markersIn = (bytes: Buffer) =>
  Object.values(MARKERS).filter((marker) => bytes.includes(Buffer.from(marker, 'latin1')))
