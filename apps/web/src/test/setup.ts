import '@testing-library/jest-dom/vitest'
import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeEach, vi } from 'vitest'
import { startAppI18n } from '../app/i18n/start-i18n'
import { clearToasts } from '../components/ui/toast'
import { changeLocale, i18n } from '../lib/i18n/i18n'

/*
 * Imported by render.tsx, so every component test gets: jest-dom matchers, DOM cleanup, fresh toasts,
 * restored fetch stubs, and the house rule that a console.error during a test fails it.
 */
// Components render in English, the spec's texts, unless a test switches the language.
await startAppI18n('en')

// findBy*/waitFor wait longer than the 1 s default: CI runs these beside the server suite on two cores.
configure({ asyncUtilTimeout: 5_000 })

let errors: unknown[][] = []
beforeEach(() => {
  errors = []
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    errors.push(args)
  })
})

afterEach(async () => {
  cleanup()
  if (i18n.language !== 'en') await changeLocale('en')
  clearToasts()
  vi.unstubAllGlobals()
  vi.restoreAllMocks()
  if (errors.length > 0) {
    const text = errors.map((args) => args.map(String).join(' ')).join('\n')
    errors = []
    throw new Error(`console.error was called during the test:\n${text}`)
  }
})

// jsdom lacks these; Radix primitives (Select, ScrollArea, Popover) call them.
if (typeof window !== 'undefined') {
  window.HTMLElement.prototype.scrollIntoView ??= function scrollIntoView() {}
  window.HTMLElement.prototype.hasPointerCapture ??= () => false
  window.HTMLElement.prototype.releasePointerCapture ??= () => {}
  window.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  }
  window.matchMedia ??= (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList
}
