import type { Locator, Page } from 'playwright-core'
import { describe, expect, it } from 'vitest'
import { setUpWorld, signIn } from './support/a11y-world'
import { useBrowser } from './support/fixtures'

/*
 * Keyboard (issue 28, WCAG 2.4.7 and 2.4.11): Tab through every page and check each focus stop shows
 * where focus is. At each stop the page itself measures the indicator: a solid outline of at least
 * 2 px whose colour has 3:1 against what lies behind it, not clipped away by a scrolling ancestor,
 * and the focused control not hidden under something else (the sticky top bar). One test per
 * audience, each walking its pages in one browser page; the failure lists every bad stop.
 */
const b = useBrowser()

/** A page's stops are walked until focus leaves the page, comes back round, or this many. */
const MAX_STOPS = 60

/** A focus stop: what it is, where it is in the document (to notice coming round), what is wrong. */
type Stop = { what: string; index: number; problem: string | null }

/**
 * Runs in the page, a frame after the Tab (a control scrolled into view has settled): describes the
 * focused element and what, if anything, is wrong with its focus indicator; null when focus is on
 * <body> (out of the page).
 */
async function inspectFocus(): Promise<Stop | null> {
  await new Promise((resolve) => requestAnimationFrame(resolve))
  const el = document.activeElement
  if (!(el instanceof HTMLElement) || el === document.body) return null
  const index = [...document.querySelectorAll('*')].indexOf(el)
  const name =
    el.getAttribute('aria-label') ?? (el.textContent ?? '').replace(/\s+/g, ' ').trim().slice(0, 40)
  const role = el.getAttribute('role')
  const what = `${el.tagName.toLowerCase()}${role ? `[role=${role}]` : ''} "${name}"`
  const found = (problem: string | null): Stop => ({ what, index, problem })

  // Any CSS colour (oklch included) to sRGB bytes, through a 1×1 canvas.
  const canvas = document.createElement('canvas')
  canvas.width = canvas.height = 1
  const ctx = canvas.getContext('2d', { willReadFrequently: true })!
  const rgba = (color: string): [number, number, number, number] => {
    ctx.clearRect(0, 0, 1, 1)
    ctx.fillStyle = color
    ctx.fillRect(0, 0, 1, 1)
    const [r, g, b, a] = ctx.getImageData(0, 0, 1, 1).data as unknown as number[]
    return [r!, g!, b!, a! / 255]
  }
  const over = (top: number[], below: number[]) =>
    [0, 1, 2].map((i) => top[i]! * top[3]! + below[i]! * (1 - top[3]!)).concat(1)
  /** What shows behind a point of `from`: its background and its ancestors', blended. */
  const backdrop = (from: Element | null) => {
    const layers: number[][] = []
    for (let node = from; node; node = node.parentElement) {
      const color = rgba(getComputedStyle(node).backgroundColor)
      if (color[3] > 0) layers.push(color)
      if (color[3] >= 1) break
    }
    let result = [255, 255, 255, 1]
    for (const layer of layers.reverse()) result = over(layer, result)
    return result
  }
  const luminance = (c: number[]) => {
    const [r, g, b] = c.slice(0, 3).map((v) => {
      const s = v / 255
      return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4
    })
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
  }
  const contrast = (a: number[], b: number[]) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x)
    return (hi! + 0.05) / (lo! + 0.05)
  }

  // A text box inside a field of parts (tag chips) is outlined by the field (data-focus-field).
  const field = el instanceof HTMLInputElement ? el.closest<HTMLElement>('[data-focus-field]') : null
  const ringed = field ?? el
  const style = getComputedStyle(ringed)
  const width = parseFloat(style.outlineWidth)
  const offset = parseFloat(style.outlineOffset)
  if (style.outlineStyle === 'none' || style.outlineStyle === 'hidden' || width < 2) {
    return found(`no 2px outline (${style.outlineStyle} ${style.outlineWidth})`)
  }
  // An outline drawn outside sits on the parent's background; one drawn inside on the element's own.
  const behind = backdrop(offset >= 0 ? ringed.parentElement : ringed)
  const ring = over(rgba(style.outlineColor), behind)
  const ratio = contrast(ring, behind)
  if (ratio < 3) return found(`outline contrast ${ratio.toFixed(2)}:1 (needs 3:1)`)

  // A scrolling or clipping ancestor may cut the ring off: at least two of its sides must show.
  const box = ringed.getBoundingClientRect()
  const reach = Math.max(0, offset) + width
  let shown = { top: true, right: true, bottom: true, left: true }
  for (let node = ringed.parentElement; node; node = node.parentElement) {
    const overflow = getComputedStyle(node)
    if (overflow.overflowX === 'visible' && overflow.overflowY === 'visible') continue
    const clip = node.getBoundingClientRect()
    shown = {
      top: shown.top && (offset < 0 || clip.top <= box.top - reach + 1),
      right: shown.right && (offset < 0 || clip.right >= box.right + reach - 1),
      bottom: shown.bottom && (offset < 0 || clip.bottom >= box.bottom + reach - 1),
      left: shown.left && (offset < 0 || clip.left <= box.left - reach + 1),
    }
  }
  if (Object.values(shown).filter(Boolean).length < 2) {
    return found(`outline clipped on ${Object.entries(shown).filter(([, v]) => !v).length} sides`)
  }

  // Not entirely hidden by other content (2.4.11): some point of the element is on top.
  const points = [
    [box.left + box.width / 2, box.top + box.height / 2],
    [box.left + 2, box.top + 2],
    [box.right - 2, box.top + 2],
    [box.left + 2, box.bottom - 2],
    [box.right - 2, box.bottom - 2],
  ]
  const onTop = points.some(([x, y]) => {
    const hit = document.elementFromPoint(x!, y!)
    return hit !== null && (el.contains(hit) || hit.contains(el))
  })
  if (!onTop) {
    const cover = document.elementFromPoint(points[0]![0]!, points[0]![1]!)
    return found(`hidden under ${cover?.tagName.toLowerCase() ?? 'nothing on screen'}`)
  }
  return found(null)
}

