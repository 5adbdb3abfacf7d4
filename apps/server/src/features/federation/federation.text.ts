import { Parser } from 'htmlparser2'

/** Elements whose end starts a new line in the plain text. */
const BLOCKS = new Set(['p', 'div', 'li', 'blockquote', 'pre', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'tr'])
/** Elements whose content is never text a person wrote. */
const SKIPPED = new Set(['script', 'style', 'template', 'noscript', 'iframe', 'object', 'svg', 'math'])

/** Most a remote post keeps: longer ones are cut (a Note is short; an Article's start tells what it is). */
export const REMOTE_TEXT_MAX = 5_000

/**
 * The plain text of a remote server's HTML (a Note's content, an actor's summary), read by a real HTML
 * parser: tags go, entities are decoded, paragraphs and line breaks become new lines. What is kept is only
 * ever shown as text, never as HTML, so nothing a remote server writes can run in a member's browser.
 */
export function htmlToText(html: string | null | undefined, max = REMOTE_TEXT_MAX): string {
  if (!html) return ''
  let text = ''
  let skipping = 0
  const parser = new Parser(
    {
      onopentag(name) {
        if (SKIPPED.has(name)) skipping += 1
        else if (name === 'br') text += '\n'
      },
      ontext(chunk) {
        if (skipping === 0) text += chunk
      },
      onclosetag(name) {
        if (SKIPPED.has(name)) skipping = Math.max(0, skipping - 1)
        else if (BLOCKS.has(name)) text += '\n\n'
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  )
  parser.write(html)
  parser.end()
  const clean = text
    // Control characters other than new lines and tabs have no place in a post.
    // eslint-disable-next-line no-control-regex -- that is the point
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
    .replace(/[ \t]+\n/g, '\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim()
  return clean.length > max ? `${clean.slice(0, max - 1).trimEnd()}…` : clean
}

/** Only http(s) links are shown: a `javascript:` URL from a remote server never reaches a page. */
export function httpUrl(url: string | null): string | null {
  return url && /^https?:\/\//i.test(url) ? url : null
}
