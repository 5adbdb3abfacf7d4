import type { BrowserFixture } from './fixtures'

/**
 * A second signed-in browser for specs where two members act at once: its own cookies, and its
 * console errors collected so the spec can fail on them (expected 4xx resource loads aside).
 */
export async function secondBrowser(b: BrowserFixture) {
  const context = await b.browser.newContext({ viewport: { width: 1280, height: 800 } })
  context.setDefaultTimeout(15_000)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('console', (message) => {
    if (message.type() !== 'error') return
    if (/Failed to load resource: the server responded with a status of 4\d\d/.test(message.text())) return
    errors.push(message.text())
  })
  page.on('pageerror', (error) => errors.push(`Uncaught: ${error.message}`))
  return { context, page, errors }
}