/** Tabs from the top of `path` through its stops; returns each bad one and how many were seen. */
async function walk(page: Page, path: string, ready: Locator) {
  await page.goto(path)
  await ready.waitFor()
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))))
  const problems: string[] = []
  const seen = new Set<number>()
  let stops = 0
  for (let i = 0; i < MAX_STOPS; i += 1) {
    await page.keyboard.press('Tab')
    const stop = await page.evaluate(inspectFocus)
    if (!stop) {
      // Out of the page after its last stop (or not yet in it).
      if (stops > 0) break
      continue
    }
    if (seen.has(stop.index)) break
    seen.add(stop.index)
    stops += 1
    if (stop.problem) problems.push(`${path}: ${stop.what}: ${stop.problem}`)
  }
  return { problems, stops }
}

async function walkAll(page: Page, pages: [string, Locator][]) {
  const problems: string[] = []
  for (const [path, ready] of pages) {
    const result = await walk(page, path, ready)
    expect(result.stops, `focus stops on ${path}`).toBeGreaterThan(0)
    problems.push(...result.problems)
  }
  for (const line of problems) console.log(line)
  expect(problems, `${problems.length} focus stops without a visible indicator`).toEqual([])
}

const h1 = (page: Page) => page.getByRole('heading', { level: 1 }).first()

/**
 * Opens a dialog from the keyboard (focus on its opener, Enter) and tabs round it: every stop inside
 * the dialog (focus trapped) and with a visible indicator, until focus comes back round to a stop
 * already seen; then Escape closes it and focus must be on the opener again. Returns the problems.
 */
async function walkDialog(page: Page, name: string, opener: Locator, dialog: Locator) {
  const problems: string[] = []
  await opener.focus()
  await page.keyboard.press('Enter')
  await dialog.waitFor()
  await page.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished.catch(() => {}))))
  const seen = new Set<number>()
  let cameRound = false
  for (let i = 0; i < MAX_STOPS; i += 1) {
    await page.keyboard.press('Tab')
    const stop = await page.evaluate(inspectFocus)
    const inside = await dialog.evaluate((el) => el.contains(document.activeElement))
    if (!stop || !inside) {
      problems.push(`${name}: focus left the dialog for ${stop?.what ?? '<body>'}`)
      break
    }
    if (seen.has(stop.index)) {
      cameRound = true
      break
    }
    seen.add(stop.index)
    if (stop.problem) problems.push(`${name}: ${stop.what}: ${stop.problem}`)
  }
  if (!cameRound && problems.length === 0)
    problems.push(`${name}: focus never came round in ${MAX_STOPS} stops`)
  expect(seen.size, `focus stops in ${name}`).toBeGreaterThan(1)
  await page.keyboard.press('Escape')
  await dialog.waitFor({ state: 'hidden' })
  if (!(await opener.evaluate((el) => el === document.activeElement))) {
    problems.push(`${name}: Escape did not return focus to the opener`)
  }
  return problems
}

