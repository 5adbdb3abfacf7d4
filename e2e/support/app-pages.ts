import type { BrowserContext, Page, Request } from 'playwright-core'
import { signIn, type World } from './a11y-world'
import { baseUrl } from './fixtures'

/*
 * Every page of the app with the states that show more of its texts, for the sweeps that read each
 * page's text (german.e2e.ts, pseudo-locale.e2e.ts), and how they wait for a page and read it.
 */

export type Audience = 'visitor' | 'member' | 'admin'
export type PageToCheck = { name: string; audience: Audience; path: (world: World) => string }

/** Every route of apps/web/src/app/router.tsx, with the states that show more of its texts. */
export const PAGES: PageToCheck[] = [
  { name: 'visitor /auth', audience: 'visitor', path: () => '/auth' },
  { name: 'visitor /forgot-password', audience: 'visitor', path: () => '/forgot-password' },
  {
    name: 'visitor /reset-password',
    audience: 'visitor',
    path: () => '/reset-password?token=abc&email=a%40example.com',
  },
  { name: 'visitor /badge/:username', audience: 'visitor', path: (w) => `/badge/${w.me.username}` },
  { name: 'visitor /badge (unknown member)', audience: 'visitor', path: () => '/badge/nobody-here-x' },
  { name: 'visitor /verify', audience: 'visitor', path: () => '/verify' },
  { name: 'visitor 404', audience: 'visitor', path: () => '/no-such-page' },
  { name: 'member /', audience: 'member', path: () => '/' },
  { name: 'member /profile (own)', audience: 'member', path: (w) => `/profile/${w.me.username}` },
  { name: 'member /profile (other)', audience: 'member', path: (w) => `/profile/${w.other.username}` },
  { name: 'member /profile (unknown)', audience: 'member', path: () => '/profile/nobody-here-x' },
  { name: 'member /discover', audience: 'member', path: () => '/discover' },
  {
    name: 'member /discover (search)',
    audience: 'member',
    path: (w) => `/discover?q=${encodeURIComponent(w.other.fullName)}&sort=reputation`,
  },
  { name: 'member /connections', audience: 'member', path: () => '/connections' },
  { name: 'member /share-badge', audience: 'member', path: (w) => `/share-badge/${w.me.username}` },
  { name: 'member /messages', audience: 'member', path: () => '/messages' },
  { name: 'member /messages/:id', audience: 'member', path: (w) => `/messages/${w.conversationId}` },
  { name: 'member /settings', audience: 'member', path: () => '/settings' },
  { name: 'member /notifications', audience: 'member', path: () => '/notifications' },
  { name: 'member /vouches/:id', audience: 'member', path: (w) => `/vouches/${w.vouchId}` },
  { name: 'member /vouches (unavailable)', audience: 'member', path: () => '/vouches/999999' },
  { name: 'member /endorsement-requests', audience: 'member', path: () => '/endorsement-requests' },
  {
    name: 'member /endorsement-requests (sent)',
    audience: 'member',
    path: () => '/endorsement-requests?box=sent',
  },
  { name: 'member /badge/:username', audience: 'member', path: (w) => `/badge/${w.me.username}` },
  { name: 'member /verify (an endorsement)', audience: 'member', path: (w) => `/verify?vouch=${w.vouchId}` },
  { name: 'member 404', audience: 'member', path: () => '/no-such-page' },
  ...['users', 'reports', 'endorsements', 'hashtags', 'messages', 'announcements', 'trust', 'audit'].map(
    (tab): PageToCheck => ({
      name: `admin /admin?tab=${tab}`,
      audience: 'admin',
      path: () => `/admin?tab=${tab}`,
    }),
  ),
]

/** Requests under way, so a page counts as loaded once its data and chunks are in (live events aside). */
function trackRequests(page: Page) {
  let open = 0
  let last = Date.now()
  const counted = (request: Request) => request.resourceType() !== 'eventsource'
  page.on('request', (request) => {
    if (!counted(request)) return
    open += 1
    last = Date.now()
  })
  const done = (request: Request) => {
    if (!counted(request)) return
    open -= 1
    last = Date.now()
  }
  page.on('requestfinished', done)
  page.on('requestfailed', done)
  /** Resolves once nothing has been asked or answered for `quietMs` (lists that come a moment later). */
  return async function idle(quietMs = 150) {
    const deadline = Date.now() + 10_000
    while (Date.now() < deadline && (open > 0 || Date.now() - last < quietMs)) await page.waitForTimeout(25)
  }
}

/**
 * Visits pages the cheap way: the app loads once, at the first path, and then moves to each next
 * one inside it, as a click on a link would (history.pushState and popstate, which react-router
 * follows), so no page pays for loading the app anew. Each visit resolves once the page's requests
 * are answered, its heading is there and its loading placeholders are gone.
 */
export function openPages(page: Page) {
  const idle = trackRequests(page)
  let loaded = false
  return async function visit(path: string) {
    if (loaded) {
      await page.evaluate((to) => {
        window.history.pushState(null, '', to)
        window.dispatchEvent(new PopStateEvent('popstate'))
      }, path)
      // The route's first render and requests start in the next frames.
      await page.waitForTimeout(50)
    } else {
      await page.goto(`${baseUrl()}${path}`)
      loaded = true
    }
    await idle()
    await page.getByRole('heading', { level: 1 }).first().waitFor()
    await page.waitForFunction(() => document.querySelectorAll('[aria-busy="true"]').length === 0)
    await page.evaluate(() => document.fonts.ready)
    await idle()
  }
}

/**
 * The page's visible text, less what members wrote and what the server logged in its own words
 * (marked translate="no", as it is for translation tools too: announcements, messages, audit details):
 * that is data, not the app's text.
 */
export const shownText = (page: Page) =>
  page.evaluate(() => {
    const data = [...document.querySelectorAll<HTMLElement>('[translate="no"]')]
    const before = data.map((element) => element.style.display)
    data.forEach((element) => (element.style.display = 'none'))
    const text = document.body.innerText
    data.forEach((element, index) => (element.style.display = before[index]!))
    return text
  })

export async function signInAsAdmin(context: BrowserContext) {
  const password = process.env.E2E_ADMIN_PASSWORD ?? process.env.ADMIN_PASSWORD
  if (!password) throw new Error('The e2e server must be started with ADMIN_PASSWORD')
  await signIn(context, 'admin', password)
}
