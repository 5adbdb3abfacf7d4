/*
 * Where a visitor goes back to after signing in: /auth?next=/profile/bob. Only a path of this site is
 * accepted, so a link like /auth?next=https://evil.example (or //evil.example, /\evil.example) cannot
 * turn the sign-in page into an open redirect.
 */

const BASE = 'https://vouched.invalid'

/** Pages a signed-in member is sent away from: returning there would only bounce to /. */
const VISITOR_PAGES = ['/auth', '/forgot-password', '/reset-password']

/** The same-site path in `next` (path, query and hash), or null when it is missing or points elsewhere. */
export function safeNextPath(next: string | null | undefined): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null
  // Browsers drop tabs and line breaks from URLs and read a backslash as a slash, so '/\t/evil.example'
  // would leave the site; control characters and backslashes are never part of our own paths.
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(next)) return null
  let url: URL
  try {
    url = new URL(next, BASE)
  } catch {
    return null
  }
  if (url.origin !== BASE) return null
  if (VISITOR_PAGES.some((page) => url.pathname === page || url.pathname.startsWith(`${page}/`))) return null
  return `${url.pathname}${url.search}${url.hash}`
}

/** The sign-in page that brings the visitor back to `path` afterwards (home needs no `next`). */
export function signInPath(path: string): string {
  const next = safeNextPath(path)
  return next && next !== '/' ? `/auth?next=${encodeURIComponent(next)}` : '/auth'
}
