// The CPU-bound tasks of core/cpu-pool.ts, run in worker threads so a request never holds the event loop.
// Plain JavaScript: workers load this file directly, without the TypeScript loader of the main thread
// (which test runs do not have). Keep it to calls into libraries; the logic around them lives in TypeScript.
import { threadId } from 'node:worker_threads'
import { Resvg } from '@resvg/resvg-js'
import { PDFArray, PDFDict, PDFDocument, PDFName, PDFRef, PDFStream } from 'pdf-lib'

/**
 * Draws an SVG as a PNG `width` pixels wide with the given font files only (no system fonts, so
 * every machine draws the same pixels).
 * @param {{ svg: string, width: number, fontFiles: string[], defaultFontFamily: string }} task
 * @returns {{ png: Uint8Array, threadId: number }}
 */
export function rasterize({ svg, width, fontFiles, defaultFontFamily }) {
  const resvg = new Resvg(svg, {
    font: { fontFiles, loadSystemFonts: false, defaultFontFamily },
    fitTo: { mode: 'width', value: width },
    shapeRendering: 2,
    textRendering: 1,
  })
  return { png: resvg.render().asPng(), threadId }
}

/** Entries that describe the document or its making rather than draw it: author, tools, dates, XMP. */
const METADATA_KEYS = ['Metadata', 'PieceInfo', 'LastModified'].map((key) => PDFName.of(key))

/**
 * A PDF without its metadata: the document information dictionary (author, title, creator tool,
 * dates), every XMP stream and application data, and the file identifiers. pdf-lib writes every object
 * it parsed, referenced or not, so objects nothing reaches any more (the old Info, XMP streams,
 * earlier revisions of incremental saves) are dropped before saving. Encrypted or unparseable files
 * throw.
 * @param {{ bytes: Uint8Array }} task
 * @returns {Promise<{ pdf: Uint8Array, threadId: number }>}
 */
export async function stripPdf({ bytes }) {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false })
  const { context } = doc
  // pdf-lib reads nearly anything; a file without a readable catalog and page tree is no document.
  if (!(doc.catalog instanceof PDFDict)) throw new Error('The PDF has no document catalog')
  doc.getPageCount()
  context.trailerInfo.Info = undefined
  context.trailerInfo.ID = undefined

  const reached = new Set()
  const pending = [context.trailerInfo.Root]
  while (pending.length > 0) {
    const value = pending.pop()
    if (value instanceof PDFRef) {
      if (reached.has(value.tag)) continue
      reached.add(value.tag)
      const target = context.lookup(value)
      if (target) pending.push(target)
    } else if (value instanceof PDFStream) {
      pending.push(value.dict)
    } else if (value instanceof PDFDict) {
      for (const key of METADATA_KEYS) value.delete(key)
      for (const [, entry] of value.entries()) pending.push(entry)
    } else if (value instanceof PDFArray) {
      pending.push(...value.asArray())
    }
  }
  for (const [ref] of context.enumerateIndirectObjects()) {
    if (!reached.has(ref.tag)) context.delete(ref)
  }
  const pdf = await doc.save({
    useObjectStreams: false,
    addDefaultPage: false,
    updateFieldAppearances: false,
  })
  return { pdf, threadId }
}
