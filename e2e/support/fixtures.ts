import { randomBytes } from 'node:crypto'
import { readdir, readFile, stat } from 'node:fs/promises'
import path from 'node:path'
import {
  chromium,
  type Browser,
  type BrowserContext,
  type ConsoleMessage,
  type Locator,
  type Page,
} from 'playwright-core'
import { afterAll, afterEach, beforeAll, beforeEach, expect, inject } from 'vitest'
import { CHROMIUM_ARGS } from './chromium'

export const baseUrl = () => inject('e2eBaseUrl')
export const dataDir = () => inject('e2eDataDir')

/**
 * Browser console lines that are not bugs: Chromium logs every 4xx answer of fetch as an error
 * (GET /api/user answers 401 to every visitor by design; a wrong password answers 401).
 */
const EXPECTED_CONSOLE = [/Failed to load resource: the server responded with a status of 4\d\d/]

export type BrowserFixture = {
  readonly browser: Browser
  readonly context: BrowserContext
  readonly page: Page
  /** `${baseUrl}${path}` */
  url: (path?: string) => string
  /** Console errors (CSP violations, uncaught errors) seen so far in this test. */
  readonly consoleErrors: string[]
  /** Tolerate console errors matching this pattern for the current test only. */
  allowConsoleError: (pattern: RegExp) => void
  /** A visible toast's title or description (exact text), e.g. `await b.toast('Logged out').waitFor()`. */
  toast: (text: string) => Locator
  /**
   * Another browser with its own cookies, for a second member in the same test. It is closed after the
   * test, and its console errors fail the test like the main page's.
   */
  secondBrowser: (options?: ContextOptions) => Promise<{ context: BrowserContext; page: Page }>
}

export type ContextOptions = Parameters<Browser['newContext']>[0]

/**
 * Call once at the top of a spec file: one Chromium per file, a fresh context and page per test (so cookies never
 * leak between tests). A test fails if the page logged a console error or threw, unless allowed.
 */
export function useBrowser(contextOptions: ContextOptions = {}): BrowserFixture {
  let browser: Browser | undefined
  let context: BrowserContext | undefined
  let page: Page | undefined
  let errors: string[] = []
  let allowed: RegExp[] = []
  let others: BrowserContext[] = []

  const newContext = async (options: ContextOptions) => {
    const created = await browser!.newContext({ viewport: { width: 1280, height: 800 }, ...options })
    created.setDefaultTimeout(15_000)
    created.setDefaultNavigationTimeout(30_000)
    const createdPage = await created.newPage()
    createdPage.on('console', (message: ConsoleMessage) => {
      if (message.type() !== 'error') return
      const text = message.text()
      if (EXPECTED_CONSOLE.some((pattern) => pattern.test(text))) return
      errors.push(text)
    })
    createdPage.on('pageerror', (error) => errors.push(`Uncaught: ${error.message}`))
    return { context: created, page: createdPage }
  }

  beforeAll(async () => {
    browser = await chromium.launch({
      executablePath: inject('e2eChromium'),
      args: CHROMIUM_ARGS,
      headless: true,
    })
  })

  afterAll(async () => {
    await browser?.close()
  })

  beforeEach(async () => {
    errors = []
    allowed = []
    ;({ context, page } = await newContext(contextOptions))
  })

  afterEach(async () => {
    await context?.close()
    for (const other of others) await other.close()
    others = []
    const unexpected = errors.filter((text) => !allowed.some((pattern) => pattern.test(text)))
    expect(unexpected, 'browser console errors').toEqual([])
  })

  const required = <T>(value: T | undefined, name: string): T => {
    if (value === undefined) throw new Error(`${name} is only available inside a test`)
    return value
  }

  return {
    get browser() {
      return required(browser, 'browser')
    },
    get context() {
      return required(context, 'context')
    },
    get page() {
      return required(page, 'page')
    },
    url: (pathname = '/') => `${baseUrl()}${pathname}`,
    get consoleErrors() {
      return errors
    },
    allowConsoleError: (pattern) => void allowed.push(pattern),
    toast: (text) =>
      required(page, 'page')
        .getByRole('region', { name: /^Alerts/ })
        .getByText(text, { exact: true }),
    secondBrowser: async (options = {}) => {
      const second = await newContext(options)
      others.push(second.context)
      return second
    },
  }
}

export type TestMember = {
  id: number
  username: string
  email: string
  password: string
  fullName: string
}

