import { COLOR_SCHEME_STORAGE_KEY } from '@vouched/shared/appearance'
import { screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { resolveColorScheme, setColorScheme } from '../../../lib/color-scheme'
import { makeUser, mockApi, renderWithProviders } from '../../../test/render'
import { useMemberColorScheme } from '../hooks/use-color-scheme-choice'
import { ColorSchemeSetting } from './color-scheme-setting'

const html = () => document.documentElement
const stored = () => window.localStorage.getItem(COLOR_SCHEME_STORAGE_KEY)

function settingsServer(colorScheme: 'system' | 'light' | 'dark' | null = null) {
  let settings = { reviewEndorsements: false, colorScheme }
  const patches: unknown[] = []
  mockApi({
    'GET /api/account/settings': () => ({ body: settings }),
    'PATCH /api/account/settings': ({ body }) => {
      patches.push(body)
      settings = { ...settings, ...(body as object) }
      return { body: settings }
    },
  })
  return { patches }
}

beforeEach(() => {
  setColorScheme('system')
  window.localStorage.clear()
})

describe('colour scheme switch', () => {
  it('applies a choice at once and keeps it on the device; a visitor saves nothing on the server', async () => {
    const { patches } = settingsServer()
    renderWithProviders(<ColorSchemeSetting />, { user: null })
    const group = screen.getByRole('group', { name: 'Theme' })
    expect(group).toBeInTheDocument()
    expect(screen.getByRole('radio', { name: 'System' })).toBeChecked()

    await userEvent.click(screen.getByRole('radio', { name: 'Dark' }))
    expect(screen.getByRole('radio', { name: 'Dark' })).toBeChecked()
    expect(html()).toHaveClass('dark')
    expect(html().style.colorScheme).toBe('dark')
    expect(stored()).toBe('dark')

    await userEvent.click(screen.getByRole('radio', { name: 'Light' }))
    expect(html()).not.toHaveClass('dark')
    expect(stored()).toBe('light')
    expect(patches).toEqual([])
  })

  it("saves a signed-in member's choice in their settings", async () => {
    const { patches } = settingsServer()
    renderWithProviders(<ColorSchemeSetting />, { user: makeUser({ id: 1 }) })
    await userEvent.click(screen.getByRole('radio', { name: 'Dark' }))
    await waitFor(() => expect(patches).toEqual([{ colorScheme: 'dark' }]))
    expect(html()).toHaveClass('dark')
  })

  it('follows the system setting while System is chosen', () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(prefers-color-scheme: dark)',
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }))
    expect(resolveColorScheme('system')).toBe('dark')
    expect(resolveColorScheme('light')).toBe('light')
    vi.unstubAllGlobals()
    expect(resolveColorScheme('system')).toBe('light')
  })
})

describe("a member's saved colour scheme", () => {
  function MemberScheme() {
    useMemberColorScheme()
    return null
  }

  it('wins over the device and is kept there for the next visit', async () => {
    setColorScheme('light')
    settingsServer('dark')
    renderWithProviders(<MemberScheme />, { user: makeUser({ id: 1 }) })
    await waitFor(() => expect(html()).toHaveClass('dark'))
    expect(stored()).toBe('dark')
  })

  it('leaves the device its own choice while the member has none', async () => {
    setColorScheme('light')
    settingsServer(null)
    renderWithProviders(<MemberScheme />, { user: makeUser({ id: 1 }) })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(html()).not.toHaveClass('dark')
    expect(stored()).toBe('light')
  })
})

it("index.html's first script reads the same storage key before the stylesheet", () => {
  const page = readFileSync(path.resolve(import.meta.dirname, '../../../../index.html'), 'utf8')
  const script = page.indexOf(`localStorage.getItem('${COLOR_SCHEME_STORAGE_KEY}')`)
  expect(script).toBeGreaterThan(0)
  expect(script).toBeLessThan(page.indexOf('<link'))
})