describe('keyboard focus', () => {
  it("shows where focus is at every stop of a visitor's pages", async () => {
    const { me } = await setUpWorld(b.browser)
    const { page } = b
    await walkAll(page, [
      [b.url('/auth'), page.getByRole('button', { name: 'Log in' })],
      [b.url('/forgot-password'), h1(page)],
      [b.url('/reset-password?token=abc&email=a%40example.com'), h1(page)],
      [b.url(`/badge/${me.username}`), h1(page)],
      [b.url('/no-such-page'), h1(page)],
    ])
  }, 90_000)

  // The ring's colour differs by scheme, so a member's pages are walked in both.
  it.each(['light', 'dark'] as const)(
    "shows where focus is at every stop of a member's pages (%s)",
    async (scheme) => {
      const { me, other, conversationId, vouchId } = await setUpWorld(b.browser)
      const { page } = b
      await signIn(b.context, me.username, me.password)
      await page.emulateMedia({ colorScheme: scheme })
      await walkAll(page, [
        [b.url('/'), h1(page)],
        [b.url(`/profile/${me.username}`), page.getByRole('article').first()],
        [b.url(`/profile/${other.username}`), page.getByRole('article').first()],
        [b.url('/discover'), h1(page)],
        [b.url('/connections'), h1(page)],
        [b.url(`/share-badge/${me.username}`), h1(page)],
        [b.url('/messages'), page.getByRole('list', { name: 'Conversations' })],
        [b.url(`/messages/${conversationId}`), page.getByRole('list', { name: 'Messages' })],
        [b.url('/settings'), h1(page)],
        [b.url('/notifications'), h1(page)],
        [b.url(`/vouches/${vouchId}`), page.getByRole('article').first()],
        [b.url('/endorsement-requests'), h1(page)],
      ])
    },
    180_000,
  )

  it('keeps focus in each dialog, visibly, and gives it back to the opener on Escape', async () => {
    const { me, other } = await setUpWorld(b.browser)
    const { page } = b
    await signIn(b.context, me.username, me.password)
    const dialog = (name: string) => page.getByRole('dialog', { name })
    const button = (name: string) => page.getByRole('button', { name })
    const problems: string[] = []
    await page.goto(b.url('/'))
    await h1(page).waitFor()
    problems.push(
      ...(await walkDialog(
        page,
        'create endorsement',
        button('Create Endorsement'),
        page.getByRole('dialog'),
      )),
    )
    await page.goto(b.url(`/profile/${other.username}`))
    await page.getByRole('article').first().waitFor()
    problems.push(
      ...(await walkDialog(page, 'report', button('Report this profile'), dialog('Report this profile'))),
    )
    await page.goto(b.url(`/profile/${me.username}`))
    await page.getByRole('article').first().waitFor()
    problems.push(
      ...(await walkDialog(page, 'edit profile', button('Edit Profile'), page.getByRole('dialog'))),
    )
    await page.goto(b.url('/messages'))
    await page.getByRole('list', { name: 'Conversations' }).waitFor()
    problems.push(
      ...(await walkDialog(page, 'connection picker', button('New message'), dialog('New message'))),
    )
    await page.goto(b.url('/settings'))
    await h1(page).waitFor()
    problems.push(
      ...(await walkDialog(
        page,
        'delete account',
        button('Delete my account'),
        dialog('Delete your account?'),
      )),
    )
    for (const line of problems) console.log(line)
    expect(problems, `${problems.length} problems in dialogs`).toEqual([])
  }, 120_000)

  it('shows where focus is at every stop of the admin dashboard', async () => {
    await setUpWorld(b.browser)
    const { page } = b
    await signIn(b.context, 'admin', process.env.E2E_ADMIN_PASSWORD ?? process.env.ADMIN_PASSWORD ?? '')
    const tabs = [
      'users',
      'reports',
      'endorsements',
      'hashtags',
      'messages',
      'announcements',
      'trust',
      'audit',
    ]
    await walkAll(
      page,
      tabs.map((tab) => [b.url(`/admin?tab=${tab}`), page.getByRole('tabpanel')]),
    )
  }, 90_000)
})