/** A unique username (3–30 chars of letters, digits, _ . -) for this run. */
export function uniqueUsername(prefix = 'm') {
  return `${prefix}${Date.now().toString(36)}${randomBytes(3).toString('hex')}`.slice(0, 30)
}

/**
 * Registers a new member through POST /api/register on the context's cookie jar, so the context (and its pages)
 * are signed in as that member afterwards. `serverUrl` names a server a spec started itself.
 */
export async function registerViaApi(
  context: BrowserContext,
  overrides: Partial<Omit<TestMember, 'id'>> & { title?: string; bio?: string; location?: string } = {},
  serverUrl = baseUrl(),
): Promise<TestMember> {
  const username = overrides.username ?? uniqueUsername()
  const member = {
    username,
    email: overrides.email ?? `${username}@example.com`,
    password: overrides.password ?? 'correct-horse-battery',
    fullName: overrides.fullName ?? 'Test Member',
  }
  const response = await context.request.post(`${serverUrl}/api/register`, {
    data: {
      ...member,
      passwordConfirm: member.password,
      ...(overrides.title ? { title: overrides.title } : {}),
      ...(overrides.bio ? { bio: overrides.bio } : {}),
      ...(overrides.location ? { location: overrides.location } : {}),
    },
  })
  if (response.status() !== 201) {
    throw new Error(`POST /api/register answered ${response.status()}: ${await response.text()}`)
  }
  const user = (await response.json()) as { id: number }
  return { id: user.id, ...member }
}

export type OutboxMail = { file: string; to: string; subject: string; text: string; date: Date }

/**
 * Mails the server wrote to $DATA_DIR/outbox, oldest first (only when no SMTP_URL, as in e2e runs).
 * `serverDataDir` reads a server a spec started itself (support/server.ts).
 */
export async function readOutbox(serverDataDir = dataDir()): Promise<OutboxMail[]> {
  const dir = path.join(serverDataDir, 'outbox')
  const files = await readdir(dir).catch(() => [] as string[])
  const mails = await Promise.all(
    files
      .filter((name) => name.endsWith('.eml'))
      .map(async (name) => {
        const file = path.join(dir, name)
        const [raw, info] = await Promise.all([readFile(file, 'utf8'), stat(file)])
        return { file, ...parseEml(raw), date: info.mtime }
      }),
  )
  return mails.sort((a, b) => a.date.getTime() - b.date.getTime() || a.file.localeCompare(b.file))
}

/** The newest mail to `to`, waiting up to `timeoutMs` for it to appear. */
export async function waitForMail(
  to: string,
  timeoutMs = 10_000,
  serverDataDir = dataDir(),
): Promise<OutboxMail> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const mail = (await readOutbox(serverDataDir))
      .filter((m) => m.to.toLowerCase().includes(to.toLowerCase()))
      .at(-1)
    if (mail) return mail
    if (Date.now() > deadline) throw new Error(`No mail to ${to} in the outbox after ${timeoutMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** Enough of RFC 5322 + MIME for nodemailer's single-part text mails (quoted-printable or base64). */
function parseEml(raw: string): { to: string; subject: string; text: string } {
  const normalized = raw.replace(/\r\n/g, '\n')
  const split = normalized.indexOf('\n\n')
  const head = normalized.slice(0, split).replace(/\n[ \t]+/g, ' ')
  const body = normalized.slice(split + 2)
  const header = (name: string) =>
    head
      .split('\n')
      .find((line) => line.toLowerCase().startsWith(`${name.toLowerCase()}:`))
      ?.slice(name.length + 1)
      .trim() ?? ''
  const encoding = header('Content-Transfer-Encoding').toLowerCase()
  let text = body
  if (encoding === 'quoted-printable') {
    const bytes = body
      .replace(/=\n/g, '')
      .replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)))
    text = Buffer.from(bytes, 'latin1').toString('utf8')
  } else if (encoding === 'base64') {
    text = Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
  }
  return { to: header('To'), subject: decodeHeader(header('Subject')), text }
}

function decodeHeader(value: string) {
  return value.replace(/=\?utf-8\?([bq])\?([^?]*)\?=/gi, (_, kind: string, data: string) =>
    kind.toLowerCase() === 'b'
      ? Buffer.from(data, 'base64').toString('utf8')
      : Buffer.from(
          data
            .replace(/_/g, ' ')
            .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
          'latin1',
        ).toString('utf8'),
  )
}
